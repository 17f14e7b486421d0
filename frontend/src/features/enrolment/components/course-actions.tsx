import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { App, Button, Skeleton } from 'antd';
import {
  CheckCircleFilled,
  HeartFilled,
  HeartOutlined,
  LoginOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { describeApiError } from '../../../app/api-errors';
import { LOGIN_PATHS } from '../../../app/session';
import {
  useEnrolMutation,
  useGetFavouriteStatusQuery,
  useGetRatingStatusQuery,
  useSetFavouriteMutation,
} from '../enrolment-api';
import { messages as m, TOAST_SECONDS } from '../messages';
import { useEnrolmentState } from '../use-enrolment-state';
import { RatingDialog } from './rating-dialog';

function StateBadge({ icon, label, testId }: { icon: ReactNode; label: string; testId: string }) {
  return (
    <span className="course-state" data-testid={testId}>
      {icon} {label}
    </span>
  );
}

function FavouriteToggle({ studentId, courseId }: { studentId: number; courseId: number }) {
  const arg = { studentId, courseId };
  const { data: favourite = false, isLoading } = useGetFavouriteStatusQuery(arg);
  const [setFavourite, { isLoading: saving }] = useSetFavouriteMutation();
  const { message } = App.useApp();
  const toggle = async () => {
    try {
      await setFavourite({ ...arg, favourite: !favourite }).unwrap();
      void message.success(favourite ? m.actions.favouriteRemoved : m.actions.favouriteAdded, 2);
    } catch (error) {
      console.error('Échec de la mise à jour des favoris', error);
      void message.error(m.actions.favouriteFailed, TOAST_SECONDS);
    }
  };
  return (
    <Button
      size="large"
      icon={favourite ? <HeartFilled className="favourite-on" /> : <HeartOutlined />}
      aria-pressed={favourite}
      disabled={isLoading}
      loading={saving}
      onClick={toggle}
    >
      {favourite ? m.actions.favouriteRemove : m.actions.favouriteAdd}
    </Button>
  );
}

/**
 * The action area of /detail/{course_id} (01 §2.3, §6): 'Connexion requise' for visitors,
 * 'S'inscrire à ce cours' or 'Déjà inscrit' for a student, then 'Noter ce cours' or 'Déjà noté'
 * once enrolled, and the favourite toggle. The callbacks let the page patch the course figures.
 */
export function CourseActions({
  courseId,
  onEnrolled,
  onRated,
}: {
  courseId: number;
  onEnrolled?: () => void;
  onRated?: (rating: number) => void;
}) {
  const { studentId, enrolled, loading } = useEnrolmentState(courseId);
  const [enrol, { isLoading: enrolling }] = useEnrolMutation();
  const [ratingOpen, setRatingOpen] = useState(false);
  const { data: rated = false, isLoading: ratingLoading } = useGetRatingStatusQuery(
    { studentId: studentId ?? 0, courseId },
    { skip: studentId === null || !enrolled },
  );
  const { message, modal } = App.useApp();

  if (studentId === null) {
    return (
      <div className="course-actions" aria-label={m.actions.label} role="group">
        <Link to={LOGIN_PATHS.student} className="button-link button-link--large">
          <LoginOutlined aria-hidden /> {m.actions.loginRequired}
        </Link>
        <p className="course-actions__hint">{m.actions.loginHint}</p>
      </div>
    );
  }

  if (loading) {
    return <Skeleton.Button active size="large" style={{ width: 220 }} />;
  }

  const onEnrol = async () => {
    try {
      await enrol({ studentId, courseId }).unwrap();
      onEnrolled?.();
      void message.success(m.enrolSuccess, TOAST_SECONDS);
    } catch (error) {
      console.error("Échec de l'inscription au cours", error);
      const described = describeApiError(error);
      if (described.status === 409) {
        // Already enrolled: the status stays 'Déjà inscrit'; say so instead of an error popup.
        if (described.message) void message.info(described.message, TOAST_SECONDS);
        return;
      }
      modal.error({ title: m.enrolErrorTitle, content: m.enrolError });
    }
  };

  return (
    <div className="course-actions" aria-label={m.actions.label} role="group">
      {enrolled ? (
        <StateBadge icon={<CheckCircleFilled aria-hidden />} label={m.actions.enrolled} testId="state-enrolled" />
      ) : (
        <Button type="primary" size="large" loading={enrolling} onClick={onEnrol}>
          {m.actions.enrol}
        </Button>
      )}
      {enrolled && !ratingLoading ? (
        rated ? (
          <StateBadge icon={<StarFilled aria-hidden />} label={m.actions.rated} testId="state-rated" />
        ) : (
          <Button size="large" icon={<StarOutlined />} onClick={() => setRatingOpen(true)}>
            {m.actions.rate}
          </Button>
        )
      ) : null}
      <FavouriteToggle studentId={studentId} courseId={courseId} />
      {enrolled ? (
        <RatingDialog
          open={ratingOpen}
          studentId={studentId}
          courseId={courseId}
          onClose={() => setRatingOpen(false)}
          onRated={onRated}
        />
      ) : null}
    </div>
  );
}

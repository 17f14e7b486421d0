import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import { CheckCircleFilled, HeartFilled, HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { errorDialog, toast } from '../../../lib/feedback';
import {
  useEnrolMutation,
  useGetFavouriteStatusQuery,
  useGetRatingStatusQuery,
  useSetFavouriteMutation,
} from '../enrolment-api';
import { messages as m, TOAST_SECONDS } from '../messages';
import { useEnrolmentState } from '../use-enrolment-state';

// The star dialog (antd Modal, Form, Rate) loads when the student opens it.
const RatingDialog = lazy(() => import('./rating-dialog').then((module) => ({ default: module.RatingDialog })));

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
  const toggle = async () => {
    try {
      await setFavourite({ ...arg, favourite: !favourite }).unwrap();
      toast('success', favourite ? m.actions.favouriteRemoved : m.actions.favouriteAdded, 2);
    } catch (error) {
      console.error('Échec de la mise à jour des favoris', error);
      toast('error', m.actions.favouriteFailed, TOAST_SECONDS);
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
 * A logged-in student's actions on /detail/{course_id} (01 §2.3, §6): 'S'inscrire à ce cours' or
 * 'Déjà inscrit', then 'Noter ce cours' or 'Déjà noté' once enrolled, and the favourite toggle.
 * Loaded by CourseActions for students only: visitors download none of it.
 */
export default function StudentCourseActions({
  studentId,
  courseId,
  onEnrolled,
  onRated,
}: {
  studentId: number;
  courseId: number;
  onEnrolled?: () => void;
  onRated?: (rating: number) => void;
}) {
  const { enrolled, loading } = useEnrolmentState(courseId);
  const [enrol, { isLoading: enrolling }] = useEnrolMutation();
  const [ratingOpen, setRatingOpen] = useState(false);
  const { data: rated = false, isLoading: ratingLoading } = useGetRatingStatusQuery(
    { studentId, courseId },
    { skip: !enrolled },
  );

  if (loading) {
    return <Skeleton.Button active size="large" style={{ width: 220 }} />;
  }

  const onEnrol = async () => {
    try {
      await enrol({ studentId, courseId }).unwrap();
      onEnrolled?.();
      toast('success', m.enrolSuccess, TOAST_SECONDS);
    } catch (error) {
      console.error("Échec de l'inscription au cours", error);
      const described = describeApiError(error);
      if (described.status === 409) {
        // Already enrolled: the status stays 'Déjà inscrit'; say so instead of an error popup.
        if (described.message) toast('info', described.message, TOAST_SECONDS);
        return;
      }
      errorDialog(m.enrolErrorTitle, m.enrolError);
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
      {enrolled && ratingOpen ? (
        <Suspense fallback={null}>
          <RatingDialog
            open={ratingOpen}
            studentId={studentId}
            courseId={courseId}
            onClose={() => setRatingOpen(false)}
            onRated={onRated}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

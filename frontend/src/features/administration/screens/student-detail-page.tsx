import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Modal, Spin, Tag } from 'antd';
import { BookOutlined, DeleteOutlined, EditOutlined, KeyOutlined, TeamOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { PersonAvatar } from '../../../components/avatar';
import { confirmRemoval } from '../../../components/confirm';
import { Panel } from '../../../components/panel';
import { WorkPage } from '../../../components/work-page';
import {
  useDeleteStudentRecordMutation,
  useGetEnrolledCoursesQuery,
  useGetStudentRecordQuery,
  useGetStudentTrainersQuery,
  useLazyGetStudentRemovalQuery,
  useUnassignTrainerMutation,
  useUnenrolStudentMutation,
} from '../admin-api';
import type { StudentRecord } from '../admin-types';
import { confirmPlannedRemoval } from '../components/confirm-removal';
import { EnrolmentContactsBlock } from '../components/enrolment-contacts';
import { EnrolmentFundingBlock } from '../components/enrolment-funding';
import { AssignCourseDialog, AssignTrainerDialog, EditStudentDialog, PasswordDialog } from '../components/student-dialogs';
import { messages as m } from '../messages';
import '../administration.css';

const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso.length === 10 ? `${iso}T00:00:00` : iso).toLocaleDateString('fr-FR') : '-');
const or = (text: string | null | undefined) => (text && text.trim() ? text : '-');

type Dialog = 'edit' | 'course' | 'trainer' | 'password' | null;

function Details({ student }: { student: StudentRecord }) {
  const rows: [string, string][] = [
    [m.detail.email, or(student.email)],
    [m.detail.telephone, or(student.telephone)],
    [m.detail.username, or(student.nom_utilisateur_lms)],
    [m.detail.numeroDossier, or(student.numero_dossier)],
    [m.detail.typeDossier, or(student.type_dossier)],
    [m.detail.typeFormation, or(student.type_formation)],
    [m.detail.formations, or(student.formations.join(', '))],
    [m.detail.period, student.date_entree || student.date_sortie ? `${dateOf(student.date_entree)} → ${dateOf(student.date_sortie)}` : m.students.noDates],
  ];
  return (
    <Panel title={m.detail.info} titleAs="h2" className="student-detail__card">
      <dl className="student-detail__fields">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/**
 * /admin-student-detail/{student_id}, 'Détails étudiant | Admin' (03 §2): the record with its
 * Actif/Inactif badge, the courses and trainers assigned (each removable after a confirmation),
 * and the actions: edit, assign a course or a trainer, change the password, delete. Deleting first
 * asks the server what it would do (close the account and keep its history, or remove a person
 * without any) and says so in the confirmation; then back to /admin-users. A closed account stays
 * readable here for the audit, without its actions.
 */
export function StudentDetailPage() {
  const studentId = Number(useParams().studentId);
  const valid = Number.isInteger(studentId) && studentId > 0;
  const { data: student, error, isLoading } = useGetStudentRecordQuery(studentId, { skip: !valid });
  const { data: courses } = useGetEnrolledCoursesQuery(studentId, { skip: !valid || !student });
  const { data: trainers } = useGetStudentTrainersQuery(studentId, { skip: !valid || !student });
  const [unenrol] = useUnenrolStudentMutation();
  const [unassign] = useUnassignTrainerMutation();
  const [planRemoval, removal] = useLazyGetStudentRemovalQuery();
  const [deleteStudent] = useDeleteStudentRecordMutation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [modal, holder] = Modal.useModal();

  if (valid && isLoading) {
    return (
      <div className="student-detail__loading" role="status">
        <Spin size="large" />
      </div>
    );
  }
  if (!valid || error || !student) {
    const notFound = !valid || describeApiError(error).status === 404;
    return (
      <WorkPage title={notFound ? m.detail.notFound : m.detail.loadFailed} documentTitle={m.detail.pageTitle} testId="student-detail-error">
        <Link to="/admin-users" className="button-link">
          {m.detail.backToList}
        </Link>
      </WorkPage>
    );
  }

  const name = `${student.prenom} ${student.nom}`.trim() || student.fullname;
  const confirmRemove = (title: string, content: string, action: () => Promise<unknown>, done: string, failed: string) =>
    void confirmRemoval(modal, {
      title,
      content,
      yes: m.detail.yesRemove,
      cancel: m.detail.cancel,
      remove: action,
      done: () => done,
      failed: (failure) => [failed, describeApiError(failure).message].filter(Boolean).join(' '),
    });

  const confirmDelete = () =>
    confirmPlannedRemoval(modal, {
      plan: () => planRemoval(student.id).unwrap(),
      remove: () => deleteStudent(student.id).unwrap(),
      testId: 'student-removal-plan',
      wording: {
        title: m.remove.title,
        yes: m.remove.yes,
        cancel: m.detail.cancel,
        irreversible: m.remove.irreversible,
        done: (mode) => (mode === 'close' ? m.remove.closed : m.remove.deleted),
        failed: (reason) => reason ?? m.remove.failed,
      },
      onDone: () => navigate('/admin-users'),
    });
  const closed = Boolean(student.closed_at);
  const badge = closed ? (
    <Tag className="admin-status admin-status--closed">{m.remove.closedBadge(dateOf(student.closed_at))}</Tag>
  ) : (
    <Tag className={student.is_active ? 'admin-status admin-status--active' : 'admin-status admin-status--inactive'}>{student.is_active ? m.students.active : m.students.inactive}</Tag>
  );

  return (
    <div className="student-detail" data-testid="student-detail">
      {holder}
      <WorkPage
        title={name}
        documentTitle={m.detail.pageTitle}
        back={{ to: '/admin-users', label: m.detail.back }}
        extra={badge}
      >
        <div className="student-detail__grid">
          <Details student={student} />
          <Panel title={m.detail.actions} titleAs="h2" className="student-detail__card">
            {closed ? (
              <p className="progress-muted" data-testid="student-closed">
                {m.remove.closedText}
              </p>
            ) : (
              <div className="student-detail__actions">
                <Button icon={<EditOutlined />} onClick={() => setDialog('edit')}>
                  {m.detail.edit}
                </Button>
                <Button icon={<BookOutlined />} onClick={() => setDialog('course')}>
                  {m.detail.assignCourse}
                </Button>
                <Button icon={<TeamOutlined />} onClick={() => setDialog('trainer')}>
                  {m.detail.assignTrainer}
                </Button>
                <Button icon={<KeyOutlined />} onClick={() => setDialog('password')}>
                  {m.detail.password}
                </Button>
                <Button danger icon={<DeleteOutlined />} loading={removal.isFetching} onClick={() => void confirmDelete()}>
                  {m.detail.remove_}
                </Button>
              </div>
            )}
          </Panel>
          <Panel title={m.detail.courses(courses?.length ?? 0)} titleAs="h2" className="student-detail__card" testId="student-courses">
            {courses && courses.length > 0 ? (
              <ul className="student-detail__list">
                {courses.map((entry) => (
                  <li key={entry.id} className="student-detail__course">
                    <div>
                      <div className="progress-student__name">{entry.course.title || m.detail.unknownTitle}</div>
                      <div className="progress-muted">{m.detail.assignedOn(dateOf(entry.created_at))}</div>
                      <Link to={`/admin-student-detail/${student.id}/releve/${entry.course.id}`} aria-label={m.detail.transcriptOf(entry.course.title || m.detail.unknownTitle)}>
                        {m.detail.transcript}
                      </Link>
                    </div>
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${m.detail.remove} : ${entry.course.title || m.detail.unknownTitle}`}
                      onClick={() => confirmRemove(m.detail.removeCourse(entry.course.title || m.detail.unknownTitle), m.detail.removeCourseText, () => unenrol({ student: student.id, course: entry.course.id }).unwrap(), m.detail.courseRemoved, m.detail.courseRemoveFailed)}
                    />
                    <EnrolmentFundingBlock student={student.id} course={entry.course.id} courseTitle={entry.course.title || m.detail.unknownTitle} />
                    <EnrolmentContactsBlock student={student.id} course={entry.course.id} courseTitle={entry.course.title || m.detail.unknownTitle} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="progress-muted">{m.detail.noCourse}</p>
            )}
          </Panel>
          <Panel title={m.detail.trainers(trainers?.length ?? 0)} titleAs="h2" className="student-detail__card" testId="student-trainers">
            {trainers && trainers.length > 0 ? (
              <ul className="student-detail__list">
                {trainers.map((trainer) => (
                  <li key={trainer.id}>
                    <div className="progress-student">
                      <PersonAvatar name={trainer.full_name || trainer.email} size={32} />
                      <span>{trainer.full_name || trainer.email}</span>
                    </div>
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${m.detail.remove} : ${trainer.full_name || trainer.email}`}
                      onClick={() => confirmRemove(m.detail.removeTrainer(trainer.full_name || trainer.email), m.detail.removeTrainerText, () => unassign({ formateur: trainer.id, student: student.id }).unwrap(), m.detail.trainerRemoved, m.detail.trainerRemoveFailed)}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="progress-muted">{m.detail.noTrainer}</p>
            )}
          </Panel>
        </div>
      </WorkPage>
      <EditStudentDialog student={student} open={dialog === 'edit'} onClose={() => setDialog(null)} />
      <AssignCourseDialog student={student} open={dialog === 'course'} onClose={() => setDialog(null)} />
      <AssignTrainerDialog student={student} open={dialog === 'trainer'} onClose={() => setDialog(null)} assigned={(trainers ?? []).map((t) => t.id)} />
      <PasswordDialog student={student} open={dialog === 'password'} onClose={() => setDialog(null)} />
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import { Alert, Button, Input, Modal, Spin, Tag } from 'antd';
import { LeftOutlined, RightOutlined, SearchOutlined, UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { PersonAvatar } from '../../../components/avatar';
import type { TeacherListItem, TrainerStudent } from '../admin-types';
import {
  TRAINER_STUDENTS_PAGE_SIZE,
  useAdminTeachersAssignStudentMutation,
  useAdminTeachersStudentsQuery,
  useAdminTeachersUnassignStudentMutation,
  type TrainerStudentsSide,
} from '../teachers-api';
import { teacherMessages as t } from '../teachers-messages';
import { usePagedSearch } from '../../../lib/use-paged-search';

const m = t.students;

const SIDES: Record<TrainerStudentsSide, { title: (count: number) => string; searchLabel: string; empty: string; action: (name: string) => string; button: string; failed: string; done: (name: string) => string }> = {
  assigned: { title: m.assigned, searchLabel: m.searchAssigned, empty: m.noneAssigned, action: m.unassignOf, button: m.unassign, failed: m.unassignFailed, done: m.unassigned },
  unassigned: { title: m.available, searchLabel: m.searchAvailable, empty: m.noneAvailable, action: m.assignOf, button: m.assign, failed: m.assignFailed, done: m.assigned_ },
};

/** One of the dialog's two lists, with its own search (debounced, back to page 1) and its own page. */
function StudentList({ teacherId, side }: { teacherId: number; side: TrainerStudentsSide }) {
  const words = SIDES[side];
  const headingId = useId();
  const { typed, setTyped, search, page, setPage } = usePagedSearch();
  const { data, isFetching, isError } = useAdminTeachersStudentsQuery({ id: teacherId, side, search, page });
  const [assign] = useAdminTeachersAssignStudentMutation();
  const [unassign] = useAdminTeachersUnassignStudentMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const count = data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / TRAINER_STUDENTS_PAGE_SIZE));

  // The last student of the last page moved to the other list: show the page before.
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages, setPage]);

  const act = async (student: TrainerStudent) => {
    setBusy(student.id);
    try {
      const call = side === 'assigned' ? unassign : assign;
      await call({ id: teacherId, student_id: student.id }).unwrap();
      toast('success', words.done(student.fullname || student.username), 2);
    } catch (error) {
      const reason = describeApiError(error).message;
      toast('error', reason ? `${words.failed} : ${reason}` : words.failed, 3);
    } finally {
      setBusy(null);
    }
  };

  let list;
  if (isError) list = <Alert type="error" showIcon title={m.loadFailed} role="alert" />;
  else if (!data) list = <Spin className="teacher-students__loading" />;
  else if (data.results.length === 0) list = <p className="teacher-students__empty">{words.empty}</p>;
  else {
    list = (
      <ul className="teacher-students__list" aria-busy={isFetching}>
        {data.results.map((student) => {
          const name = student.fullname || student.username;
          return (
            <li key={student.id}>
              <PersonAvatar name={name} size={32} />
              <div className="teacher-students__who">
                <span className="teacher-students__name">
                  {name} {student.is_active ? null : <Tag className="admin-status admin-status--inactive">{m.inactive}</Tag>}
                </span>
                <span className="progress-email">{student.email}</span>
              </div>
              <Button
                size="small"
                icon={side === 'assigned' ? <UserDeleteOutlined aria-hidden /> : <UserAddOutlined aria-hidden />}
                danger={side === 'assigned'}
                aria-label={words.action(name)}
                loading={busy === student.id}
                disabled={busy !== null && busy !== student.id}
                onClick={() => void act(student)}
              >
                {words.button}
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="teacher-students__side" aria-labelledby={headingId} data-testid={`teacher-students-${side}`}>
      <h3 id={headingId} className="teacher-students__title">
        {words.title(count)}
      </h3>
      <Input allowClear prefix={<SearchOutlined aria-hidden />} placeholder={m.search} aria-label={words.searchLabel} value={typed} onChange={(event) => setTyped(event.target.value)} />
      {list}
      <nav className="teacher-students__pages" aria-label={m.pagination(words.title(count))}>
        <Button size="small" icon={<LeftOutlined aria-hidden />} aria-label={m.previous} disabled={page <= 1} onClick={() => setPage(page - 1)} />
        <span>{m.page(Math.min(page, pages), pages)}</span>
        <Button size="small" icon={<RightOutlined aria-hidden />} aria-label={m.next} disabled={page >= pages} onClick={() => setPage(page + 1)} />
      </nav>
    </section>
  );
}

/**
 * The trainer's students (03 §2 "Teacher student-assignment dialog"): those they follow and the
 * others side by side (one above the other on a phone), each searched and paged 10 at a time; a
 * click assigns or unassigns at once, then both lists are read again.
 */
export function TeacherStudentsDialog({ teacher, onClose }: { teacher: TeacherListItem; onClose: () => void }) {
  return (
    <Modal
      open
      title={m.title(teacher.full_name)}
      onCancel={onClose}
      width={960}
      footer={
        <Button type="primary" onClick={onClose}>
          {m.close}
        </Button>
      }
    >
      <div className="teacher-students">
        <StudentList teacherId={teacher.id} side="assigned" />
        <StudentList teacherId={teacher.id} side="unassigned" />
      </div>
    </Modal>
  );
}

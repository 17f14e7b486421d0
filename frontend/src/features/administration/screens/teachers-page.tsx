import { useEffect, useState } from 'react';
import { Button, Input, Modal, Table, Tag, type TableColumnsType } from 'antd';
import {
  BookOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  SearchOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { WorkPage } from '../../../components/work-page';
import type { TeacherListItem } from '../admin-types';
import { confirmPlannedRemoval } from '../components/confirm-removal';
import { confirmToggle } from '../components/confirm-toggle';
import { PageNumbers } from '../components/page-numbers';
import { AssignTeacherCourseDialog, CreateTeacherDialog, EditTeacherDialog, TeacherPasswordDialog } from '../components/teacher-dialogs';
import { TeacherStudentsDialog } from '../components/teacher-students-dialog';
import { TrainerRequests } from '../components/trainer-requests';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { TRAINERS_PAGE_SIZE, useAdminTeachersDeleteMutation, useAdminTeachersListQuery, useAdminTeachersToggleActiveMutation, useLazyAdminTeachersRemovalQuery } from '../teachers-api';
import { teacherMessages as t } from '../teachers-messages';
import '../administration.css';
import '../teachers.css';

type RowDialog = { kind: 'edit' | 'password' | 'course' | 'students'; teacher: TeacherListItem };

const nameOf = (teacher: TeacherListItem) => teacher.full_name || `${teacher.prenom} ${teacher.nom}`.trim() || teacher.email;

function Status({ teacher, className }: { teacher: TeacherListItem; className?: string }) {
  // The centre's decision first (ADR 0030): a trainer waiting or refused is not « Actif » for learners.
  const decided = teacher.approval === 'accepted' || teacher.approval === undefined;
  const active = decided && teacher.is_active;
  const tone = active ? 'admin-status admin-status--active' : 'admin-status admin-status--inactive';
  const label = !decided ? (teacher.approval === 'pending' ? t.list.pending : t.list.refused) : teacher.is_active ? t.list.active : t.list.inactive;
  return <Tag className={className ? `${tone} ${className}` : tone}>{label}</Tag>;
}

/**
 * /admin-teachers, 'Gestion des Formateurs' (03 §2): the open trainers 5 per page from the server,
 * searched (debounced, back to page 1), with 'Affichage des formateurs X à Y sur N'; per row: edit,
 * password, assign a course, their students, suspend or reactivate, delete (the confirmation says
 * whether the account will be closed with its history kept, or removed); 'Nouveau Formateur'.
 */
export function TeachersPage() {
  const { typed, setTyped, search, page, setPage } = usePagedSearch();
  const { data, isLoading, isFetching, error, refetch } = useAdminTeachersListQuery({ search, page });
  const [toggle] = useAdminTeachersToggleActiveMutation();
  const [planRemoval] = useLazyAdminTeachersRemovalQuery();
  const [remove] = useAdminTeachersDeleteMutation();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<RowDialog | null>(null);
  const [modal, holder] = Modal.useModal();
  const teachers = data?.results ?? [];
  const count = data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / TRAINERS_PAGE_SIZE));

  // The last trainer of the last page deleted: show the page before.
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages, setPage]);

  const confirmToggleOf = (teacher: TeacherListItem) => {
    const suspending = teacher.is_active;
    confirmToggle(modal, {
      suspending,
      toggle: () => toggle(teacher.id).unwrap(),
      wording: {
        title: suspending ? t.actions.suspend : t.actions.reactivate,
        text: suspending ? t.toggle.suspendText(nameOf(teacher)) : t.toggle.reactivateText(nameOf(teacher)),
        yes: suspending ? t.toggle.yesSuspend : t.toggle.yesReactivate,
        cancel: t.create.cancel,
        done: (active) => (active ? t.toggle.reactivated(nameOf(teacher)) : t.toggle.suspended(nameOf(teacher))),
        failed: t.toggle.failed,
      },
    });
  };

  const confirmDelete = (teacher: TeacherListItem) =>
    confirmPlannedRemoval(modal, {
      plan: () => planRemoval(teacher.id).unwrap(),
      remove: () => remove(teacher.id).unwrap(),
      testId: 'teacher-removal-plan',
      wording: {
        title: `${t.remove.title} ${nameOf(teacher)} ?`,
        yes: t.remove.yes,
        cancel: t.create.cancel,
        irreversible: t.remove.irreversible,
        done: (mode) => (mode === 'close' ? t.remove.done + t.remove.closed : t.remove.done),
        failed: (reason) => (reason ? `${t.remove.failed} : ${reason}` : t.remove.failed),
      },
    });

  const action = (label: string, teacher: TeacherListItem, icon: React.ReactNode, onClick: () => void, danger = false) => (
    <Button aria-label={t.actions.of(label, nameOf(teacher))} title={label} icon={icon} danger={danger} onClick={onClick} />
  );

  const columns: TableColumnsType<TeacherListItem> = [
    { key: 'index', title: t.list.index, width: 56, className: 'progress-col--md', render: (_, __, index) => (page - 1) * TRAINERS_PAGE_SIZE + index + 1 },
    {
      key: 'name',
      title: t.list.fullname,
      render: (_, teacher) => (
        <div>
          <div className="progress-student__name">{nameOf(teacher)}</div>
          <div className="progress-student__username">@{teacher.user_read.username || teacher.username}</div>
          <Status teacher={teacher} className="teacher-status--phone" />
        </div>
      ),
    },
    { key: 'email', title: t.list.email, className: 'progress-col--lg', render: (_, teacher) => <span className="progress-email">{teacher.email}</span> },
    { key: 'phone', title: t.list.phone, className: 'progress-col--lg', render: (_, teacher) => <span className="teacher-phone">{teacher.telephone || '-'}</span> },
    { key: 'status', title: t.list.status, className: 'progress-col--sm', render: (_, teacher) => <Status teacher={teacher} /> },
    {
      key: 'actions',
      title: t.list.actions,
      render: (_, teacher) => (
        <div className="teacher-actions">
          {action(t.actions.edit, teacher, <EditOutlined />, () => setDialog({ kind: 'edit', teacher }))}
          {action(t.actions.password, teacher, <KeyOutlined />, () => setDialog({ kind: 'password', teacher }))}
          {action(t.actions.assignCourse, teacher, <BookOutlined />, () => setDialog({ kind: 'course', teacher }))}
          {action(t.actions.students, teacher, <TeamOutlined />, () => setDialog({ kind: 'students', teacher }))}
          {action(teacher.is_active ? t.actions.suspend : t.actions.reactivate, teacher, teacher.is_active ? <PauseCircleOutlined /> : <PlayCircleOutlined />, () => confirmToggleOf(teacher), teacher.is_active)}
          {action(t.actions.remove, teacher, <DeleteOutlined />, () => void confirmDelete(teacher), true)}
        </div>
      ),
    },
  ];

  let body;
  if (error && !data) {
    body = (
      <div className="progress-empty" role="alert">
        <p className="progress-empty__title">{t.list.loadFailed}</p>
        <Button onClick={() => void refetch()}>{t.list.retry}</Button>
      </div>
    );
  } else if (data && count === 0 && !search) {
    body = (
      <div className="progress-empty" data-testid="teachers-empty">
        <p className="progress-empty__title">{t.list.emptyTitle}</p>
        <p className="progress-muted">{t.list.emptyText}</p>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
          {t.list.createFirst}
        </Button>
      </div>
    );
  } else {
    const from = count === 0 ? 0 : (page - 1) * TRAINERS_PAGE_SIZE + 1;
    const range = t.list.range(from, Math.min(count, (page - 1) * TRAINERS_PAGE_SIZE + teachers.length), count);
    body = (
      <>
        <Table<TeacherListItem>
          rowKey="id"
          columns={columns}
          dataSource={teachers}
          loading={isLoading || isFetching}
          locale={{ emptyText: t.list.noMatch }}
          pagination={false}
          data-testid="teachers-table"
          className="teachers-table"
          size="middle"
          scroll={{ x: 'max-content' }}
        />
        {pages > 1 ? (
          <PageNumbers page={page} pages={pages} pageSize={TRAINERS_PAGE_SIZE} disabled={false} onChange={setPage} summary={range} />
        ) : count > 0 ? (
          <div className="page-numbers">
            <p className="page-numbers__summary">{range}</p>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <WorkPage
      title={t.list.title}
      testId="teachers-page"
      extra={
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
          {t.list.create}
        </Button>
      }
    >
      {holder}
      <TrainerRequests />
      <div className="progress-top">
        <div className="progress-counter" data-testid="teachers-total">
          {data ? t.list.total(count) : null}
        </div>
        <Input
          className="progress-search"
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t.list.search}
          aria-label={t.list.searchLabel}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {body}
      {creating ? <CreateTeacherDialog onClose={() => setCreating(false)} /> : null}
      {dialog?.kind === 'edit' ? <EditTeacherDialog teacher={dialog.teacher} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'password' ? <TeacherPasswordDialog teacher={dialog.teacher} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'course' ? <AssignTeacherCourseDialog teacher={dialog.teacher} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'students' ? <TeacherStudentsDialog teacher={dialog.teacher} onClose={() => setDialog(null)} /> : null}
    </WorkPage>
  );
}

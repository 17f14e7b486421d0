import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Form, Input, Modal, Table, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/feedback';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { ADMIN_COURSE_PAGE_SIZE, useDeleteCourseMutation, useGetAdminCoursesQuery, useGetCourseForEditQuery, useGetTrainerOptionsQuery, useLazyGetCourseRemovalQuery } from '../authoring-api';
import type { AdminCourseRow } from '../authoring-types';
import { AuthoringPage, EmptyText, LoadState } from '../components/authoring-page';
import { CourseForm, type CourseFormCurrent, type CourseValues } from '../components/course-form';
import { PageWindow } from '../components/page-window';
import { confirmPreviewedRemoval } from '../components/removal';
import { durationColumn, imageColumn, titleColumn } from '../components/course-columns';
import { PublicationControl } from '../components/publication';
import { messages as m } from '../messages';

const asCourseView = (row: AdminCourseRow): CourseFormCurrent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  featured_img: row.featured_img,
  category: typeof row.category === 'object' ? row.category.id : row.category,
  formateur: row.formateur ?? null,
  techs: row.techs ?? '',
  status: row.status,
  // The list does not carry them: the dialog reads the course before its form shows (CourseDialog).
  objectives: null,
  planned_minutes: null,
  nature: null,
});

/** Create (no course chosen) or edit (a course chosen) in a dialog that closes only on success (03 §4). */
function CourseDialog({ course, onClose }: { course: CourseFormCurrent | null | undefined; onClose: () => void }) {
  const [form] = Form.useForm<CourseValues>();
  const [sending, setSending] = useState(false);
  const open = course !== undefined;
  const { data: trainers } = useGetTrainerOptionsQuery(undefined, { skip: !open });
  // The list's row lacks what the course promises: the form waits for the whole course.
  const full = useGetCourseForEditQuery(course?.id ?? 0, { skip: !course });
  const ready = !course || Boolean(full.data);
  return (
    <Modal
      open={open}
      title={course ? m.admin.editTitle : m.admin.createTitle}
      okText={m.common.save}
      cancelText={m.common.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
      width={640}
    >
      {open && ready ? (
        <CourseForm
          key={course?.id ?? 'new'}
          name={course ? `admin-edit-course-${course.id}` : 'admin-add-course'}
          form={form}
          hideButtons
          current={course ? (full.data ?? course) : undefined}
          trainers={trainers}
          failureMessage={course ? m.admin.editFailed : m.admin.createFailed}
          onSendingChange={setSending}
          onSaved={() => {
            toast('success', course ? m.courseForm.updated : m.courseForm.created, 2);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

/** /admin-courses: every course, searched by title, 5 a page, created and edited in a dialog (03 §2). */
export function AdminCoursesPage() {
  const { typed, setTyped, searchNow, search, page, setPage } = usePagedSearch();
  const [editing, setEditing] = useState<CourseFormCurrent | null | undefined>(undefined);
  const [modal, holder] = Modal.useModal();
  const [removal] = useLazyGetCourseRemovalQuery();
  const [remove] = useDeleteCourseMutation();
  const { data, isLoading, isFetching, isError } = useGetAdminCoursesQuery({ search, page });

  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / ADMIN_COURSE_PAGE_SIZE));

  const onDelete = (course: AdminCourseRow) =>
    confirmPreviewedRemoval(modal, {
      preview: () => removal(course.id, false).unwrap(),
      what: 'course',
      remove: () => remove(course.id).unwrap(),
      done: ({ archived }) => (archived ? m.admin.archived : `${m.admin.deletedTitle} ${m.admin.deleted}`),
      failed: m.admin.deleteFailed,
      onDone: () => {
        if (data && data.results.length === 1 && page > 1) setPage(page - 1);
      },
    });

  const columns: TableColumnsType<AdminCourseRow> = [
    imageColumn(),
    titleColumn((course) => <Link to={`/admin-course-detail/${course.id}`}>{course.title}</Link>),
    { key: 'category', title: m.admin.category, responsive: ['lg'], render: (_, course) => (typeof course.category === 'object' ? course.category?.title : '') },
    { key: 'chapters', title: m.myCourses.chapters, width: 112, align: 'center', responsive: ['sm'], render: (_, course) => course.total_chapters ?? '—' },
    durationColumn((course) => course.total_duration, 'admin', ['md']),
    { key: 'status', title: m.myCourses.status, width: 150, render: (_, course) => <PublicationControl course={course} /> },
    {
      key: 'actions',
      title: m.common.actions,
      // Four 32 px targets, kept in view at the right edge: the table scrolls sideways under them when narrow.
      width: 148,
      fixed: 'right',
      render: (_, course) => (
        <div className="row-actions">
          <Tooltip title={m.admin.details}>
            <Link to={`/admin-course-detail/${course.id}`} className="row-actions__link" aria-label={`${m.admin.details} : ${course.title}`}>
              <ProfileOutlined />
            </Link>
          </Tooltip>
          <Tooltip title={m.admin.preview}>
            <Link to={`/admin-course-preview/${course.id}`} className="row-actions__link" aria-label={`${m.admin.preview} : ${course.title}`}>
              <EyeOutlined />
            </Link>
          </Tooltip>
          <Tooltip title={m.common.edit}>
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${m.common.edit} : ${course.title}`} onClick={() => setEditing(asCourseView(course))} />
          </Tooltip>
          <Tooltip title={m.common.delete}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${m.common.delete} : ${course.title}`} onClick={() => void onDelete(course)} />
          </Tooltip>
        </div>
      ),
    },
  ];

  return (
    <AuthoringPage
      title={m.admin.coursesTitle}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {m.admin.newCourse}
        </Button>
      }
    >
      {holder}
      <Input.Search
        className="authoring-search"
        aria-label={m.admin.search}
        placeholder={m.admin.searchPlaceholder}
        allowClear
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onSearch={searchNow}
      />
      {isError ? <Alert type="error" showIcon title={m.admin.loadFailedTitle} description={m.admin.loadFailed} /> : null}
      <LoadState loading={isLoading} failed={false} />
      {data ? (
        <>
          <p className="authoring-count">{m.admin.total(data.count)}</p>
          <Table<AdminCourseRow>
            rowKey="id"
            columns={columns}
            dataSource={data.results}
            loading={isFetching && !isLoading}
            pagination={false}
            scroll={{ x: 640 }}
            locale={{ emptyText: <EmptyText text={m.admin.empty} /> }}
          />
          <PageWindow page={page} total={pages} onChange={setPage} />
        </>
      ) : null}
      <CourseDialog course={editing} onClose={() => setEditing(undefined)} />
    </AuthoringPage>
  );
}

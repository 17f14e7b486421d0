import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, Modal, Tooltip } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, BarChartOutlined, EyeOutlined, FileZipOutlined, PlusOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/feedback';
import { usePageTitle } from '../../../lib/hooks';
import { CoursePromises, formatDuration, formatMinutes } from '../../../components/course';
import { Panel } from '../../../components/panel';
import { StatusMessage } from '../../../components/status';
import { stepChangeTags, useGetChaptersQuery, useGetCourseForEditQuery, useGetCourseOverviewQuery } from '../authoring-api';
import type { ChapterView, SubchapterView } from '../authoring-types';
import { LoadState, isNotFound } from '../components/authoring-page';
import { StepForm } from '../components/step-form';
import { ProgrammeForm } from '../components/programme-form';
import { StructureEditor } from '../components/structure-editor';
import { messages as m } from '../messages';

/** Which form the dialog shows. */
type Dialog =
  | { kind: 'new-chapter' }
  | { kind: 'edit-chapter'; chapter: ChapterView }
  | { kind: 'new-subchapter'; chapter: ChapterView }
  | { kind: 'edit-subchapter'; chapter: ChapterView; sub: SubchapterView };

const DIALOG_TITLES: Record<Dialog['kind'], string> = {
  'new-chapter': m.stepForm.addChapterTitle,
  'edit-chapter': m.stepForm.editChapterTitle,
  'new-subchapter': m.stepForm.addSubchapterTitle,
  'edit-subchapter': m.stepForm.editSubchapterTitle,
};

function StepDialog({ courseId, dialog, onClose }: { courseId: number; dialog: Dialog | null; onClose: () => void }) {
  const tags = stepChangeTags(courseId);
  const done = (message: string) => () => {
    toast('success', message, 2);
    onClose();
  };
  let form = null;
  if (dialog?.kind === 'new-chapter') {
    form = (
      <StepForm
        name="admin-new-chapter"
        kind="chapter"
        extra={{ course: courseId }}
        target={{ method: 'POST', url: `course-chapters/${courseId}/`, invalidates: tags }}
        failureMessage={m.stepForm.chapterAddFailed}
        onSaved={done(m.stepForm.chapterAdded)}
        onCancel={onClose}
      />
    );
  } else if (dialog?.kind === 'edit-chapter') {
    form = (
      <StepForm
        name={`admin-edit-chapter-${dialog.chapter.id}`}
        kind="chapter"
        current={dialog.chapter}
        target={{ method: 'PUT', url: `chapter/${dialog.chapter.id}/`, invalidates: [{ type: 'Chapter', id: dialog.chapter.id }, ...tags] }}
        failureMessage={m.stepForm.updateFailed}
        onSaved={done(m.stepForm.updated)}
        onCancel={onClose}
      />
    );
  } else if (dialog?.kind === 'new-subchapter') {
    form = (
      <StepForm
        name={`admin-new-subchapter-${dialog.chapter.id}`}
        kind="subchapter"
        extra={{ chapter: dialog.chapter.id }}
        target={{ method: 'POST', url: 'subchapters/', invalidates: tags }}
        failureMessage={m.stepForm.subchapterAddFailed}
        onSaved={done(m.stepForm.subchapterAdded)}
        onCancel={onClose}
      />
    );
  } else if (dialog?.kind === 'edit-subchapter') {
    form = (
      <StepForm
        name={`admin-edit-subchapter-${dialog.sub.id}`}
        kind="subchapter"
        current={dialog.sub}
        extra={{ chapter: dialog.chapter.id }}
        target={{ method: 'PUT', url: `subchapter/${dialog.sub.id}/`, invalidates: [{ type: 'Subchapter', id: dialog.sub.id }, ...tags] }}
        failureMessage={m.stepForm.updateFailed}
        onSaved={done(m.stepForm.updated)}
        onCancel={onClose}
      />
    );
  }
  const subtitle = dialog && dialog.kind !== 'new-chapter' ? m.stepForm.ofChapter(dialog.chapter.title) : null;
  return (
    <Modal open={dialog !== null} title={dialog ? DIALOG_TITLES[dialog.kind] : ''} onCancel={onClose} footer={null} destroyOnHidden width={680}>
      {subtitle ? <p className="work-page__context">{subtitle}</p> : null}
      {form}
    </Modal>
  );
}

function IconButton({ label, icon, onClick, danger }: { label: string; icon: React.ReactNode; onClick: () => void; danger?: boolean }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" danger={danger} icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/** The course's « Fiche programme » (docs/adr/0047), under its structure. */
function AdminProgramme({ courseId }: { courseId: number }) {
  const { data } = useGetCourseForEditQuery(courseId);
  return data ? <ProgrammeForm key={`programme-${data.id}`} course={data} /> : null;
}

/** /admin-course-detail/{course_id}: the course's header and its structure, edited in dialogs (03 §2). */
export function AdminCourseDetailPage() {
  const courseId = Number(useParams().courseId);
  const course = useGetCourseOverviewQuery(courseId, { skip: !courseId });
  const chapters = useGetChaptersQuery(courseId, { skip: !courseId || !course.data });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  usePageTitle(course.data ? course.data.title : m.admin.structure);
  const back = (
    <Link to="/admin-courses" className="work-page__back">
      <ArrowLeftOutlined aria-hidden /> {m.admin.backToCourses}
    </Link>
  );

  if (isNotFound(course.error) || !courseId) {
    return (
      <Panel className="page-card work-page">
        <StatusMessage kind="not-found" level={1} title={m.admin.notFound} text={m.admin.notFoundText} extra={<Link to="/admin-courses" className="button-link">{m.admin.backToCourses}</Link>} />
      </Panel>
    );
  }
  if (!course.data) {
    return (
      <Panel className="page-card work-page">
        {back}
        <h1 className="work-page__title">{m.admin.structure}</h1>
        <LoadState loading={course.isLoading} failed={course.isError} />
      </Panel>
    );
  }

  const data = course.data;
  const totalSeconds = data.course_chapters.reduce((sum, chapter) => sum + (chapter.duration ?? 0), 0);
  const declaredTotal = data.course_chapters.reduce(
    (sum, chapter) => sum + (chapter.declared_minutes ?? 0) + chapter.subchapters.reduce((subs, sub) => subs + (sub.declared_minutes ?? 0), 0),
    0,
  );
  return (
    <Panel className="page-card work-page">
      {back}
      <header className="course-header">
        <img className="course-header__image" src={data.featured_img} alt="" width={240} height={135} />
        <div className="course-header__text">
          <h1 className="work-page__title">{data.title}</h1>
          {data.description ? <p className="course-header__description">{data.description}</p> : null}
          <p className="course-header__facts">
            <span>{m.admin.chapterCount(data.course_chapters.length)}</span>
            <span>{m.admin.totalDuration(formatDuration(totalSeconds, 'admin'))}</span>
            {declaredTotal ? <span data-testid="declared-total">{m.admin.declaredTotal(formatMinutes(declaredTotal))}</span> : null}
          </p>
          <Link to={`/admin-course-preview/${data.id}`} className="button-link button-link--ghost">
            <EyeOutlined aria-hidden /> {m.admin.preview}
          </Link>
          <Link to={`/admin-course-detail/${data.id}/dossiers`} className="button-link button-link--ghost" data-testid="course-dossiers-link">
            <FileZipOutlined aria-hidden /> {m.admin.dossiers}
          </Link>
          <Link to={`/admin-course-detail/${data.id}/progression`} className="button-link button-link--ghost" data-testid="course-progress-link">
            <BarChartOutlined aria-hidden /> {m.admin.progressGrid}
          </Link>
        </div>
      </header>
      <CoursePromises course={data} />
      <section className="course-structure" aria-labelledby="course-structure-title">
        <div className="work-page__head">
          <h2 id="course-structure-title" className="course-structure__title">
            {m.admin.structure}
          </h2>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'new-chapter' })}>
            {m.admin.newChapter}
          </Button>
        </div>
        <LoadState loading={chapters.isLoading} failed={chapters.isError} />
        {chapters.data && chapters.data.length === 0 ? <p className="work-page__empty">{m.chapters.empty}</p> : null}
        {chapters.data?.length ? (
          <StructureEditor
            courseId={courseId}
            chapters={chapters.data}
            caption={m.admin.structure}
            chapterActions={(chapter, actions) => (
              <div className="row-actions">
                <IconButton label={m.chapters.addSubchapterTo(chapter.title)} icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'new-subchapter', chapter })} />
                <IconButton label={m.chapters.editStep(chapter.title)} icon={<EditOutlined />} onClick={() => setDialog({ kind: 'edit-chapter', chapter })} />
                <IconButton label={m.chapters.deleteStep(chapter.title)} icon={<DeleteOutlined />} danger onClick={() => void actions.removeChapter(chapter)} />
              </div>
            )}
            subchapterActions={(sub, chapter, actions) => (
              <div className="row-actions">
                <IconButton label={m.chapters.editStep(sub.title)} icon={<EditOutlined />} onClick={() => setDialog({ kind: 'edit-subchapter', chapter, sub })} />
                <IconButton label={m.chapters.deleteStep(sub.title)} icon={<DeleteOutlined />} danger onClick={() => void actions.removeSubchapter(sub)} />
              </div>
            )}
          />
        ) : null}
      </section>
      <AdminProgramme courseId={courseId} />
      <StepDialog courseId={courseId} dialog={dialog} onClose={() => setDialog(null)} />
    </Panel>
  );
}

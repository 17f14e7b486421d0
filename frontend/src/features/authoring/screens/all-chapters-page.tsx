import { Link, useParams } from 'react-router-dom';
import { Button, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useGetChaptersQuery, useGetCourseForEditQuery } from '../authoring-api';
import { AuthoringPage, LoadState } from '../components/authoring-page';
import { StructureEditor } from '../components/structure-editor';
import { messages as m } from '../messages';

function IconLink({ to, label, icon }: { to: string; label: string; icon: React.ReactNode }) {
  return (
    <Tooltip title={label}>
      <Link to={to} className="row-actions__link" aria-label={label}>
        {icon}
      </Link>
    </Tooltip>
  );
}

function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/** /all-chapters/{course_id}: the course's chapters and sub-chapters, reordered by drag and drop (02 §2). */
export function AllChaptersPage() {
  const courseId = Number(useParams().courseId);
  const chapters = useGetChaptersQuery(courseId, { skip: !courseId });
  const course = useGetCourseForEditQuery(courseId, { skip: !courseId });
  const courseTitle = course.data?.title ?? chapters.data?.[0]?.course_title;
  const title = courseTitle ? m.chapters.title(courseTitle) : m.chapters.titleFallback;
  return (
    <AuthoringPage
      title={title}
      back={{ to: '/teacher-my-course', label: m.chapters.backToCourses }}
      extra={
        <>
          <Link to={`/course-preview/${courseId}`} className="button-link button-link--ghost">
            <EyeOutlined aria-hidden /> {m.chapters.preview}
          </Link>
          <Link to={`/add-chapter/${courseId}`} className="button-link">
            <PlusOutlined aria-hidden /> {m.chapters.addChapter}
          </Link>
        </>
      }
    >
      <LoadState loading={chapters.isLoading} failed={chapters.isError} />
      {chapters.data && chapters.data.length === 0 ? <p className="work-page__empty">{m.chapters.empty}</p> : null}
      {chapters.data?.length ? (
        <StructureEditor
          courseId={courseId}
          chapters={chapters.data}
          caption={title}
          chapterActions={(chapter, actions) => (
            <div className="row-actions">
              <IconLink to={`/add-subchapter/${chapter.id}`} label={m.chapters.addSubchapterTo(chapter.title)} icon={<PlusOutlined />} />
              <IconLink to={`/edit-chapter/${chapter.id}`} label={m.chapters.editStep(chapter.title)} icon={<EditOutlined />} />
              <DeleteButton label={m.chapters.deleteStep(chapter.title)} onClick={() => void actions.removeChapter(chapter)} />
            </div>
          )}
          subchapterActions={(sub, _chapter, actions) => (
            <div className="row-actions">
              <IconLink to={`/edit-subchapter/${sub.id}`} label={m.chapters.editStep(sub.title)} icon={<EditOutlined />} />
              <DeleteButton label={m.chapters.deleteStep(sub.title)} onClick={() => void actions.removeSubchapter(sub)} />
            </div>
          )}
        />
      ) : null}
    </AuthoringPage>
  );
}

import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../../lib/feedback';
import { stepChangeTags, useGetChapterQuery, useGetSubchapterQuery } from '../authoring-api';
import type { ChapterView, SubchapterView } from '../authoring-types';
import { AuthoringPage, LoadState, isNotFound } from '../components/authoring-page';
import { StepForm } from '../components/step-form';
import { messages as m } from '../messages';

/** 02 §2: after adding a sub-chapter, back to the chapters 2 seconds later. */
export const SUBCHAPTER_REDIRECT_MS = 2000;

const chaptersOf = (courseId: number) => `/all-chapters/${courseId}`;

/** /add-chapter/{course_id}: POST /course-chapters/{course_id}/, then the chapter list. */
export function AddChapterPage() {
  const navigate = useNavigate();
  const courseId = Number(useParams().courseId);
  const back = chaptersOf(courseId);
  return (
    <AuthoringPage title={m.stepForm.addChapterTitle} back={{ to: back, label: m.chapters.titleFallback }}>
      <StepForm
        name="add-chapter"
        kind="chapter"
        target={{ method: 'POST', url: `course-chapters/${courseId}/`, invalidates: stepChangeTags(courseId) }}
        extra={{ course: courseId }}
        failureMessage={m.stepForm.chapterAddFailed}
        onSaved={() => {
          toast('success', m.stepForm.chapterAdded, 2);
          navigate(back);
        }}
        onCancel={() => navigate(back)}
      />
    </AuthoringPage>
  );
}

/** An edit page of a step: the form once the step is loaded, then back to its course's chapters. */
function EditStepScreen({
  kind,
  query,
  url,
  tag,
}: {
  kind: 'chapter' | 'subchapter';
  query: { data?: ChapterView | SubchapterView; isLoading: boolean; isError: boolean; error?: unknown };
  url: string;
  tag: { type: 'Chapter' | 'Subchapter'; id: number };
}) {
  const navigate = useNavigate();
  const { data, isLoading, isError, error } = query;
  const back = data ? chaptersOf(data.course) : '/teacher-my-course';
  return (
    <AuthoringPage
      title={kind === 'chapter' ? m.stepForm.editChapterTitle : m.stepForm.editSubchapterTitle}
      back={{ to: back, label: data ? m.chapters.titleFallback : m.chapters.backToCourses }}
    >
      <LoadState loading={isLoading} failed={isError} notFound={isNotFound(error)} />
      {data ? (
        <StepForm
          key={data.id}
          name={`edit-${kind}`}
          kind={kind}
          current={data}
          extra={'chapter' in data ? { chapter: data.chapter } : undefined}
          target={{ method: 'PUT', url, invalidates: [tag, ...stepChangeTags(data.course)] }}
          failureMessage={m.stepForm.updateFailed}
          onSaved={() => {
            toast('success', m.stepForm.updated, 2);
            navigate(back);
          }}
          onCancel={() => navigate(back)}
        />
      ) : null}
    </AuthoringPage>
  );
}

/** /edit-chapter/{chapter_id}: PUT /chapter/{id}/, then the chapters of its course. */
export function EditChapterPage() {
  const chapterId = Number(useParams().chapterId);
  const query = useGetChapterQuery(chapterId, { skip: !chapterId });
  return <EditStepScreen kind="chapter" query={query} url={`chapter/${chapterId}/`} tag={{ type: 'Chapter', id: chapterId }} />;
}

/** /add-subchapter/{chapter_id}: POST /subchapters/, then the chapters of the course 2 s later. */
export function AddSubchapterPage() {
  const navigate = useNavigate();
  const chapterId = Number(useParams().chapterId);
  const chapter = useGetChapterQuery(chapterId, { skip: !chapterId });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const data = chapter.data;
  const back = data ? chaptersOf(data.course) : '/teacher-my-course';
  return (
    <AuthoringPage title={m.stepForm.addSubchapterTitle} back={{ to: back, label: data ? m.chapters.titleFallback : m.chapters.backToCourses }}>
      <LoadState loading={chapter.isLoading} failed={chapter.isError} notFound={isNotFound(chapter.error)} />
      {data ? (
        <>
          <p className="work-page__context">{m.stepForm.ofChapter(data.title)}</p>
          <StepForm
            name="add-subchapter"
            kind="subchapter"
            target={{ method: 'POST', url: 'subchapters/', invalidates: [{ type: 'Chapter', id: data.id }, ...stepChangeTags(data.course)] }}
            extra={{ chapter: data.id }}
            failureMessage={m.stepForm.subchapterAddFailed}
            onSaved={() => {
              toast('success', m.stepForm.subchapterAdded, 2);
              timer.current = window.setTimeout(() => navigate(back), SUBCHAPTER_REDIRECT_MS);
            }}
            onCancel={() => navigate(back)}
          />
        </>
      ) : null}
    </AuthoringPage>
  );
}

/** /edit-subchapter/{subchapter_id}: PUT /subchapter/{id}/, then the chapters of the course. */
export function EditSubchapterPage() {
  const subchapterId = Number(useParams().subchapterId);
  const query = useGetSubchapterQuery(subchapterId, { skip: !subchapterId });
  return <EditStepScreen kind="subchapter" query={query} url={`subchapter/${subchapterId}/`} tag={{ type: 'Subchapter', id: subchapterId }} />;
}

import { Link } from 'react-router-dom';
import { Collapse } from 'antd';
import {
  CheckSquareOutlined,
  FileTextOutlined,
  PlayCircleOutlined,
  AppstoreOutlined,
  LockOutlined,
} from '@ant-design/icons';
import { formatDuration } from '../../../components/course';
import { StatusMessage } from '../../../components/status';
import type { ChapterOutline, CourseDetail, SubchapterOutline } from '../catalogue-api';
import { messages as m } from '../messages';

function ContentIcon({ type }: { type: string }) {
  if (type === 'quiz') return <CheckSquareOutlined aria-hidden />;
  if (type === 'text') return <FileTextOutlined aria-hidden />;
  if (type === 'scorm') return <AppstoreOutlined aria-hidden />;
  return <PlayCircleOutlined aria-hidden />;
}

function StepLine({ number, step }: { number: string; step: SubchapterOutline | ChapterOutline }) {
  return (
    <span className="course-outline__line">
      <span className="course-outline__number">{number}</span>
      <span className="course-outline__title">{step.title}</span>
      <span className="course-outline__meta">
        <ContentIcon type={step.content_type} /> {m.detail.contentTypes[step.content_type] ?? step.content_type}
        {step.duration ? <> · {formatDuration(step.duration)}</> : null}
      </span>
    </span>
  );
}

/** 'Contenu en cours de préparation': a course without chapters (01 §2.3). */
export function ContentInPreparation() {
  return (
    <section className="course-detail__section">
      <StatusMessage kind="preparing" title={m.detail.preparing} text={m.detail.preparingText} />
    </section>
  );
}

/**
 * Content of a course: enrolled students get the collapsible chapter list and the button to the
 * player; others a line telling what enrolling opens.
 */
export function CourseContents({ course, enrolled }: { course: CourseDetail; enrolled: boolean }) {
  const chapters = course.course_chapters;
  if (chapters.length === 0) return <ContentInPreparation />;
  if (!enrolled) {
    return (
      <section className="course-detail__section course-detail__locked">
        <LockOutlined aria-hidden /> {m.detail.contentLocked(chapters.length)}
      </section>
    );
  }
  return (
    <section className="course-detail__section" aria-label={m.detail.contentTitle(chapters.length)}>
      <Link to={`/mini/${course.id}`} className="button-link course-detail__start">
        <PlayCircleOutlined aria-hidden /> {m.detail.start}
      </Link>
      <Collapse
        className="course-outline"
        defaultActiveKey={['content']}
        items={[
          {
            key: 'content',
            label: <strong>{m.detail.contentTitle(chapters.length)}</strong>,
            children: (
              <ol className="course-outline__chapters">
                {chapters.map((chapter, index) => (
                  <li key={chapter.id}>
                    <StepLine number={`${index + 1}.`} step={chapter} />
                    {chapter.subchapters.length ? (
                      <ol className="course-outline__subchapters">
                        {chapter.subchapters.map((sub, subIndex) => (
                          <li key={sub.id}>
                            <StepLine number={`${index + 1}.${subIndex + 1}`} step={sub} />
                          </li>
                        ))}
                      </ol>
                    ) : null}
                  </li>
                ))}
              </ol>
            ),
          },
        ]}
      />
    </section>
  );
}

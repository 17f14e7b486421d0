import { Link } from 'react-router-dom';
import { Collapse } from 'antd';
import {
  CheckSquareOutlined,
  FileTextOutlined,
  PlayCircleOutlined,
  AppstoreOutlined,
} from '@ant-design/icons';
import { DeclaredDuration, formatDuration } from '../../../components/course';
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
        {step.declared_minutes ? <> · <DeclaredDuration minutes={step.declared_minutes} /></> : null}
      </span>
    </span>
  );
}

/** An enrolled student's content: the button to the player and the collapsible chapter list. */
export default function CourseOutline({ course }: { course: CourseDetail }) {
  const chapters = course.course_chapters;
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

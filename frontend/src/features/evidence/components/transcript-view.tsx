import type { ReactNode } from 'react';
import { Collapse, Descriptions, Table, Tag, type CollapseProps, type TableColumnsType } from 'antd';
import type { TranscriptView as Transcript } from '../evidence-api';
import { formatDate, formatDateTime, formatDay, formatDuration } from '../format';
import { messages as m } from '../messages';
import '../evidence.css';

type Day = Transcript['connections'][number];
type Session = Day['sessions'][number];
type Step = Transcript['steps'][number];
type Attempt = Transcript['quiz_attempts'][number];
type Answer = Attempt['answers'][number];
type Sco = Transcript['scorm'][number];
type Interaction = Sco['interactions'][number];
type Homework = Transcript['homework'][number];

/** The verdict of a closed attempt against the pass mark in force when it closed (ADR 0043); nothing while under way. */
function Verdict({ attempt }: { attempt: Attempt }) {
  if (!attempt.completed_at) return null;
  const label = attempt.pass_mark === null ? m.quizzes.noPassMark : attempt.passed ? m.quizzes.passed(attempt.pass_mark) : m.quizzes.failed(attempt.pass_mark);
  const tone = attempt.pass_mark === null ? '' : attempt.passed ? ' transcript__tag--ok' : ' transcript__tag--ko';
  return <Tag className={`transcript__tag${tone}`}>{attempt.closed_by === 'time-limit' ? `${label}, ${m.quizzes.timeUp}` : label}</Tag>;
}

const status = (value: string | null) => (value ? (m.statuses[value] ?? value) : '—');
const figures = (values: Step['figures']) =>
  values && Object.keys(values).length > 0
    ? Object.entries(values)
        .map(([key, value]) => `${key} : ${typeof value === 'number' ? value.toLocaleString('fr-FR') : String(value)}`)
        .join(', ')
    : '—';

/** A table that scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="transcript__scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

const sessionColumns: TableColumnsType<Session> = [
  { key: 'start', title: m.connections.start, render: (_, s) => formatDateTime(s.started_at) },
  { key: 'end', title: m.connections.end, render: (_, s) => formatDateTime(s.ended_at) },
  { key: 'connected', title: m.connections.connected, render: (_, s) => formatDuration(s.connected_seconds) },
  { key: 'active', title: m.connections.active, render: (_, s) => formatDuration(s.active_seconds) },
  { key: 'beats', title: m.connections.beats, render: (_, s) => s.beats.toLocaleString('fr-FR') },
];

const stepColumns: TableColumnsType<Step> = [
  {
    key: 'title',
    title: m.steps.step,
    render: (_, s) => (s.title === null ? m.steps.removed(s.step_id) : s.kind === 'subchapter' ? <span className="transcript__sub">{s.title}</span> : s.title),
  },
  { key: 'declared', title: m.steps.declared, render: (_, s) => (s.declared_minutes === null ? m.steps.notDeclared : formatDuration(s.declared_minutes * 60)) },
  { key: 'active', title: m.steps.active, render: (_, s) => formatDuration(s.active_seconds) },
  { key: 'connected', title: m.steps.connected, render: (_, s) => formatDuration(s.connected_seconds) },
  {
    key: 'validated',
    title: m.steps.validated,
    render: (_, s) => (s.validated_at ? formatDateTime(s.validated_at) : s.opened_at ? m.steps.notValidated : m.steps.notOpened),
  },
  { key: 'rule', title: m.steps.rule, render: (_, s) => (s.rule ? (m.rules[s.rule] ?? s.rule) : '—') },
  { key: 'figures', title: m.steps.figures, render: (_, s) => figures(s.figures) },
];

const answerColumns: TableColumnsType<Answer> = [
  { key: 'question', title: m.quizzes.question, render: (_, a) => a.question },
  { key: 'answer', title: m.quizzes.answer, render: (_, a) => a.chosen },
  { key: 'result', title: m.quizzes.result, render: (_, a) => <Tag className={a.correct ? 'transcript__tag transcript__tag--ok' : 'transcript__tag transcript__tag--ko'}>{a.correct ? m.quizzes.right : m.quizzes.wrong}</Tag> },
];

const interactionColumns: TableColumnsType<Interaction> = [
  { key: 'id', title: m.scorm.id, render: (_, i) => i.id },
  { key: 'type', title: m.scorm.type, render: (_, i) => i.type ?? '—' },
  { key: 'response', title: m.scorm.response, render: (_, i) => i.learner_response ?? '—' },
  { key: 'result', title: m.scorm.result, render: (_, i) => i.result ?? '—' },
];

const homeworkColumns: TableColumnsType<Homework> = [
  { key: 'title', title: m.homework.title, render: (_, h) => h.title },
  { key: 'given', title: m.homework.given, render: (_, h) => formatDateTime(h.given_at) },
  { key: 'done', title: m.homework.done, render: (_, h) => (h.done ? <Tag className="transcript__tag transcript__tag--ok">{`${m.homework.doneTag} · ${formatDateTime(h.completed_at)}`}</Tag> : <Tag>{m.homework.pending}</Tag>) },
  {
    key: 'work',
    title: m.homework.work,
    render: (_, h) =>
      h.submissions.length ? (
        <ul className="transcript__work">
          {h.submissions.map((s) => (
            <li key={s.number}>{m.homework.submission(s.number, formatDateTime(s.submitted_at), s.late, s.files.length)}</li>
          ))}
        </ul>
      ) : h.done ? (
        m.homework.withoutSubmission
      ) : (
        '—'
      ),
  },
  { key: 'grade', title: m.homework.grade, render: (_, h) => (h.grade === null ? '—' : m.homework.gradeValue(h.grade, h.out_of)) },
  { key: 'by', title: m.homework.by, render: (_, h) => h.trainer.full_name },
];

function Empty({ text }: { text: string }) {
  return <p className="transcript__empty">{text}</p>;
}

/**
 * The transcript (relevé de formation) of a learner in a course, section by section as the server
 * composed it (ADR 0034): the same for the learner, the course's trainer and admins.
 */
export function TranscriptView({ transcript }: { transcript: Transcript }) {
  const { summary, student, course } = transcript;
  const sections: CollapseProps['items'] = [
    {
      key: 'connections',
      label: <h2 className="transcript__section">{m.connections.title}</h2>,
      children:
        transcript.connections.length === 0 ? (
          <Empty text={m.connections.empty} />
        ) : (
          transcript.connections.map((day) => (
            <section key={day.day} className="transcript__day" aria-label={formatDay(day.day)}>
              <h3 className="transcript__day-title">
                {formatDay(day.day)} — {m.connections.connected} {formatDuration(day.connected_seconds)}, {m.connections.active.toLowerCase()} {formatDuration(day.active_seconds)}
              </h3>
              <Scroll label={`${m.connections.sessions} : ${formatDay(day.day)}`}>
                <Table<Session> rowKey="session_id" size="small" columns={sessionColumns} dataSource={day.sessions} pagination={false} />
              </Scroll>
            </section>
          ))
        ),
    },
    {
      key: 'steps',
      label: <h2 className="transcript__section">{m.steps.title}</h2>,
      children: (
        <Scroll label={m.steps.title}>
          <Table<Step> rowKey={(s) => `${s.kind}-${s.step_id}`} size="small" columns={stepColumns} dataSource={transcript.steps} pagination={false} />
        </Scroll>
      ),
    },
    {
      key: 'quizzes',
      label: <h2 className="transcript__section">{m.quizzes.title}</h2>,
      children:
        transcript.quiz_attempts.length === 0 ? (
          <Empty text={m.quizzes.empty} />
        ) : (
          transcript.quiz_attempts.map((attempt) => (
            <section key={`${attempt.quiz_id}-${attempt.attempt}`} className="transcript__block">
              <h3 className="transcript__day-title">{m.quizzes.attempt(attempt.quiz_title, attempt.attempt)}</h3>
              <p className="transcript__meta">
                <Verdict attempt={attempt} />
                {m.quizzes.score(attempt.correct, attempt.total)} · {m.quizzes.started} {formatDateTime(attempt.started_at)} ·{' '}
                {attempt.completed_at ? `${m.quizzes.completed} ${formatDateTime(attempt.completed_at)}` : m.quizzes.inProgress}
              </p>
              {attempt.validated_by_trainer_at && (
                <p className="transcript__meta">
                  {m.quizzes.validatedByTrainer} {formatDateTime(attempt.validated_by_trainer_at)}
                </p>
              )}
              <Scroll label={m.quizzes.attempt(attempt.quiz_title, attempt.attempt)}>
                <Table<Answer> rowKey="question_id" size="small" columns={answerColumns} dataSource={attempt.answers} pagination={false} />
              </Scroll>
            </section>
          ))
        ),
    },
    {
      key: 'scorm',
      label: <h2 className="transcript__section">{m.scorm.title}</h2>,
      children:
        transcript.scorm.length === 0 ? (
          <Empty text={m.scorm.empty} />
        ) : (
          transcript.scorm.map((sco) => (
            <section key={`${sco.chapter_id}-${sco.sco}-${sco.attempt}`} className="transcript__block">
              <h3 className="transcript__day-title">{m.scorm.heading(sco.chapter_title ?? `n° ${sco.chapter_id}`, sco.sco, sco.attempt)}</h3>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, lg: 3 }}
                items={[
                  { key: 'completion', label: m.scorm.completion, children: status(sco.completion_status) },
                  { key: 'success', label: m.scorm.success, children: status(sco.success_status) },
                  { key: 'score', label: m.scorm.score, children: sco.score_raw === null ? '—' : `${sco.score_raw}${sco.score_max ? ` / ${sco.score_max}` : ''}` },
                  { key: 'time', label: m.scorm.time, children: formatDuration(sco.total_seconds) },
                  { key: 'commits', label: m.scorm.commits, children: sco.commits.toLocaleString('fr-FR') },
                  { key: 'period', label: m.scorm.period, children: `${formatDateTime(sco.first_at)} → ${formatDateTime(sco.last_at)}` },
                ]}
              />
              {sco.interactions.length === 0 ? (
                <Empty text={m.scorm.noInteraction} />
              ) : (
                <Scroll label={`${m.scorm.interactions} : ${sco.sco}`}>
                  <Table<Interaction> rowKey={(i) => i.id} size="small" columns={interactionColumns} dataSource={sco.interactions} pagination={false} />
                </Scroll>
              )}
            </section>
          ))
        ),
    },
    {
      key: 'homework',
      label: <h2 className="transcript__section">{m.homework.title}</h2>,
      children:
        transcript.homework.length === 0 ? (
          <Empty text={m.homework.empty} />
        ) : (
          <Scroll label={m.homework.title}>
            <Table<Homework> rowKey="id" size="small" columns={homeworkColumns} dataSource={transcript.homework} pagination={false} />
          </Scroll>
        ),
    },
    {
      key: 'assistance',
      label: <h2 className="transcript__section">{m.assistance.title}</h2>,
      children:
        transcript.messages.length === 0 ? (
          <Empty text={m.assistance.empty} />
        ) : (
          <ol className="transcript__messages">
            {transcript.messages.map((message) => (
              <li key={message.id} className={`transcript__message transcript__message--${message.sender}`}>
                <div className="transcript__meta">
                  <strong>{message.sender === 'student' ? m.assistance.learner : m.assistance.trainer(message.trainer.full_name)}</strong> ·{' '}
                  <time dateTime={message.sent_at}>{formatDateTime(message.sent_at)}</time>
                  {message.group ? ` · ${m.assistance.group}` : ''}
                  {message.response_seconds !== null ? ` · ${m.assistance.delay(formatDuration(message.response_seconds))}` : ''}
                </div>
                <p className="transcript__body">{message.body}</p>
              </li>
            ))}
          </ol>
        ),
    },
    {
      key: 'support',
      label: <h2 className="transcript__section">{m.support.title}</h2>,
      children: (
        <>
          <p className="transcript__meta">{transcript.support.note}</p>
          {transcript.support.requests.length === 0 ? (
            <p>{m.support.empty}</p>
          ) : (
            <ol className="transcript__messages" data-testid="transcript-support">
              {transcript.support.requests.map((request) => (
                <li key={request.id} className="transcript__message">
                  <div className="transcript__meta">
                    <strong>{m.support.request(request.id)}</strong> · <time dateTime={request.opened_at}>{formatDateTime(request.opened_at)}</time> ·{' '}
                    {m.support.categories[request.category]}
                    {request.course_specified ? '' : ` · ${m.support.noCourse}`}
                    {request.step_title ? ` · ${m.support.step(request.step_title)}` : ''}
                  </div>
                  <p className="transcript__body">{request.body}</p>
                  <div className="transcript__meta">
                    {request.first_answered_at
                      ? m.support.firstAnswer(formatDateTime(request.first_answered_at), m.support.roles[request.first_answer_role ?? 'admin'] ?? '', formatDuration(request.response_seconds ?? 0))
                      : m.support.unanswered}
                    {' · '}
                    {request.resolved_at ? m.support.resolved(formatDateTime(request.resolved_at)) : m.support.unresolved}
                  </div>
                  {request.answers.map((answer) => (
                    <div key={answer.answered_at + answer.body} className="transcript__answer">
                      <div className="transcript__meta">
                        <strong>{answer.trainer ? m.assistance.trainer(answer.trainer.full_name) : m.support.admin}</strong> ·{' '}
                        <time dateTime={answer.answered_at}>{formatDateTime(answer.answered_at)}</time>
                      </div>
                      <p className="transcript__body">{answer.body}</p>
                    </div>
                  ))}
                </li>
              ))}
            </ol>
          )}
        </>
      ),
    },
  ];

  return (
    <div className="transcript" data-testid="transcript">
      <Descriptions
        className="transcript__summary"
        title={<h2 className="transcript__section">{m.summary.title}</h2>}
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          {
            key: 'learner',
            label: m.summary.learner,
            children: (
              <span data-testid="transcript-learner">
                {student.fullname}{' '}
                {student.closed ? (
                  <Tag color="default" className="transcript__closed" data-testid="transcript-closed">
                    {m.closed}
                  </Tag>
                ) : null}
              </span>
            ),
          },
          { key: 'course', label: m.summary.course, children: <>{course.title} {course.archived ? <Tag>{m.archived}</Tag> : null}</> },
          { key: 'trainer', label: m.summary.trainer, children: course.trainer?.full_name ?? '—' },
          { key: 'enrolled', label: m.summary.enrolled, children: summary.enrolled_at ? formatDate(summary.enrolled_at) : m.summary.notEnrolled },
          { key: 'first', label: m.summary.firstAccess, children: formatDateTime(summary.first_access) },
          { key: 'last', label: m.summary.lastAccess, children: formatDateTime(summary.last_access) },
          { key: 'connected', label: m.summary.connected, children: <span data-testid="transcript-connected">{formatDuration(summary.connected_seconds)}</span> },
          { key: 'active', label: m.summary.active, children: <span data-testid="transcript-active">{formatDuration(summary.active_seconds)}</span> },
          { key: 'steps', label: m.summary.steps, children: m.summary.stepsOf(summary.steps_validated, summary.steps_total) },
          { key: 'completed', label: m.summary.completed, children: summary.completed_at ? formatDateTime(summary.completed_at) : m.summary.notCompleted },
          { key: 'method', label: m.summary.method, span: 'filled', children: `${m.summary.methodVersion(transcript.method.version)} — ${transcript.method.description}` },
        ]}
      />
      <Collapse className="transcript__sections" defaultActiveKey={sections.map((s) => String(s.key))} items={sections} />
      <p className="transcript__meta">{m.generatedAt(formatDateTime(transcript.generated_at))}</p>
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { Alert, Drawer, Select, Table, Timeline, type TableColumnsType } from 'antd';
import { useGetScormTraceQuery } from '../authoring-api';
import type { ChapterView, ScormTraceAttempt } from '../authoring-types';
import { messages as m } from '../messages';
import { formatPercent } from '../../../lib/format';

type Commit = ScormTraceAttempt['commits'][number];
type Interaction = ScormTraceAttempt['interactions'][number];
type Objective = ScormTraceAttempt['objectives'][number];

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value));
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'medium' }) : '—');

/** The score as the SCO reported it: raw (min–max), scaled. */
export function scoreText(c: Pick<Commit, 'score_raw' | 'score_min' | 'score_max' | 'score_scaled'>): string {
  const parts: string[] = [];
  if (c.score_raw !== null) parts.push(c.score_max !== null ? `${c.score_raw} / ${c.score_max}` : c.score_raw);
  if (c.score_scaled !== null) parts.push(formatPercent(Math.round(Number(c.score_scaled) * 1000) / 10));
  return parts.length > 0 ? parts.join(' · ') : '—';
}

const commitColumns: TableColumnsType<Commit> = [
  { key: 'received', title: m.trace.received, render: (_, c) => when(c.received_at) },
  { key: 'status', title: m.trace.status, render: (_, c) => dash(c.completion_status) },
  { key: 'success', title: m.trace.success, render: (_, c) => dash(c.success_status) },
  { key: 'score', title: m.trace.score, render: (_, c) => scoreText(c) },
  { key: 'time', title: m.trace.time, render: (_, c) => dash(c.session_time) },
  { key: 'location', title: m.trace.location, render: (_, c) => dash(c.location) },
  { key: 'outcome', title: m.trace.outcome, render: (_, c) => (c.outcome === 'stale' ? m.trace.stale : m.trace.applied) },
];

const objectiveColumns: TableColumnsType<Objective> = [
  { key: 'id', title: m.trace.id, render: (_, o) => o.id },
  { key: 'success', title: m.trace.success, render: (_, o) => dash(o.success_status) },
  { key: 'completion', title: m.trace.completion, render: (_, o) => dash(o.completion_status) },
  { key: 'score', title: m.trace.score, render: (_, o) => scoreText({ score_raw: o.score_raw, score_min: null, score_max: null, score_scaled: o.score_scaled }) },
];

function interactionLabel(i: Interaction): string {
  return [i.type, i.learner_response && `${m.trace.response} : ${i.learner_response}`, i.result && `${m.trace.result} : ${i.result}`, i.latency && `${m.trace.latency} : ${i.latency}`]
    .filter(Boolean)
    .join(' · ');
}

/** A table that scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scorm-trace__scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** One session of the run-time on one SCO, within an attempt of the package. */
function Session({ attempt, index, seance }: { attempt: ScormTraceAttempt; index: number; seance: number }) {
  const headingId = `scorm-trace-session-${index}`;
  const name = `${m.trace.attempt(attempt.attempt)}, ${m.trace.session(attempt.sco, seance)}`;
  return (
    <section className="scorm-trace__session" aria-labelledby={headingId}>
      <h4 id={headingId}>{m.trace.session(attempt.sco, seance)}</h4>
      <p>{m.trace.period(when(attempt.started_at), when(attempt.last_at))}</p>
      <h5>{m.trace.commits}</h5>
      <Scroll label={`${m.trace.commits} — ${name}`}>
        <Table<Commit> rowKey="seq" size="small" columns={commitColumns} dataSource={attempt.commits} pagination={false} />
      </Scroll>
      <h5>{m.trace.interactions}</h5>
      {attempt.interactions.length === 0 ? (
        <p>{m.trace.noInteractions}</p>
      ) : (
        <Timeline
          items={attempt.interactions.map((i, n) => ({
            key: `${i.id}-${n}`,
            color: i.result === 'correct' ? 'green' : i.result === 'incorrect' || i.result === 'wrong' ? 'red' : 'blue',
            children: (
              <>
                <strong>{i.id}</strong> {i.timestamp ? `(${m.trace.at} : ${i.timestamp})` : ''}
                <br />
                {interactionLabel(i)}
              </>
            ),
          }))}
        />
      )}
      {attempt.objectives.length > 0 ? (
        <>
          <h5>{m.trace.objectives}</h5>
          <Scroll label={`${m.trace.objectives} — ${name}`}>
            <Table<Objective> rowKey="id" size="small" columns={objectiveColumns} dataSource={attempt.objectives} pagination={false} />
          </Scroll>
        </>
      ) : null}
    </section>
  );
}

function TraceBody({ student, course, chapter }: { student: number; course: number; chapter: number }) {
  const { data, isLoading, isError } = useGetScormTraceQuery({ student, course, chapter });
  if (isLoading) return <p role="status">…</p>;
  if (isError || !data) return <Alert type="error" showIcon title={m.trace.loadFailed} />;
  if (data.attempts.length === 0) return <p>{m.trace.empty}</p>;
  // The sessions grouped by attempt of the package (ADR 0026), each numbered within its SCO and attempt.
  const groups = new Map<number, { session: ScormTraceAttempt; index: number; seance: number }[]>();
  data.attempts.forEach((session, index) => {
    const group = groups.get(session.attempt) ?? [];
    group.push({ session, index, seance: group.filter((g) => g.session.sco === session.sco).length + 1 });
    groups.set(session.attempt, group);
  });
  return (
    <>
      {[...groups.entries()].map(([number, sessions]) => (
        <section key={number} className="scorm-trace__attempt" aria-labelledby={`scorm-trace-attempt-${number}`}>
          <h3 id={`scorm-trace-attempt-${number}`}>{m.trace.attempt(number)}</h3>
          {sessions.map(({ session, index, seance }) => (
            <Session key={`${session.session_id}-${session.sco}`} attempt={session} index={index} seance={seance} />
          ))}
        </section>
      ))}
    </>
  );
}

/** The CMI trace of a learner on the course's SCORM chapters (issue 23): statuses, score, time, location, interactions over time. */
export function ScormTraceDrawer({
  course,
  student,
  chapters,
  onClose,
}: {
  course: number;
  student: { id: number; fullname: string } | null;
  chapters: readonly Pick<ChapterView, 'id' | 'title'>[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const chapter = chosen ?? chapters[0]?.id ?? null;
  return (
    <Drawer
      open={student !== null}
      onClose={onClose}
      title={student ? m.enrolled.traceOf(student.fullname) : m.enrolled.trace}
      size="min(760px, 100%)"
      closable={{ 'aria-label': m.trace.close }}
      destroyOnHidden
      className="scorm-trace"
    >
      {chapters.length > 1 ? (
        <p>
          <label htmlFor="scorm-trace-chapter">{m.trace.module}</label>{' '}
          <Select id="scorm-trace-chapter" value={chapter ?? undefined} onChange={setChosen} options={chapters.map((c) => ({ value: c.id, label: c.title }))} style={{ minWidth: 220, maxWidth: '100%' }} />
        </p>
      ) : null}
      {student && chapter !== null ? <TraceBody student={student.id} course={course} chapter={chapter} /> : null}
    </Drawer>
  );
}

import { Select } from 'antd';
import { frenchDay } from '../../lib/format';
import { useListSessionsQuery, type SessionSummary } from '../../lib/training-sessions';

/** « Session de mars 2027 — Excel (du 11/01/2027 au 26/03/2027) »: a session told apart from its namesakes. */
export function sessionLabel(s: SessionSummary, withCourse: boolean): string {
  const dates = `du ${frenchDay(s.start_date)} au ${frenchDay(s.end_date)}`;
  return withCourse ? `${s.name} — ${s.course_title} (${dates})` : `${s.name} (${dates})`;
}

interface SessionSelectProps {
  value: number | undefined;
  onChange: (session: number | undefined) => void;
  /** Only this course's sessions (the course's name is then left out of the labels). */
  course?: number;
  label: string;
  placeholder?: string;
  id?: string;
  testId?: string;
}

/** A training session to filter by (cleared: all learners), searchable by name, course or dates. */
export function SessionSelect({ value, onChange, course, label, placeholder, id, testId }: SessionSelectProps) {
  const { data, isFetching } = useListSessionsQuery(course ? { course } : undefined);
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={label}
      placeholder={placeholder ?? label}
      loading={isFetching}
      value={value}
      onChange={(session) => onChange(session ?? undefined)}
      options={(data ?? []).map((s) => ({ value: s.id, label: sessionLabel(s, course === undefined) }))}
      data-testid={testId}
      className="session-select"
      popupMatchSelectWidth={false}
    />
  );
}

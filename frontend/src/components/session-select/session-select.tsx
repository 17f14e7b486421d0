import { Select } from 'antd';
import { frenchDay } from '../../lib/format';
import { useListSessionsQuery } from '../../lib/training-sessions';

/** What a session's label needs: the admin's list and the auditor's both give it. */
export interface SessionOption {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  course_title?: string;
}

/** « Session de mars 2027 — Excel (du 11/01/2027 au 26/03/2027) »: a session told apart from its namesakes. */
export function sessionLabel(s: SessionOption, withCourse: boolean): string {
  const dates = `du ${frenchDay(s.start_date)} au ${frenchDay(s.end_date)}`;
  return withCourse && s.course_title ? `${s.name} — ${s.course_title} (${dates})` : `${s.name} (${dates})`;
}

interface SessionPickerProps {
  value: number | undefined;
  onChange: (session: number | undefined) => void;
  label: string;
  placeholder?: string;
  id?: string;
  testId?: string;
}

interface SessionListProps extends SessionPickerProps {
  sessions: SessionOption[] | undefined;
  loading: boolean;
  /** Each label names its course (a list of several courses' sessions). */
  withCourse?: boolean;
}

/** A training session to filter by, from a list the caller read (cleared: all learners), searchable by name, course or dates. */
export function SessionList({ value, onChange, label, placeholder, id, testId, sessions, loading, withCourse = false }: SessionListProps) {
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={label}
      placeholder={placeholder ?? label}
      loading={loading}
      value={value}
      onChange={(session) => onChange(session ?? undefined)}
      options={(sessions ?? []).map((s) => ({ value: s.id, label: sessionLabel(s, withCourse) }))}
      data-testid={testId}
      className="session-select"
      popupMatchSelectWidth={false}
    />
  );
}

interface SessionSelectProps extends SessionPickerProps {
  /** Only this course's sessions (the course's name is then left out of the labels). */
  course?: number;
}

/** The centre's training sessions (the admin's list), to filter by. */
export function SessionSelect({ course, ...props }: SessionSelectProps) {
  const { data, isFetching } = useListSessionsQuery(course ? { course } : undefined);
  return <SessionList {...props} sessions={data} loading={isFetching} withCourse={course === undefined} />;
}

import type { Database } from '../../../platform/database/database.js';
import type { EngagementSettingsValues } from '../contracts/engagement.events.js';
import { judgeEngagement, type Alert, type LearnerFigures, type PastReminder } from '../domain/engagement-rules.js';

/** Which enrolments to judge: all, or those of a course, a session, a trainer's courses, one learner. */
export interface LearnerFilter {
  courseId?: number | null;
  sessionId?: number | null;
  teacherId?: number | null;
  studentId?: number | null;
}

export interface JudgedLearner {
  studentId: number;
  courseId: number;
  studentName: string;
  email: string;
  courseTitle: string;
  teacherId: number | null;
  sessionName: string | null;
  figures: LearnerFigures;
  alert: Alert | null;
}

interface Row {
  student_id: number; course_id: number; enrolled_at: Date; validated_steps: number | null; last_activity_at: Date | null; completed_at: Date | null;
  steps: number; session_id: number | null; session_name: string | null; start_date: string | null; end_date: string | null;
  fullname: string; email: string; title: string; teacher_id: number | null;
}

/**
 * The current enrolments of open, active accounts in live courses, not finished, with their figures
 * from the published views only (enrolment, progress, catalogue, identity: docs/context-map.md),
 * each judged by the rules of the domain. A closed or suspended account, an unenrolled learner or a
 * finished course is never read, so never listed nor reminded.
 */
export async function judgeLearners(db: Database, settings: EngagementSettingsValues, now: Date, filter: LearnerFilter = {}): Promise<JudgedLearner[]> {
  const rows = await db.query<Row>(
    `select e.student_id, e.course_id, e.enrolled_at, f.validated_steps, f.last_activity_at, f.completed_at,
            coalesce(st.steps, 0)::int as steps, sl.session_id, ts.name as session_name,
            to_char(ts.start_date, 'YYYY-MM-DD') as start_date, to_char(ts.end_date, 'YYYY-MM-DD') as end_date,
            r.fullname, r.email, c.title, c.teacher_id
       from enrolment.course_enrolment e
       join identity.student_record r on r.id = e.student_id and r.closed_at is null and r.is_active
       join catalogue.course_summary c on c.course_id = e.course_id and c.archived_at is null
       left join progress.student_course_figures f on f.student_id = e.student_id and f.course_id = e.course_id
       left join lateral (select count(*) as steps from catalogue.course_step s where s.course_id = e.course_id) st on true
       left join enrolment.session_learner sl on sl.student_id = e.student_id and sl.course_id = e.course_id and sl.left_at is null
       left join enrolment.training_session_summary ts on ts.session_id = sl.session_id
      where f.completed_at is null
        and ($1::int is null or e.course_id = $1) and ($2::int is null or sl.session_id = $2)
        and ($3::int is null or c.teacher_id = $3) and ($4::int is null or e.student_id = $4)`,
    [filter.courseId ?? null, filter.sessionId ?? null, filter.teacherId ?? null, filter.studentId ?? null],
  );
  return rows.map((row) => {
    const percentage = row.steps > 0 ? Math.min(100, Math.round(((row.validated_steps ?? 0) * 100) / row.steps)) : 0;
    const figures: LearnerFigures = {
      enrolledAt: new Date(row.enrolled_at),
      lastActivityAt: row.last_activity_at ? new Date(row.last_activity_at) : null,
      percentage,
      completed: row.completed_at !== null,
      session: row.session_id !== null && row.start_date && row.end_date ? { id: row.session_id, startDate: row.start_date, endDate: row.end_date } : null,
    };
    return {
      studentId: row.student_id, courseId: row.course_id, studentName: row.fullname, email: row.email, courseTitle: row.title,
      teacherId: row.teacher_id, sessionName: row.session_name, figures, alert: judgeEngagement(figures, settings, now),
    };
  });
}

export interface ReminderRow extends PastReminder {
  id: number;
  studentId: number;
  courseId: number;
  manual: boolean;
  mailedAt: Date | null;
}

/** The reminders of these enrolments (all when `pairs` is null), oldest first. */
export async function remindersOf(db: { query: Database['query'] }, pairs: { studentId: number; courseId: number }[] | null): Promise<ReminderRow[]> {
  if (pairs !== null && pairs.length === 0) return [];
  const rows = await db.query<{ id: number; student_id: number; course_id: number; kind: PastReminder['kind']; episode_start: Date; nth: number; decided_at: Date; manual: boolean; mailed_at: Date | null }>(
    `select id, student_id, course_id, kind, episode_start, nth, decided_at, manual, mailed_at from engagement.reminder r
      where $1::int[] is null or (student_id, course_id) in (select * from unnest($1::int[], $2::int[]))
      order by decided_at, id`,
    pairs === null ? [null, null] : [pairs.map((p) => p.studentId), pairs.map((p) => p.courseId)],
  );
  return rows.map((r) => ({
    id: r.id, studentId: r.student_id, courseId: r.course_id, kind: r.kind, episodeStart: new Date(r.episode_start), nth: r.nth,
    decidedAt: new Date(r.decided_at), manual: r.manual, mailedAt: r.mailed_at ? new Date(r.mailed_at) : null,
  }));
}

export const enrolmentKey = (studentId: number, courseId: number): string => `${studentId}:${courseId}`;

export function groupByEnrolment(history: ReminderRow[]): Map<string, ReminderRow[]> {
  const groups = new Map<string, ReminderRow[]>();
  for (const r of history) {
    const key = enrolmentKey(r.studentId, r.courseId);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return groups;
}

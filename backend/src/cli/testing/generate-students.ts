/**
 * Many students at once for scale tests and the benchmark (issue 13: 10,000 learners): plain SQL,
 * not the write path, so they have no events (the dashboard's totals do not count them) and a
 * password hash no password matches (they cannot sign in). Each is enrolled in the given courses
 * with progress rows as the learning-progress projections would hold them.
 */
export const GENERATE_STUDENTS_SQL = `
  with accounts as (
    insert into identity.account (email, username, password_hash, role, created_at, updated_at)
    select $1 || '-' || g || '@masse.lms-formation.fr', $1 || '-' || g, '!', 'student', now(), now()
      from generate_series(1, $2::int) g
    returning id, username, email
  ), students as (
    insert into identity.student (account_id, fullname, prenom, nom, interested_categories, search_text, date_entree, formations, formation_title)
    select id, 'Apprenant ' || username, 'Apprenant', username, '', lower('Apprenant ' || username || ' ' || email || ' ' || username),
           date '2026-01-01' + (id % 300), '{Bureautique}', 'Bureautique'
      from accounts
    returning id
  ), enrolled as (
    insert into enrolment.student_course (student_id, course_id, enrolled_at)
    select s.id, c, now() from students s, unnest($3::int[]) c
    returning student_id, course_id
  ), per_course as (
    insert into progress.student_course_progress (student_id, course_id, validated_steps, connected_seconds, active_seconds, last_activity_at, completed_at)
    select student_id, course_id, (student_id + course_id) % 4, (student_id % 5000) + 60, (student_id % 4000) + 30, now(),
           case when (student_id + course_id) % 7 = 0 then now() end
      from enrolled
    returning student_id, active_seconds, completed_at
  )
  insert into progress.student_progress (student_id, validated_steps, connected_seconds, active_seconds, courses_completed, last_activity_at)
  select student_id, 0, 0, sum(active_seconds), count(completed_at), now() from per_course group by student_id
  union all
  select s.id, 0, 0, 0, 0, null from students s where cardinality($3::int[]) = 0`;

export type Execute = (sql: string, params: unknown[]) => Promise<unknown>;

/** `count` students named `Apprenant {prefix}-{n}`, enrolled in `courseIds`. */
export async function generateStudents(execute: Execute, count: number, prefix: string, courseIds: number[] = []): Promise<void> {
  await execute(GENERATE_STUDENTS_SQL, [prefix, count, courseIds]);
}

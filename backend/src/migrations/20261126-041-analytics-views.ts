import { Migration } from '@mikro-orm/migrations';

/**
 * A pseudonymous analytics view for every projection that holds report-worthy figures (issue 21,
 * docs/analytics.md): ids, dates and counts, never a name, an e-mail, a login or a case number.
 * With `accounts` and `daily_activity` (migration 002) every projection of the log has one. The
 * analysts' role reads them through the default privileges of the schema (granted on future views).
 */
export class Migration20261126041AnalyticsViews extends Migration {
  override name = '20261126-041-analytics-views';

  override up(): void {
    const views: [string, string][] = [
      // administration
      ['headcount', `select kind, total, updated_at from administration.headcount`],
      ['weekly_activity', `select week_start, enrolments, completions from administration.weekly_activity`],
      ['weekly_learners', `select week_start, student_id from administration.weekly_learner`],
      // catalogue
      [
        'course_stats',
        `select course_id, total_enrolled_students as enrolments, rating_count, rating_sum,
                case when rating_count > 0 then round(rating_sum::numeric / rating_count, 2) end as rating_average
           from catalogue.course_stats`,
      ],
      ['courses', `select course_id, teacher_id, category_id, chapters, archived from catalogue.course_outline`],
      ['trainer_students', `select teacher_id, student_id from catalogue.trainer_student`],
      // assessment
      [
        'quiz_attempts',
        `select student_id, quiz_id, attempt, started_at, last_answer_at, completed_at, answered, correct, total from assessment.attempt_result`,
      ],
      // tutoring
      ['reply_delays', `select conversation_id, teacher_id, awaiting_since, delays as delays_seconds from tutoring.reply_delay`],
      // learning-progress
      ['quiz_completions', `select student_id, quiz_id, attempt, course_id, score, total, completed_at from progress.quiz_completion`],
      [
        'student_course_progress',
        `select student_id, course_id, validated_steps, connected_seconds, active_seconds, last_activity_at, completed_at
           from progress.student_course_progress`,
      ],
      [
        'student_progress',
        `select student_id, validated_steps, connected_seconds, active_seconds, courses_completed, last_activity_at from progress.student_progress`,
      ],
      [
        'student_counters',
        `select student_id, is_active, enrolled_courses, courses_completed, complete_assignments, pending_assignments from progress.student_dashboard`,
      ],
    ];
    for (const [name, select] of views) this.addSql(`create view analytics.${name} as ${select}`);
  }
}

/** Live quizzes with their live question count (the trainers' names come from identity's query). */
export const QUIZ_SELECT = `
  select q.id, q.title, q.detail, q.teacher_id as teacher, q.pass_mark, q.max_attempts, q.time_limit_minutes as time_limit,
         coalesce(q.draw_count, (select count(*) from assessment.question x where x.quiz_id = q.id and x.archived_at is null))::int as total_questions,
         q.shuffle, q.draw_category, q.draw_count,
         to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
    from assessment.quiz q
   where q.archived_at is null`;

export const QUESTION_SELECT = `
  select id, quiz_id as quiz, position as "order", questions, ans1, ans2, ans3, ans4, right_ans, explanation, kind,
         coalesce(right_answers, jsonb_build_array(array_position(array[ans1, ans2, ans3, ans4], right_ans))) as right_answers
    from assessment.question where archived_at is null`;

/** The result of a student's current attempt. */
export const RESULT_SQL = `
  select coalesce(nullif((select count(*) from assessment.attempt_question aq join assessment.quiz_attempt qa on qa.id = aq.attempt_id
                            where qa.student_quiz_id = max(s.id) and qa.attempt = max(s.attempt)), 0),
                  (select coalesce(z.draw_count, (select count(*) from assessment.question x where x.quiz_id = z.id and x.archived_at is null))
                     from assessment.quiz z where z.id = $1))::int as total_questions,
         count(a.id)::int as total_attempted_questions,
         count(a.id) filter (where a.correct)::int as total_correct_questions
    from assessment.student_quiz s
    left join assessment.quiz_answer a on a.student_quiz_id = s.id and a.attempt = s.attempt
   where s.quiz_id = $1 and s.student_id = $2`;

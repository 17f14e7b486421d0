import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetTutoringTranscript, type TranscriptHomework, type TranscriptMessage, type TranscriptSubmission, type TutoringTranscript } from '../../contracts/tutoring.transcript.js';
import { GRADE_OUT_OF } from '../../domain/homework.aggregate.js';

/**
 * Every message between the student and the trainers, oldest first. A trainer's message answers the
 * student's messages since the trainer's previous one (its `turn`): its delay runs from the first of them.
 * A group message is not a reply (as in the reply-delay projection): it neither ends a turn nor has a delay.
 */
export const TRANSCRIPT_MESSAGES_SQL = `with m as (
    select m.id, c.teacher_id, m.sender, m.body, m.group_id, m.sent_at
      from tutoring.message m join tutoring.conversation c on c.id = m.conversation_id
     where c.student_id = $1 and c.teacher_id = any($2::int[])
  ), turns as (
    select m.*, count(*) filter (where sender = 'teacher' and group_id is null) over (partition by teacher_id order by sent_at, id rows between unbounded preceding and 1 preceding) as turn from m
  )
  select id::int as id, teacher_id, sender, body, group_id is not null as "group", sent_at,
         case when sender = 'teacher' and group_id is null
              then extract(epoch from sent_at - min(sent_at) filter (where sender = 'student') over (partition by teacher_id, turn))::int end as response_seconds
    from turns
   order by sent_at, id`;

export const TRANSCRIPT_HOMEWORK_SQL = `select h.id, h.teacher_id, h.title, h.detail, h.given_at, h.completed_at, h.student_status as done,
         h.due_at, h.grade::float8 as grade, ${GRADE_OUT_OF} as out_of, h.feedback, h.graded_at,
         coalesce((select json_agg(json_build_object(
                     'number', s.number, 'submitted_at', s.submitted_at, 'late', s.late, 'sha256', s.sha256,
                     'files', coalesce((select json_agg(json_build_object('file_name', f.file_name, 'size', f.size, 'sha256', f.sha256) order by f.id)
                                          from tutoring.homework_file f where f.submission_id = s.id), '[]'::json)
                   ) order by s.number)
                     from tutoring.homework_submission s where s.homework_id = h.id), '[]'::json) as submissions
    from tutoring.homework h where h.student_id = $1 and h.teacher_id = any($2::int[]) order by h.given_at, h.id`;

type MessageRow = Omit<TranscriptMessage, 'sent_at'> & { sent_at: Date };
type SubmissionRow = Omit<TranscriptSubmission, 'submitted_at'> & { submitted_at: string };
type HomeworkRow = Omit<TranscriptHomework, 'given_at' | 'completed_at' | 'due_at' | 'graded_at' | 'submissions'> & {
  given_at: Date; completed_at: Date | null; due_at: Date | null; graded_at: Date | null; submissions: SubmissionRow[];
};
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

@QueryHandler(GetTutoringTranscript)
export class GetTutoringTranscriptHandler implements IQueryHandler<GetTutoringTranscript> {
  constructor(private readonly db: Database) {}

  async execute({ studentId, teacherIds }: GetTutoringTranscript): Promise<TutoringTranscript> {
    const params = [studentId, [...teacherIds]];
    const [messages, homework] = await Promise.all([
      this.db.query<MessageRow>(TRANSCRIPT_MESSAGES_SQL, params),
      this.db.query<HomeworkRow>(TRANSCRIPT_HOMEWORK_SQL, params),
    ]);
    return {
      messages: messages.map((m) => ({ ...m, sent_at: m.sent_at.toISOString() })),
      homework: homework.map((h) => ({
        ...h,
        given_at: h.given_at.toISOString(), completed_at: isoOrNull(h.completed_at), due_at: isoOrNull(h.due_at), graded_at: isoOrNull(h.graded_at),
        // json_build_object writes a timestamptz in the session's zone: read back as an instant.
        submissions: h.submissions.map((s) => ({ ...s, submitted_at: new Date(s.submitted_at).toISOString(), files: s.files.map((f) => ({ ...f, size: Number(f.size) })) })),
      })),
    };
  }
}

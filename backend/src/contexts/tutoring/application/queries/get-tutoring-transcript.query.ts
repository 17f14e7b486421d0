import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetTutoringTranscript, type TranscriptHomework, type TranscriptMessage, type TutoringTranscript } from '../../contracts/tutoring.transcript.js';

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

export const TRANSCRIPT_HOMEWORK_SQL = `select id, teacher_id, title, detail, given_at, completed_at, student_status as done
    from tutoring.homework where student_id = $1 and teacher_id = any($2::int[]) order by given_at, id`;

type MessageRow = Omit<TranscriptMessage, 'sent_at'> & { sent_at: Date };
type HomeworkRow = Omit<TranscriptHomework, 'given_at' | 'completed_at'> & { given_at: Date; completed_at: Date | null };

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
      homework: homework.map((h) => ({ ...h, given_at: h.given_at.toISOString(), completed_at: h.completed_at ? h.completed_at.toISOString() : null })),
    };
  }
}

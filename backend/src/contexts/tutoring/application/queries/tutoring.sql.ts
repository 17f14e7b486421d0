/** ISO text of a timestamptz column, UTC, to the second (as every view of the API). */
export const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Unread messages of one side in a conversation `c` (joined by the caller). */
export const unreadOf = (reader: 'student' | 'teacher') =>
  `(select count(*) from tutoring.message m where m.conversation_id = c.id and m.sender <> '${reader}' and m.id > c.${reader}_read_upto)::int`;

/** At most this many messages per answer: the latest ones for a history, the next ones for news. */
export const HISTORY_LIMIT = 500;

const MESSAGE_COLUMNS = `m.id::int as id, m.sender as msg_from, m.body as msg_to, ${iso('m.sent_at')} as msg_time, (m.group_id is not null) as "group"`;

/** The latest messages of a conversation, oldest first. */
export const HISTORY_SQL = `
  select * from (
    select ${MESSAGE_COLUMNS}
      from tutoring.conversation c join tutoring.message m on m.conversation_id = c.id
     where c.teacher_id = $1 and c.student_id = $2
     order by m.id desc
     limit ${HISTORY_LIMIT}) latest
   order by id`;

/** The messages after a given one (an open chat asking for news), oldest first. */
export const NEWS_SQL = `
  select ${MESSAGE_COLUMNS}
    from tutoring.conversation c join tutoring.message m on m.conversation_id = c.id
   where c.teacher_id = $1 and c.student_id = $2 and m.id > $3
   order by m.id
   limit ${HISTORY_LIMIT}`;

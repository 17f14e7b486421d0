import { Migration } from '@mikro-orm/migrations';

/**
 * Who has a conversation open, shared by every node (docs/adr/0059): the message notice's e-mail is
 * decided on whichever node runs the policy, not the one that served the chat's poll. Unlogged: it
 * is not evidence and lasts seconds; after a crash everyone is absent (at worst one e-mail more).
 */
export class Migration20261127115ConversationPresence extends Migration {
  override name = '20261127-115-conversation-presence';

  override up(): void {
    this.addSql(`create unlogged table tutoring.presence (
      teacher_id integer not null,
      student_id integer not null,
      side text not null check (side in ('teacher', 'student')),
      seen_at timestamptz not null,
      primary key (teacher_id, student_id, side))`);
  }
}

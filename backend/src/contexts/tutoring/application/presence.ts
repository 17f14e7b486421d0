import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../../../platform/database/database.js';
import { Clock } from '../../../shared-kernel/index.js';
import type { Side } from '../contracts/tutoring.events.js';

/** An open chat asks for news every few seconds: seen within this window, a side is "active". */
export const PRESENCE_WINDOW_MS = 45_000;
/** A node writes a side's presence at most this often (an open chat polls every 4 s). */
export const PRESENCE_WRITE_EVERY_MS = 15_000;

/**
 * Who has a conversation open right now, as every node sees it (`tutoring.presence`, docs/adr/0059):
 * each poll of the history marks it, and the message notice's policy, on whichever node runs it,
 * does not e-mail an active recipient, since the message appears in front of them. Not evidence:
 * a failed write or read only means one e-mail more, never a failed request.
 */
@Injectable()
export class ConversationPresence {
  private readonly logger = new Logger('Présence');
  /** When this node last wrote each side (to write at most every PRESENCE_WRITE_EVERY_MS). */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async mark(teacherId: number, studentId: number, side: Side): Promise<void> {
    const now = this.clock.now().getTime();
    const key = `${teacherId}:${studentId}:${side}`;
    const last = this.written.get(key);
    if (last !== undefined && now - last < PRESENCE_WRITE_EVERY_MS && now >= last) return;
    this.written.set(key, now);
    if (this.written.size > 10_000) for (const [k, at] of this.written) if (now - at > PRESENCE_WRITE_EVERY_MS) this.written.delete(k);
    await this.db
      .query(
        `insert into tutoring.presence (teacher_id, student_id, side, seen_at) values ($1, $2, $3, $4)
         on conflict (teacher_id, student_id, side) do update set seen_at = greatest(tutoring.presence.seen_at, excluded.seen_at)`,
        [teacherId, studentId, side, new Date(now)],
      )
      .catch((error: unknown) => {
        this.written.delete(key);
        this.logger.warn(`Présence non enregistrée : ${String(error)}`);
      });
  }

  async isActive(teacherId: number, studentId: number, side: Side): Promise<boolean> {
    const row = await this.db
      .one<{ seen_at: Date }>('select seen_at from tutoring.presence where teacher_id = $1 and student_id = $2 and side = $3', [teacherId, studentId, side])
      .catch(() => undefined);
    if (!row) return false;
    const age = this.clock.now().getTime() - new Date(row.seen_at).getTime();
    return age <= PRESENCE_WINDOW_MS;
  }
}

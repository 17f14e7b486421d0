import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared-kernel/index.js';
import type { Side } from '../contracts/tutoring.events.js';

/** An open chat asks for news every few seconds: seen within this window, a side is "active". */
export const PRESENCE_WINDOW_MS = 45_000;

/**
 * Who has a conversation open right now, as seen by this node (each poll of the history marks
 * it): an active recipient is not e-mailed, since the message appears in front of them. Not
 * evidence and not shared between nodes: at worst a second node sends one e-mail too many.
 */
@Injectable()
export class ConversationPresence {
  private readonly seen = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  mark(teacherId: number, studentId: number, side: Side): void {
    const now = this.clock.now().getTime();
    this.seen.set(`${teacherId}:${studentId}:${side}`, now);
    if (this.seen.size > 10_000) for (const [key, at] of this.seen) if (now - at > PRESENCE_WINDOW_MS) this.seen.delete(key);
  }

  isActive(teacherId: number, studentId: number, side: Side): boolean {
    const at = this.seen.get(`${teacherId}:${studentId}:${side}`);
    return at !== undefined && this.clock.now().getTime() - at <= PRESENCE_WINDOW_MS;
  }
}

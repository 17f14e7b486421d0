import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventLog } from '../../../../platform/event-log/index.js';
import { Clock, Role } from '../../../../shared-kernel/index.js';
import { loadProfileWithAccount, recordAccountEvent } from '../account-repository.js';

/** Admin only (checked by the controller). Suspension closes every session at once. */
export class ToggleAccountActive {
  constructor(
    readonly role: Extract<Role, 'student' | 'teacher'>,
    readonly profileId: number,
  ) {}
}

@CommandHandler(ToggleAccountActive)
export class ToggleAccountActiveHandler implements ICommandHandler<ToggleAccountActive, boolean> {
  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
    private readonly events: EventLog,
  ) {}

  async execute(command: ToggleAccountActive): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      const profile = await loadProfileWithAccount(em, command.role, command.profileId);
      const isActive = profile.account.toggleActive(this.clock.now());
      await em.flush();
      await recordAccountEvent(this.events, em, profile.account.id, {
        type: isActive ? 'AccountReactivated' : 'AccountSuspended',
        payload: { accountId: profile.account.id, role: command.role, profileId: command.profileId },
      });
      return isActive;
    });
  }
}

/** Admin only: closes every session of a student (the spec's blacklist call). */
export class RevokeStudentSessions {
  constructor(readonly studentId: number) {}
}

@CommandHandler(RevokeStudentSessions)
export class RevokeStudentSessionsHandler implements ICommandHandler<RevokeStudentSessions, void> {
  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
    private readonly events: EventLog,
  ) {}

  async execute(command: RevokeStudentSessions): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const student = await loadProfileWithAccount(em, 'student', command.studentId);
      student.account.revokeSessions(this.clock.now());
      await em.flush();
      await recordAccountEvent(this.events, em, student.account.id, { type: 'SessionsRevoked', payload: { accountId: student.account.id, role: 'student', profileId: command.studentId } });
    });
  }
}

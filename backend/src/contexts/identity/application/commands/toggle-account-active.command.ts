import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventLog } from '../../../../platform/event-log/index.js';
import { Clock, Role } from '../../../../shared-kernel/index.js';
import { ACCOUNT_STREAM } from '../../contracts/identity.events.js';
import { StudentNotFoundError, TeacherNotFoundError } from '../../domain/identity.errors.js';
import { StudentProfile, TeacherProfile } from '../../domain/profiles.entity.js';

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
      const profile =
        command.role === 'student'
          ? await em.findOne(StudentProfile, { id: command.profileId }, { populate: ['account'] })
          : await em.findOne(TeacherProfile, { id: command.profileId }, { populate: ['account'] });
      if (!profile) throw command.role === 'student' ? new StudentNotFoundError() : new TeacherNotFoundError();
      const isActive = profile.account.toggleActive(this.clock.now());
      await em.flush();
      await this.events.append(em, {
        streamType: ACCOUNT_STREAM,
        streamId: profile.account.id,
        expectedVersion: 'any',
        events: [
          {
            type: isActive ? 'AccountReactivated' : 'AccountSuspended',
            payload: { accountId: profile.account.id, role: command.role, profileId: command.profileId },
          },
        ],
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
      const student = await em.findOne(StudentProfile, { id: command.studentId }, { populate: ['account'] });
      if (!student) throw new StudentNotFoundError();
      student.account.revokeSessions(this.clock.now());
      await em.flush();
      await this.events.append(em, {
        streamType: ACCOUNT_STREAM,
        streamId: student.account.id,
        expectedVersion: 'any',
        events: [{ type: 'SessionsRevoked', payload: { accountId: student.account.id, role: 'student', profileId: command.studentId } }],
      });
    });
  }
}

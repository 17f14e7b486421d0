import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, Role } from '../../../../shared-kernel/index.js';
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
  ) {}

  async execute(command: RevokeStudentSessions): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const student = await em.findOne(StudentProfile, { id: command.studentId }, { populate: ['account'] });
      if (!student) throw new StudentNotFoundError();
      student.account.revokeSessions(this.clock.now());
      await em.flush();
    });
  }
}

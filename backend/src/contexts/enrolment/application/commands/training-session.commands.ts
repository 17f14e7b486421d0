import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseTitle } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetTeacherProfile } from '../../../identity/contracts/identity.queries.js';
import type { SessionLearnerReason } from '../../contracts/enrolment.events.js';
import { LearnerInAnotherSessionError, SessionNotFoundError } from '../../domain/enrolment.errors.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';
import { TrainingSession, type SessionInput, type SessionRole } from '../../domain/training-session.aggregate.js';

// Training sessions (issue 29 item 2, docs/adr/0050): the admins schedule them and choose their members.

/** A learner already in another session of the course: the partial unique index says it. */
const sessionUniqueViolation = (message: string) => (message.includes('session_member_one_session_per_course') ? new LearnerInAnotherSessionError() : undefined);

export class ScheduleSession extends Command<{ sessionId: number }> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly input: SessionInput,
    /** Drawn by the page for one scheduling: the same request sent again answers the session it made (ADR 0022). */
    readonly requestKey: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(ScheduleSession)
export class ScheduleSessionHandler implements ICommandHandler<ScheduleSession> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId, input, requestKey }: ScheduleSession): Promise<{ sessionId: number }> {
    assertAdmin(actor);
    // A draft may have its sessions planned before it is published: any course that exists.
    await this.queries.execute(new GetCourseTitle(courseId));
    // Read inside each try: a copy that raced with this one (its insert lost on the key) finds the winner.
    const session = await this.store.transaction(async (uow) => {
      const known = requestKey === null ? null : await uow.em.findOne(TrainingSession, { requestKey });
      if (known) return known;
      const added = uow.add(new TrainingSession(courseId, requestKey));
      added.schedule(input, this.clock.now());
      return added;
    }, { actor });
    // Its id is known once saved (the event reads it then).
    return { sessionId: session.id };
  }
}

export class ChangeSession extends Command<{ changed: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly sessionId: number,
    readonly input: SessionInput,
  ) {
    super();
  }
}

@CommandHandler(ChangeSession)
export class ChangeSessionHandler implements ICommandHandler<ChangeSession> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, sessionId, input }: ChangeSession): Promise<{ changed: boolean }> {
    assertAdmin(actor);
    return this.store.transaction(async (uow) => {
      const session = await uow.load(TrainingSession, { id: sessionId }, () => new SessionNotFoundError());
      return { changed: session.change(input) };
    }, { actor });
  }
}

/** Adds a learner (enrolled in the session's course) or a trainer (accepted by the centre). */
export class AddSessionMember extends Command<{ added: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly sessionId: number,
    readonly role: SessionRole,
    readonly personId: number,
  ) {
    super();
  }
}

@CommandHandler(AddSessionMember)
export class AddSessionMemberHandler implements ICommandHandler<AddSessionMember> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, sessionId, role, personId }: AddSessionMember): Promise<{ added: boolean }> {
    assertAdmin(actor);
    const session = await this.db.one<{ course_id: number }>('select course_id from enrolment.training_session where id = $1', [sessionId]);
    if (!session) throw new SessionNotFoundError();
    // A trainer's acceptance is identity's answer; a learner's enrolment is read in the transaction below.
    const accepted = role === 'trainer' ? (await this.queries.execute(new GetTeacherProfile(actor, personId))).approval === 'accepted' : false;
    return this.store.transaction(
      async (uow) => {
        const loaded = await uow.load(TrainingSession, { id: sessionId }, () => new SessionNotFoundError(), { populate: ['members'] });
        const now = this.clock.now();
        if (role === 'trainer') return { added: loaded.addTrainer(personId, accepted, now) };
        const enrolment = await uow.em.findOne(StudentCourse, { studentId: personId, courseId: loaded.courseId });
        return { added: loaded.addLearner(personId, enrolment?.isEnrolled ?? false, now) };
      },
      // Two adds of one learner (a double click, two admins) queue: the second sees the first's
      // membership and answers « already in »; in another session of the course it is refused.
      { actor, uniqueViolation: sessionUniqueViolation, serialize: [`session:${sessionId}`, `session-learner:${session.course_id}:${role}:${personId}`] },
    );
  }
}

export class RemoveSessionMember extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly sessionId: number,
    readonly role: SessionRole,
    readonly personId: number,
  ) {
    super();
  }
}

@CommandHandler(RemoveSessionMember)
export class RemoveSessionMemberHandler implements ICommandHandler<RemoveSessionMember> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, sessionId, role, personId }: RemoveSessionMember): Promise<void> {
    assertAdmin(actor);
    await this.store.transaction(async (uow) => {
      const session = await uow.load(TrainingSession, { id: sessionId }, () => new SessionNotFoundError(), { populate: ['members'] });
      session.remove(role, personId, this.clock.now());
    }, { actor });
  }
}

/** Sets (or clears) why a learner did not complete the session, for EDOF's « service fait ». */
export class SetSessionLearnerReason extends Command<{ changed: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly sessionId: number,
    readonly studentId: number,
    readonly reason: SessionLearnerReason | null,
  ) {
    super();
  }
}

@CommandHandler(SetSessionLearnerReason)
export class SetSessionLearnerReasonHandler implements ICommandHandler<SetSessionLearnerReason> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, sessionId, studentId, reason }: SetSessionLearnerReason): Promise<{ changed: boolean }> {
    assertAdmin(actor);
    return this.store.transaction(async (uow) => {
      const session = await uow.load(TrainingSession, { id: sessionId }, () => new SessionNotFoundError(), { populate: ['members'] });
      return { changed: session.setLearnerReason(studentId, reason) };
    }, { actor });
  }
}

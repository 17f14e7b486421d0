import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, ForbiddenError, parisCalendarDate, type Actor } from '../../../../shared-kernel/index.js';
import { AssertAuditorMayRead, GetAuditorScope, type AuditorScopeView } from '../../contracts/identity.auditors.js';
import { ACCOUNT_STREAM } from '../../contracts/identity.events.js';
import { AuditorProfile } from '../../domain/profiles.js';
import { AuditorNotFoundError } from './auditor-commands.js';

export class AuditorView {
  @ApiProperty() id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() organisation!: string;
  @ApiProperty({ description: "Dernier jour de l'accès (jour du centre, AAAA-MM-JJ)" }) ends_on!: string;
  @ApiProperty() all_courses!: boolean;
  @ApiProperty({ type: [Number] }) course_ids!: number[];
  @ApiProperty({ enum: ['invite', 'actif', 'expire', 'revoque'], description: 'invité (mot de passe pas encore choisi), actif, expiré, révoqué' })
  status!: 'invite' | 'actif' | 'expire' | 'revoque';
  @ApiProperty({ type: String, nullable: true }) activated_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) ended_at!: string | null;
}

export class AuditorAccessView {
  @ApiProperty() position!: string;
  @ApiProperty() occurred_at!: string;
  @ApiProperty({ enum: ['learners', 'transcript', 'documents', 'document', 'dossier'] }) what!: string;
  @ApiProperty({ type: Number, nullable: true }) course_id!: number | null;
  @ApiProperty({ type: Number, nullable: true }) student_id!: number | null;
  @ApiProperty({ type: Number, nullable: true }) document_id!: number | null;
}

function view(auditor: AuditorProfile, now: Date): AuditorView {
  const status = auditor.endedAt ? 'revoque' : parisCalendarDate(now) > auditor.endsOn ? 'expire' : auditor.activatedAt ? 'actif' : 'invite';
  return {
    id: auditor.id,
    full_name: auditor.fullName,
    email: auditor.account.email,
    organisation: auditor.organisation,
    ends_on: auditor.endsOn,
    all_courses: auditor.allCourses,
    course_ids: auditor.courseIds,
    status,
    activated_at: auditor.activatedAt?.toISOString() ?? null,
    ended_at: auditor.endedAt?.toISOString() ?? null,
  };
}

/** Every auditor, newest first (admins). */
export class ListAuditors extends Query<AuditorView[]> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListAuditors)
export class ListAuditorsHandler implements IQueryHandler<ListAuditors> {
  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
  ) {}

  async execute({ actor }: ListAuditors): Promise<AuditorView[]> {
    assertAdmin(actor);
    const auditors = await this.orm.em.fork().find(AuditorProfile, {}, { populate: ['account'], orderBy: { id: 'desc' } });
    return auditors.map((a) => view(a, this.clock.now()));
  }
}

/** One auditor (admins). */
export class GetAuditor extends Query<AuditorView> {
  constructor(
    readonly actor: Actor,
    readonly auditorId: number,
  ) {
    super();
  }
}

@QueryHandler(GetAuditor)
export class GetAuditorHandler implements IQueryHandler<GetAuditor> {
  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, auditorId }: GetAuditor): Promise<AuditorView> {
    assertAdmin(actor);
    const auditor = await this.orm.em.fork().findOne(AuditorProfile, { id: auditorId }, { populate: ['account'] });
    if (!auditor) throw new AuditorNotFoundError();
    return view(auditor, this.clock.now());
  }
}

/** An auditor's accesses, newest first, from the log itself (admins): the `AuditorAccessed` events of their account's stream. */
export class GetAuditorAccesses extends Query<AuditorAccessView[]> {
  constructor(
    readonly actor: Actor,
    readonly auditorId: number,
  ) {
    super();
  }
}

@QueryHandler(GetAuditorAccesses)
export class GetAuditorAccessesHandler implements IQueryHandler<GetAuditorAccesses> {
  constructor(
    private readonly orm: MikroORM,
    private readonly db: Database,
  ) {}

  async execute({ actor, auditorId }: GetAuditorAccesses): Promise<AuditorAccessView[]> {
    assertAdmin(actor);
    const auditor = await this.orm.em.fork().findOne(AuditorProfile, { id: auditorId }, { populate: ['account'] });
    if (!auditor) throw new AuditorNotFoundError();
    const rows = await this.db.query<{ position: string; occurred_at: Date; payload: { what: string; courseId: number | null; studentId: number | null; documentId: number | null } }>(
      `select position::text as position, occurred_at, payload from eventlog.event
        where stream_type = $1 and stream_id = $2 and event_type = 'AuditorAccessed'
        order by position desc limit 1000`,
      [ACCOUNT_STREAM, String(auditor.account.id)],
    );
    return rows.map((r) => ({
      position: r.position,
      occurred_at: new Date(r.occurred_at).toISOString(),
      what: r.payload.what,
      course_id: r.payload.courseId ?? null,
      student_id: r.payload.studentId ?? null,
      document_id: r.payload.documentId ?? null,
    }));
  }
}

@QueryHandler(GetAuditorScope)
export class GetAuditorScopeHandler implements IQueryHandler<GetAuditorScope> {
  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
  ) {}

  async execute({ actor }: GetAuditorScope): Promise<AuditorScopeView> {
    if (actor.role !== 'auditor') throw new ForbiddenError('Cette page est réservée aux auditeurs.');
    const auditor = await this.orm.em.fork().findOne(AuditorProfile, { id: actor.profileId }, { populate: ['account'] });
    if (!auditor) throw new AuditorNotFoundError();
    auditor.assertLive(this.clock.now());
    return { auditorId: auditor.id, fullName: auditor.fullName, organisation: auditor.organisation, endsOn: auditor.endsOn, allCourses: auditor.allCourses, courseIds: auditor.courseIds };
  }
}

@QueryHandler(AssertAuditorMayRead)
export class AssertAuditorMayReadHandler implements IQueryHandler<AssertAuditorMayRead> {
  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId }: AssertAuditorMayRead): Promise<void> {
    if (actor.role !== 'auditor') throw new ForbiddenError('Cette page est réservée aux auditeurs.');
    const auditor = await this.orm.em.fork().findOne(AuditorProfile, { id: actor.profileId }, { populate: ['account'] });
    if (!auditor) throw new AuditorNotFoundError();
    auditor.assertMayRead(courseId, this.clock.now());
  }
}

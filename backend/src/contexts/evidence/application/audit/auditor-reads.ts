import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import { COURSE_ENROLMENT, SESSION_LEARNER, TRAINING_SESSION_SUMMARY } from '../../../enrolment/contracts/enrolment.read-models.js';
import { GetAuditorScope, type AuditorScopeView } from '../../../identity/contracts/identity.auditors.js';
import { STUDENT_RECORD, studentRecordOrder } from '../../../identity/contracts/identity.read-models.js';

export class AuditCourseView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: ['draft', 'published'] }) status!: string;
  @ApiProperty({ type: String, nullable: true }) archived_at!: string | null;
  @ApiProperty({ description: 'Apprenants inscrits ou ayant un historique (comptes clôturés compris)' }) learners!: number;
}

export class AuditLearnerView {
  @ApiProperty() id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty({ type: String, nullable: true }) enrolled_at!: string | null;
  @ApiProperty({ description: 'Compte clôturé (son historique reste consultable)' }) closed!: boolean;
}

/** A training session of a course of the scope, to filter its learners by. */
export class AuditSessionView {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'Session de mars 2027' }) name!: string;
  @ApiProperty({ description: 'AAAA-MM-JJ' }) start_date!: string;
  @ApiProperty({ description: 'AAAA-MM-JJ' }) end_date!: string;
}

export class AuditSessionNotFoundError extends NotFoundError {
  constructor() {
    super('Session introuvable pour cette formation.');
  }
}

/** The courses of the signed-in auditor's scope (403 once expired or revoked), with their learners' count. */
export class ListAuditCourses extends Query<AuditCourseView[]> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListAuditCourses)
export class ListAuditCoursesHandler implements IQueryHandler<ListAuditCourses> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor }: ListAuditCourses): Promise<AuditCourseView[]> {
    const scope: AuditorScopeView = await this.queries.execute(new GetAuditorScope(actor));
    const rows = await this.db.query<{ id: number; title: string; status: string; archived_at: Date | null; learners: number }>(
      `select c.course_id as id, c.title, c.status, c.archived_at,
              (select count(*)::int from ${COURSE_ENROLMENT} e where e.course_id = c.course_id) as learners
         from ${COURSE_SUMMARY} c
        where $1 or c.course_id = any($2::int[])
        order by c.title, c.course_id`,
      [scope.allCourses, scope.courseIds],
    );
    return rows.map((r) => ({ ...r, archived_at: r.archived_at ? new Date(r.archived_at).toISOString() : null }));
  }
}

/**
 * The learners of a course (closed accounts included, marked), for an auditor whose access to it
 * the caller has admitted (AdmitAuditorAccess). Enrolled learners: an unenrolled one's history stays
 * readable by its transcript.
 */
export class ListAuditLearners extends Query<AuditLearnerView[]> {
  constructor(
    readonly courseId: number,
    /** Only the learners who were in this session of the course (a session of another course: 404). */
    readonly sessionId?: number,
  ) {
    super();
  }
}

@QueryHandler(ListAuditLearners)
export class ListAuditLearnersHandler implements IQueryHandler<ListAuditLearners> {
  constructor(private readonly db: Database) {}

  async execute({ courseId, sessionId }: ListAuditLearners): Promise<AuditLearnerView[]> {
    if (sessionId !== undefined) {
      const session = await this.db.one(`select 1 from ${TRAINING_SESSION_SUMMARY} where session_id = $1 and course_id = $2`, [sessionId, courseId]);
      if (!session) throw new AuditSessionNotFoundError();
    }
    const params: unknown[] = [courseId];
    const inSession =
      sessionId === undefined ? '' : `and exists (select 1 from ${SESSION_LEARNER} sl where sl.session_id = $${params.push(sessionId)} and sl.student_id = e.student_id)`;
    const rows = await this.db.query<{ id: number; fullname: string; enrolled_at: Date | null; closed_at: Date | null }>(
      `select s.id, s.fullname, e.enrolled_at, s.closed_at
         from ${COURSE_ENROLMENT} e join ${STUDENT_RECORD} s on s.id = e.student_id
        where e.course_id = $1 ${inSession}
        order by ${studentRecordOrder('s')}`,
      params,
    );
    return rows.map((r) => ({ id: r.id, fullname: r.fullname, enrolled_at: r.enrolled_at ? new Date(r.enrolled_at).toISOString() : null, closed: r.closed_at !== null }));
  }
}

/** The training sessions of a course of the scope, the newest first (the caller has admitted the access). */
export class ListAuditSessions extends Query<AuditSessionView[]> {
  constructor(readonly courseId: number) {
    super();
  }
}

@QueryHandler(ListAuditSessions)
export class ListAuditSessionsHandler implements IQueryHandler<ListAuditSessions> {
  constructor(private readonly db: Database) {}

  execute({ courseId }: ListAuditSessions): Promise<AuditSessionView[]> {
    return this.db.query<AuditSessionView>(
      `select session_id as id, name, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
         from ${TRAINING_SESSION_SUMMARY} where course_id = $1 order by start_date desc, session_id desc`,
      [courseId],
    );
  }
}

/** Whose and which course's an issued document is (404 when there is none), to admit an auditor's download. */
export class GetDocumentSubject extends Query<{ studentId: number; courseId: number }> {
  constructor(readonly documentId: number) {
    super();
  }
}

@QueryHandler(GetDocumentSubject)
export class GetDocumentSubjectHandler implements IQueryHandler<GetDocumentSubject> {
  constructor(private readonly db: Database) {}

  async execute({ documentId }: GetDocumentSubject): Promise<{ studentId: number; courseId: number }> {
    const row = await this.db.one<{ student_id: number; course_id: number }>('select student_id, course_id from evidence.issued_document where id = $1', [documentId]);
    if (!row) throw new NotFoundError('Document introuvable.');
    return { studentId: row.student_id, courseId: row.course_id };
  }
}

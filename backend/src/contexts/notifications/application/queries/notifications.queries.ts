import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import { GetStudentSummaries, GetTeacherSummaries } from '../../../identity/contracts/identity.queries.js';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../contracts/notifications.events.js';

/** The most the count says (the bell shows « 99+ »): counting stops there, so an old account's count stays one short index scan. */
export const COUNT_CAP = 100;
/** How many notifications the opened bell lists. */
export const LIST_SIZE = 20;
export const NO_BELL = "Les notifications sont réservées aux étudiants, formateurs et administrateurs.";

/**
 * The rows of `notifications.notification` meant for the actor, as SQL over `n` ($1: the profile id):
 * a student's or trainer's own, every admin's, and the course trainer's (the course's owner now,
 * read from the catalogue's published view).
 */
export function recipientClause(actor: Actor): string {
  switch (actor.role) {
    case 'student':
      return `(n.recipient_role = 'student' and n.recipient_id = $1)`;
    case 'teacher':
      return `((n.recipient_role = 'teacher' and n.recipient_id = $1)
        or (n.to_course_trainer and n.course_id in (select c.course_id from ${COURSE_SUMMARY} c where c.teacher_id = $1)))`;
    case 'admin':
      // Every admin's: $1 is named only so that every statement takes the same parameters.
      return `(n.recipient_role = 'admin' and $1::int is not null)`;
    default:
      throw new ForbiddenError(NO_BELL);
  }
}

export class NotificationCount {
  @ApiProperty({ description: `Non lues (au plus ${COUNT_CAP} : « 99+ »)` }) unread!: number;
  @ApiProperty({ description: 'Position de la dernière notification vue' }) seen_up_to!: number;
}

export class NotificationItem {
  @ApiProperty({ description: 'Position dans le journal (identifiant de la notification)' }) position!: number;
  @ApiProperty({ enum: NOTIFICATION_KINDS }) kind!: NotificationKind;
  @ApiProperty() occurred_at!: string;
  @ApiProperty() unread!: boolean;
  @ApiProperty({ type: Number, nullable: true }) student_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) student_name!: string | null;
  @ApiProperty({ type: Number, nullable: true }) teacher_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) teacher_name!: string | null;
  @ApiProperty({ type: Number, nullable: true }) course_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) course_title!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'La conversation, le devoir, la demande d’assistance, le quiz ou le formateur concerné' }) subject_id!: number | null;
  @ApiProperty({ type: Number, nullable: true }) score!: number | null;
  @ApiProperty({ type: Number, nullable: true }) total!: number | null;
}

export class NotificationList {
  @ApiProperty({ type: [NotificationItem] }) items!: NotificationItem[];
  @ApiProperty() unread!: number;
  @ApiProperty() seen_up_to!: number;
  @ApiProperty({ description: 'La plus récente position listée (0 : aucune) : à renvoyer pour marquer comme vu' }) latest!: number;
}

/** The bell's count: one indexed statement (the inbox's mark and the capped count). */
export class CountNotifications extends Query<NotificationCount> {
  constructor(readonly actor: Actor) {
    super();
  }
}

/** The opened bell: the latest 20, names and titles resolved through identity's queries and the catalogue's view. */
export class ListNotifications extends Query<NotificationList> {
  constructor(readonly actor: Actor) {
    super();
  }
}

const SEEN = `coalesce((select i.seen_up_to from notifications.inbox i where i.account_id = $2), 0)`;

@QueryHandler(CountNotifications)
export class CountNotificationsHandler implements IQueryHandler<CountNotifications> {
  constructor(private readonly db: Database) {}

  async execute({ actor }: CountNotifications): Promise<NotificationCount> {
    const row = await this.db.one<{ unread: number; seen_up_to: string }>(
      `select (select count(*) from (select 1 from notifications.notification n
                 where n.position > ${SEEN} and ${recipientClause(actor)} limit ${COUNT_CAP}) u)::int as unread,
              ${SEEN} as seen_up_to`,
      [actor.profileId, actor.accountId],
    );
    return { unread: row!.unread, seen_up_to: Number(row!.seen_up_to) };
  }
}

interface ListRow {
  position: string;
  kind: NotificationKind;
  occurred_at: Date;
  unread: boolean;
  student_id: number | null;
  teacher_id: number | null;
  course_id: number | null;
  course_title: string | null;
  subject_id: number | null;
  score: number | null;
  total: number | null;
}

@QueryHandler(ListNotifications)
export class ListNotificationsHandler implements IQueryHandler<ListNotifications> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly count: CountNotificationsHandler,
  ) {}

  async execute({ actor }: ListNotifications): Promise<NotificationList> {
    const rows = await this.db.query<ListRow>(
      `select n.position, n.kind, n.occurred_at, n.position > ${SEEN} as unread, n.student_id, n.teacher_id, n.course_id,
              c.title as course_title, n.subject_id, n.score, n.total
         from notifications.notification n left join ${COURSE_SUMMARY} c on c.course_id = n.course_id
        where ${recipientClause(actor)}
        order by n.position desc limit ${LIST_SIZE}`,
      [actor.profileId, actor.accountId],
    );
    const studentIds = [...new Set(rows.flatMap((r) => (r.student_id === null ? [] : [r.student_id])))];
    const teacherIds = [...new Set(rows.flatMap((r) => (r.teacher_id === null ? [] : [r.teacher_id])))];
    const [students, teachers, count] = await Promise.all([
      studentIds.length ? this.queries.execute(new GetStudentSummaries(studentIds)) : new Map(),
      teacherIds.length ? this.queries.execute(new GetTeacherSummaries(teacherIds)) : new Map(),
      this.count.execute(new CountNotifications(actor)),
    ]);
    const items = rows.map((r) => ({
      position: Number(r.position),
      kind: r.kind,
      occurred_at: new Date(r.occurred_at).toISOString(),
      unread: r.unread,
      student_id: r.student_id,
      // A closed account is not answered (ADR 0015): the sentence then names nobody.
      student_name: r.student_id === null ? null : (students.get(r.student_id)?.fullname ?? null),
      teacher_id: r.teacher_id,
      teacher_name: r.teacher_id === null ? null : (teachers.get(r.teacher_id)?.full_name ?? null),
      course_id: r.course_id,
      course_title: r.course_title,
      subject_id: r.subject_id,
      score: r.score,
      total: r.total,
    }));
    return { items, unread: count.unread, seen_up_to: count.seen_up_to, latest: items[0]?.position ?? 0 };
  }
}

/** The newest position the actor may mark as seen (the server's own records). */
export async function latestPosition(db: Database, actor: Actor): Promise<number> {
  const row = await db.one<{ latest: string | null }>(
    `select max(n.position) as latest from notifications.notification n where ${recipientClause(actor)}`,
    [actor.profileId],
  );
  return Number(row?.latest ?? 0);
}

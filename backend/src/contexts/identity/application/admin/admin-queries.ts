import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { StudentNotFoundError, TeacherNotFoundError, UserNotFoundError } from '../../domain/identity.errors.js';
import { OPEN_STUDENT_RECORDS_SQL, STUDENT_RECORD_SELECT, toStudentRecordView, UserView, type StudentRecordRow, type StudentRecordView } from './student-records.js';

/** Every open student record (GET /admin/students/full-data/), by name; closed accounts left out. */
export class ListStudentRecords extends Query<StudentRecordView[]> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListStudentRecords)
export class ListStudentRecordsHandler implements IQueryHandler<ListStudentRecords> {
  constructor(private readonly db: Database) {}

  async execute({ actor }: ListStudentRecords): Promise<StudentRecordView[]> {
    assertAdmin(actor);
    const rows = await this.db.query<StudentRecordRow>(OPEN_STUDENT_RECORDS_SQL);
    return rows.map(toStudentRecordView);
  }
}

/** One student's record, closed accounts included (their history stays readable for audits). */
export class GetStudentRecord extends Query<StudentRecordView> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(GetStudentRecord)
export class GetStudentRecordHandler implements IQueryHandler<GetStudentRecord> {
  constructor(private readonly db: Database) {}

  async execute({ actor, studentId }: GetStudentRecord): Promise<StudentRecordView> {
    assertAdmin(actor);
    const row = await this.db.one<StudentRecordRow>(`${STUDENT_RECORD_SELECT} where s.id = $1`, [studentId]);
    if (!row) throw new StudentNotFoundError();
    return toStudentRecordView(row);
  }
}

/** The login of a student's or trainer's account (GET /users/{id}/). */
export class GetUser extends Query<UserView> {
  constructor(
    readonly actor: Actor,
    readonly accountId: number,
  ) {
    super();
  }
}

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(private readonly db: Database) {}

  async execute({ actor, accountId }: GetUser): Promise<UserView> {
    assertAdmin(actor);
    const row = await this.db.one<UserView>(`select id, username, email from identity.account where id = $1 and role in ('student', 'teacher')`, [accountId]);
    if (!row) throw new UserNotFoundError();
    return row;
  }
}

/** A trainer as the back office shows them (spec 03 « Teacher »). */
export class TrainerRecordView {
  @ApiProperty() id!: number;
  @ApiProperty() prenom!: string;
  @ApiProperty() nom!: string;
  @ApiProperty({ description: '`prenom nom`' }) full_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ description: 'Vide si non renseigné' }) telephone!: string;
  @ApiProperty({ description: 'Lien Calendly, vide si non renseigné' }) calendly!: string;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) closed_at!: string | null;
  @ApiProperty({ type: UserView }) user_read!: UserView;
}

export const TRAINER_RECORD_SELECT = `
  select t.id, t.prenom, t.nom, t.full_name, a.email, t.mobile_no as telephone, t.calendly, a.is_active, a.closed_at,
         json_build_object('id', a.id, 'username', a.username, 'email', a.email) as user_read
    from identity.teacher t join identity.account a on a.id = t.account_id`;

export function toTrainerRecordView(row: Omit<TrainerRecordView, 'closed_at'> & { closed_at: Date | string | null }): TrainerRecordView {
  return { ...row, closed_at: row.closed_at === null ? null : new Date(row.closed_at).toISOString() };
}

/** One trainer's record (GET /formateur/{id}/). */
export class GetTrainerRecord extends Query<TrainerRecordView> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
  ) {
    super();
  }
}

@QueryHandler(GetTrainerRecord)
export class GetTrainerRecordHandler implements IQueryHandler<GetTrainerRecord> {
  constructor(private readonly db: Database) {}

  async execute({ actor, teacherId }: GetTrainerRecord): Promise<TrainerRecordView> {
    assertAdmin(actor);
    const row = await this.db.one<Parameters<typeof toTrainerRecordView>[0]>(`${TRAINER_RECORD_SELECT} where t.id = $1`, [teacherId]);
    if (!row) throw new TeacherNotFoundError();
    return toTrainerRecordView(row);
  }
}

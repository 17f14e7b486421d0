import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { StudentNotFoundError, TeacherNotFoundError } from '../../domain/identity.errors.js';

export interface StudentView {
  id: number;
  fullname: string;
  email: string;
  username: string;
  interseted_categories: string;
  profile_img: string | null;
  is_active: boolean;
  formation_title: string | null;
}

export class GetStudentProfile {
  constructor(readonly studentId: number) {}
}

@QueryHandler(GetStudentProfile)
export class GetStudentProfileHandler implements IQueryHandler<GetStudentProfile, StudentView> {
  constructor(private readonly db: Database) {}

  async execute({ studentId }: GetStudentProfile): Promise<StudentView> {
    const row = await this.db.one<StudentView>(
      `select s.id, s.fullname, a.email, a.username, s.interested_categories as interseted_categories,
              s.profile_img, a.is_active, s.formation_title
         from identity.student s join identity.account a on a.id = s.account_id
        where s.id = $1`,
      [studentId],
    );
    if (!row) throw new StudentNotFoundError();
    return row;
  }
}

export interface TeacherView {
  id: number;
  full_name: string;
  email: string;
  username: string;
  qualification: string;
  mobile_no?: string;
  skills: string;
  skill_list: string[];
  detail: string;
  profile_img: string | null;
  face_url: string;
  insta_url: string;
  twit_url: string;
  web_url: string;
  you_url: string;
  is_active: boolean;
}

/** `withPrivate` adds what only the trainer and admins see (the phone number). */
export class GetTeacherProfile {
  constructor(
    readonly teacherId: number,
    readonly withPrivate: boolean,
  ) {}
}

@QueryHandler(GetTeacherProfile)
export class GetTeacherProfileHandler implements IQueryHandler<GetTeacherProfile, TeacherView> {
  constructor(private readonly db: Database) {}

  async execute({ teacherId, withPrivate }: GetTeacherProfile): Promise<TeacherView> {
    const row = await this.db.one<TeacherView>(
      `select t.id, t.full_name, a.email, a.username, t.qualification, t.mobile_no, t.skills, t.detail, t.profile_img,
              t.face_url, t.insta_url, t.twit_url, t.web_url, t.you_url, a.is_active
         from identity.teacher t join identity.account a on a.id = t.account_id
        where t.id = $1`,
      [teacherId],
    );
    // A suspended trainer's public page disappears; admins and the trainer still see it.
    if (!row || (!row.is_active && !withPrivate)) throw new TeacherNotFoundError();
    const view: TeacherView = { ...row, skill_list: row.skills.split(',').map((s) => s.trim()).filter(Boolean) };
    if (!withPrivate) {
      // The public page shows what the spec lists: no phone, login name or account state.
      const { mobile_no: _phone, username: _username, is_active: _active, ...publicView } = view;
      return publicView as TeacherView;
    }
    return view;
  }
}

import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Reader } from '../../../../shared-kernel/index.js';
import { GetTeacherProfile, type TeacherView } from '../../contracts/identity.queries.js';
import { TeacherNotFoundError } from '../../domain/identity.errors.js';
import type { TrainerApproval } from '../../domain/teacher-profile.aggregate.js';

/** The trainer themself and admins see the private fields (and a suspended account). */
function seesPrivate(reader: Reader, teacherId: number): boolean {
  if (reader === 'system') return true;
  return reader?.role === 'admin' || (reader?.role === 'teacher' && reader.profileId === teacherId);
}

@QueryHandler(GetTeacherProfile)
export class GetTeacherProfileHandler implements IQueryHandler<GetTeacherProfile> {
  constructor(private readonly db: Database) {}

  async execute({ reader, teacherId }: GetTeacherProfile): Promise<TeacherView> {
    const withPrivate = seesPrivate(reader, teacherId);
    const row = await this.db.one<TeacherView & { mobile_no: string; username: string; is_active: boolean; approval: TrainerApproval }>(
      `select t.id, t.full_name, a.email, a.username, t.qualification, t.mobile_no, t.skills, t.detail, t.profile_img,
              t.face_url, t.insta_url, t.twit_url, t.web_url, t.you_url, a.is_active, t.approval
         from identity.teacher t join identity.account a on a.id = t.account_id
        where t.id = $1`,
      [teacherId],
    );
    // A suspended trainer's public page disappears, and so does one the centre has not accepted
    // (docs/adr/0030); admins and the trainer still see it.
    if (!row || ((!row.is_active || row.approval !== 'accepted') && !withPrivate)) throw new TeacherNotFoundError();
    const view = { ...row, skill_list: row.skills.split(',').map((s) => s.trim()).filter(Boolean) };
    if (withPrivate) return view;
    // The public page shows what the spec lists: no phone, login name or account state.
    const { mobile_no: _phone, username: _username, is_active: _active, approval: _approval, ...publicView } = view;
    return publicView;
  }
}

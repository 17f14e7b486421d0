import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Query } from '@nestjs/cqrs';
import type { Actor, Reader } from '../../../shared-kernel/index.js';

/** What identity tells others about a student (GET /student/{id}/ answers the same view). */
export class StudentView {
  @ApiProperty() id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty() email!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ description: "Centres d'intérêt séparés par des virgules (orthographe de la spec)" }) interseted_categories!: string;
  @ApiProperty({ type: String, nullable: true }) profile_img!: string | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Intitulé de la formation suivie' }) formation_title!: string | null;
}

/**
 * A student by id, or StudentNotFoundError (404). Readable by the student and admins (403 for
 * anyone else), or by the platform itself ('system').
 */
export class GetStudentProfile extends Query<StudentView> {
  constructor(
    readonly reader: Actor | 'system',
    readonly studentId: number,
  ) {
    super();
  }
}

/** A trainer's profile. The phone number, login and account state only for the trainer and admins. */
export class TeacherView {
  @ApiProperty() id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty() email!: string;
  @ApiPropertyOptional({ description: 'Pour le formateur et les administrateurs seulement' }) username?: string;
  @ApiProperty() qualification!: string;
  @ApiPropertyOptional({ description: 'Pour le formateur et les administrateurs seulement' }) mobile_no?: string;
  @ApiProperty({ description: 'Compétences séparées par des virgules' }) skills!: string;
  @ApiProperty({ type: [String] }) skill_list!: string[];
  @ApiProperty() detail!: string;
  @ApiProperty({ type: String, nullable: true }) profile_img!: string | null;
  @ApiProperty() face_url!: string;
  @ApiProperty() insta_url!: string;
  @ApiProperty() twit_url!: string;
  @ApiProperty() web_url!: string;
  @ApiProperty() you_url!: string;
  @ApiPropertyOptional({ description: 'Pour le formateur et les administrateurs seulement' }) is_active?: boolean;
  @ApiPropertyOptional({
    enum: ['pending', 'accepted', 'refused'],
    description: 'Pour le formateur et les administrateurs seulement : en attente de la décision du centre, accepté, refusé (ADR 0030)',
  })
  approval?: 'pending' | 'accepted' | 'refused';
}

/**
 * A trainer's profile as `reader` may see it: the trainer, admins and the platform ('system') get
 * the private fields and still see a suspended account; anyone else (or nobody: `null`) gets the
 * public page, which a suspension hides (TeacherNotFoundError, 404).
 */
export class GetTeacherProfile extends Query<TeacherView> {
  constructor(
    readonly reader: Reader,
    readonly teacherId: number,
  ) {
    super();
  }
}

export class TeacherSummary {
  @ApiProperty() id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty({ type: String, nullable: true }) profile_img!: string | null;
}

/** Names and photos of trainers, for other contexts' lists (suspended trainers included: history stays readable). */
export class GetTeacherSummaries extends Query<Map<number, TeacherSummary>> {
  constructor(readonly teacherIds: readonly number[]) {
    super();
  }
}

/** A student as a trainer's lists show them (the spec spells `interseted_categories` so). */
export class StudentSummary {
  @ApiProperty() id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty() email!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ type: String, nullable: true }) profile_img!: string | null;
  @ApiProperty() interseted_categories!: string;
}

/**
 * Students by id, for other contexts' lists: open accounts only, suspended ones included. A closed
 * account leaves every list, picker and count (ADR 0015, issue 22): its id is simply not answered.
 */
export class GetStudentSummaries extends Query<Map<number, StudentSummary>> {
  constructor(readonly studentIds: readonly number[]) {
    super();
  }
}

/** A trainer as the students they follow see them: how to reach them. */
export class TeacherContact {
  @ApiProperty() id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ description: 'Téléphone (vide si non renseigné)' }) telephone!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Lien de prise de rendez-vous (Calendly), si renseigné' }) calendly!: string | null;
  @ApiProperty({ type: String, nullable: true }) profile_img!: string | null;
}

/**
 * Trainers' contact details by id, for the students they follow and for admins: open accounts only
 * (suspended ones included); a closed trainer is nobody's contact any more (ADR 0015, issue 22).
 */
export class GetTeacherContacts extends Query<Map<number, TeacherContact>> {
  constructor(readonly teacherIds: readonly number[]) {
    super();
  }
}

/** The e-mail addresses of the admins whose account is open and active: who the centre's own reminders go to (EDOF deadlines, ADR 0053). */
export class GetAdminContacts extends Query<{ id: number; full_name: string; email: string }[]> {}

/**
 * Which of these students' or trainers' accounts are closed (erased ones included): the ids
 * answered are closed. Asked before anything is written to a person (a message, homework, a
 * follow-up, an e-mail): a closed account receives nothing any more (ADR 0015, issue 22).
 */
export class GetClosedProfiles extends Query<Set<number>> {
  constructor(
    readonly role: 'student' | 'teacher',
    readonly profileIds: readonly number[],
  ) {
    super();
  }
}

export class StudentListItem extends StudentSummary {
  @ApiProperty() is_active!: boolean;
}

/**
 * Students searched on name, e-mail and login (case ignored), by name, a page at a time; limited
 * to the given ids (`only`) or leaving some out (`except`): for other contexts' paged pickers.
 */
export class SearchStudents extends Query<{ results: StudentListItem[]; count: number }> {
  constructor(
    readonly search: string | undefined,
    readonly scope: { only?: readonly number[]; except?: readonly number[] },
    readonly page: { page: number; pageSize: number },
  ) {
    super();
  }
}

/** A student or a trainer, by profile id: whom identity asks the other contexts about before removing them. */
export interface PersonRef {
  role: 'student' | 'teacher';
  profileId: number;
}

/**
 * Questions identity defines and the downstream contexts answer before a person is removed
 * (docs/adr/0015): how many records each holds about them. Any record means the account is closed
 * and the history kept; none anywhere means the person is deleted.
 */
export class CountEnrolmentRecords extends Query<number> {
  constructor(readonly person: PersonRef) {
    super();
  }
}
/** Answered by learning-progress: steps opened, time, completions. */
export class CountLearningRecords extends Query<number> {
  constructor(readonly person: PersonRef) {
    super();
  }
}
/** Answered by assessment: a student's quiz attempts, a trainer's quizzes. */
export class CountAssessmentRecords extends Query<number> {
  constructor(readonly person: PersonRef) {
    super();
  }
}
/** Answered by tutoring: follow-ups, messages, homework. */
export class CountTutoringRecords extends Query<number> {
  constructor(readonly person: PersonRef) {
    super();
  }
}
/** Answered by the catalogue: a trainer's courses (archived ones included). */
export class CountCatalogueRecords extends Query<number> {
  constructor(readonly person: PersonRef) {
    super();
  }
}

/** Answered by quality: complaints the person filed (docs/adr/0048). */
export class CountQualityRecords extends Query<number> {
  constructor(readonly person: PersonRef) {
    super();
  }
}

/** Each question with the reason code it gives and the French words the confirmation dialog shows. */
export const HISTORY_QUESTIONS = [
  { reason: 'enrolment', label: 'inscriptions à des cours ou sessions de formation', ask: (person: PersonRef) => new CountEnrolmentRecords(person) },
  { reason: 'learning', label: 'progression et temps de formation', ask: (person: PersonRef) => new CountLearningRecords(person) },
  { reason: 'assessment', label: 'quiz (tentatives, quiz ou questions de la banque créés)', ask: (person: PersonRef) => new CountAssessmentRecords(person) },
  { reason: 'tutoring', label: 'suivi pédagogique, messages ou devoirs', ask: (person: PersonRef) => new CountTutoringRecords(person) },
  { reason: 'catalogue', label: 'cours donnés', ask: (person: PersonRef) => new CountCatalogueRecords(person) },
  { reason: 'quality', label: 'réclamations déposées', ask: (person: PersonRef) => new CountQualityRecords(person) },
] as const;

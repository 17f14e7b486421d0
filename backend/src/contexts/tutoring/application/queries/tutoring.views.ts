import { ApiProperty } from '@nestjs/swagger';
import { StudentListItem, TeacherContact } from '../../../identity/contracts/identity.queries.js';

/** A trainer who follows the student, as /my-teachers shows them. */
export class MyTeacher extends TeacherContact {
  @ApiProperty({ description: 'Messages du formateur non lus par l’étudiant' }) unread!: number;
  @ApiProperty({ description: 'Depuis quand il suit l’étudiant' }) since!: string;
}

/** A student the trainer follows, as /my-users shows them. */
export class FollowedStudent {
  @ApiProperty() id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty({ description: 'Premier mot du nom complet' }) prenom!: string;
  @ApiProperty({ description: 'Le reste du nom complet' }) nom!: string;
  @ApiProperty() email!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Pas encore recueilli (dossier administratif : à venir)' }) telephone!: string | null;
  @ApiProperty({ type: String, nullable: true }) profile_img!: string | null;
  @ApiProperty({ description: 'Messages de l’étudiant non lus par le formateur' }) unread!: number;
  @ApiProperty() pending_assignments!: number;
  @ApiProperty() since!: string;
}

/** The admin's reading of GET /student-assignment/{teacher}/{student}: the tutoring link (docs/adr/0013). */
export class TutorLink {
  @ApiProperty() id!: number;
  @ApiProperty() formateur!: number;
  @ApiProperty() student!: number;
  @ApiProperty({ enum: ['admin', 'enrolment'] }) origin!: 'admin' | 'enrolment';
  @ApiProperty() assigned_at!: string;
}

export class TeacherStudent extends StudentListItem {}

/** A message of the history: msg_to is the text (the spec's naming), msg_from who wrote it. */
export class MessageView {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['student', 'teacher'] }) msg_from!: 'student' | 'teacher';
  @ApiProperty({ description: 'Le texte du message, tel qu’écrit' }) msg_to!: string;
  @ApiProperty() msg_time!: string;
  @ApiProperty({ description: 'Envoyé à tous les étudiants du formateur' }) group!: boolean;
}

export class HomeworkTeacher {
  @ApiProperty() id!: number;
  @ApiProperty() full_name!: string;
}

/** A piece of homework (the spec's "assignment"). */
export class HomeworkView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() detail!: string;
  @ApiProperty({ type: HomeworkTeacher }) teacher!: HomeworkTeacher;
  @ApiProperty() student!: number;
  @ApiProperty({ description: 'true : terminé' }) student_status!: boolean;
  @ApiProperty() given_at!: string;
  @ApiProperty({ type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Date limite (docs/adr/0044), ou null' }) due_at!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'La note sur 20 (demi-points), ou null' }) grade!: number | null;
  @ApiProperty({ description: 'Le barème : 20' }) out_of!: number;
  @ApiProperty({ type: String, nullable: true, description: 'L’appréciation du formateur' }) feedback!: string | null;
  @ApiProperty({ type: String, nullable: true }) graded_at!: string | null;
  @ApiProperty({ type: () => [HomeworkSubmissionView], description: 'Chaque rendu, du premier au dernier' }) submissions!: HomeworkSubmissionView[];
}

/** A file handed in: downloaded with GET /api/homework-files/{id}. */
export class HomeworkFileView {
  @ApiProperty() id!: number;
  @ApiProperty() file_name!: string;
  @ApiProperty() size!: number;
  @ApiProperty() content_type!: string;
}

/** One hand-in: its answer as written, its files, and whether it came after the due date (server clock). */
export class HomeworkSubmissionView {
  @ApiProperty() id!: number;
  @ApiProperty() number!: number;
  @ApiProperty() submitted_at!: string;
  @ApiProperty({ description: 'Rendu après la date limite' }) late!: boolean;
  @ApiProperty() answer!: string;
  @ApiProperty({ type: [HomeworkFileView] }) files!: HomeworkFileView[];
}

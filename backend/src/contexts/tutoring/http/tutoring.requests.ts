import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsIn, IsOptional, IsUUID, ValidateBy, ValidateIf } from 'class-validator';
import { isCalendarDate, toBoolean, OptionalId, RequiredId, RequiredText } from '../../../platform/http/fields.js';
import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryId, OptionalQueryText } from '../../../platform/http/query-params.js';
import { MESSAGE_MAX } from '../domain/conversation.aggregate.js';
import { ANSWER_MAX, FEEDBACK_MAX, FILL_EVERY_FIELD, GRADE_OUT_OF, HOMEWORK_DETAIL_MAX, HOMEWORK_TITLE_MAX, SUBMISSION_FILES_MAX } from '../domain/homework.aggregate.js';

/** POST /student-assignment/: an admin makes a trainer follow a student. */
export class TutorshipRequest {
  @RequiredId('Identifiant du formateur', 'Le formateur est obligatoire.', 'Formateur introuvable.')
  formateur!: number;

  @RequiredId("Identifiant de l'étudiant", "L'étudiant est obligatoire.", 'Étudiant non trouvé.')
  student!: number;
}

/** POST /formateur/{id}/assign-student/ */
export class AssignStudentRequest {
  @RequiredId("Identifiant de l'étudiant", "L'étudiant est obligatoire.", 'Étudiant non trouvé.')
  student_id!: number;
}

/** The admin's student picker for a trainer: ?page=&search= (10 per page). */
export class TeacherStudentsQuery extends PageQuery {
  @OptionalQueryText('Recherche dans le nom, l’e-mail ou l’identifiant', 'La recherche')
  search?: string;
}

export class MessageForm {
  @ApiProperty({ description: 'Le texte du message (nom de champ de la spec), tel qu’écrit', maxLength: MESSAGE_MAX })
  @Allow()
  msg_to!: unknown;

  @ApiPropertyOptional({ enum: ['student', 'formateur', 'teacher'], description: 'Qui écrit : doit être l’appelant' })
  @IsOptional()
  @IsIn(['student', 'formateur', 'teacher'], { message: "L'expéditeur doit être « student » ou « formateur »." })
  msg_from?: string;
}

/** GET /get-message/{teacher}/{student}?after= : only the messages after this one (an open chat asking for news). */
export class MessagesQuery {
  @OptionalQueryId('Dernier message déjà reçu', 'Identifiant de message invalide.')
  after?: number;
}

export class HomeworkForm {
  @OptionalId('Le formateur (celui du chemin)', 'Identifiant formateur invalide.')
  teacher?: number;

  @OptionalId("L'étudiant (celui du chemin)", 'Étudiant non trouvé.')
  student?: number;

  @RequiredText('Le titre', HOMEWORK_TITLE_MAX, FILL_EVERY_FIELD)
  title!: string;

  @RequiredText('Le détail', HOMEWORK_DETAIL_MAX, FILL_EVERY_FIELD)
  detail!: string;

  @ApiPropertyOptional({ description: 'Date limite (AAAA-MM-JJ) : à rendre jusqu’à 23:59:59, heure de Paris, ce jour-là (docs/adr/0044)', example: '2026-12-11' })
  @IsOptional()
  @ValidateIf((_, value) => value !== '')
  @CalendarDate()
  due_date?: string;
}

/** A date `YYYY-MM-DD` that exists (an empty text: no due date). */
function CalendarDate(): PropertyDecorator {
  return ValidateBy({ name: 'isCalendarDate', validator: { validate: isCalendarDate, defaultMessage: () => 'La date limite doit être une date valide (AAAA-MM-JJ).' } });
}

/** POST /homework/{id}/submissions (multipart): the learner's answer and/or files, and the client's key. */
export class HomeworkSubmissionForm {
  @ApiPropertyOptional({ description: 'La réponse, telle qu’écrite', maxLength: ANSWER_MAX })
  @Allow()
  answer?: unknown;

  @ApiPropertyOptional({ type: 'array', items: { type: 'string', format: 'binary' }, description: `Jusqu’à ${SUBMISSION_FILES_MAX} fichiers (PDF, document bureautique, image, texte ou zip ; 20 Mo chacun), vérifiés par leur contenu` })
  @Allow()
  upload?: unknown;

  @ApiProperty({ description: 'Une clé (UUID) tirée par le client pour ce rendu : renvoyée (double clic, nouvel essai), elle répond le rendu déjà enregistré' })
  @ValidateIf(() => true)
  @IsUUID('all', { message: 'La clé d’envoi est invalide.' })
  submission_key!: string;
}

/** PUT /homework/{id}/grade: the grade out of 20 (half points, « 14,5 » accepted) and optional feedback. */
export class HomeworkGradeForm {
  @ApiProperty({ description: `La note sur ${GRADE_OUT_OF}, par demi-point`, example: 14.5 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*\d{1,2}([.,]\d{1,2})?\s*$/.test(value) ? Number(value.trim().replace(',', '.')) : value))
  @Allow()
  grade!: unknown;

  @ApiPropertyOptional({ description: 'L’appréciation du formateur', maxLength: FEEDBACK_MAX })
  @Allow()
  feedback?: unknown;
}

/** PUT /update-assignments/{id}: student_status=true (the student marks it done). */
export class HomeworkStatusForm {
  @ApiProperty({ description: 'true : terminé (ne peut pas être annulé)' })
  @Transform(toBoolean)
  @IsBoolean({ message: 'student_status doit valoir true.' })
  student_status!: boolean;
}

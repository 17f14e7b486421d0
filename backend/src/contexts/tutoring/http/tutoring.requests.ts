import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsIn, IsOptional } from 'class-validator';
import { toBoolean, OptionalId, RequiredId, RequiredText } from '../../../platform/http/fields.js';
import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryId, OptionalQueryText } from '../../../platform/http/query-params.js';
import { MESSAGE_MAX } from '../domain/conversation.aggregate.js';
import { FILL_EVERY_FIELD, HOMEWORK_DETAIL_MAX, HOMEWORK_TITLE_MAX } from '../domain/homework.aggregate.js';

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
}

/** PUT /update-assignments/{id}: student_status=true (the student marks it done). */
export class HomeworkStatusForm {
  @ApiProperty({ description: 'true : terminé (ne peut pas être annulé)' })
  @Transform(toBoolean)
  @IsBoolean({ message: 'student_status doit valoir true.' })
  student_status!: boolean;
}

import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { toDecimalInteger } from '../../../platform/http/ids.js';
import { OptionalId, RequiredId, RequiredText } from '../../../platform/http/fields.js';
import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryText } from '../../../platform/http/query-params.js';
import { ANSWER_MAX, EXPLANATION_MAX, QUESTION_MAX, QUIZ_DETAIL_MAX, QUIZ_TITLE_MAX, type QuizRules } from '../domain/quiz.aggregate.js';
import { VALIDATION_CATEGORIES, VALIDATION_REASON_MAX } from '../domain/student-quiz.aggregate.js';

/** A rule as the form sends it: absent keeps it, empty (or null) clears it, a number sets it (multipart sends text). */
const ruleValue = ({ value }: { value: unknown }) => (value === undefined ? undefined : value === '' || value === null || value === 'null' ? null : toDecimalInteger({ value }));

function QuizRule(description: string, message: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true, description }),
    Transform(ruleValue),
    ValidateIf((_, value) => value !== undefined && value !== null),
    IsInt({ message }),
  );
}

export class QuizForm {
  @OptionalId('Identifiant du formateur : le sien pour un formateur (obligatoire) ; facultatif pour un administrateur', 'Identifiant formateur invalide.')
  teacher?: number;

  @RequiredText('Le titre du quiz', QUIZ_TITLE_MAX)
  title!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: QUIZ_DETAIL_MAX, description: 'La description (null : aucune)' })
  @IsOptional()
  @MaxLength(QUIZ_DETAIL_MAX, { message: `La description ne doit pas dépasser ${QUIZ_DETAIL_MAX} caractères.` })
  @IsString({ message: 'La description doit être du texte.' })
  detail?: string | null;

  @QuizRule('Seuil de réussite en % (0 à 100 ; vide : aucun, terminer le quiz suffit)', 'Le seuil de réussite doit être un pourcentage entier entre 0 et 100.')
  pass_mark?: number | null;

  @QuizRule('Nombre de tentatives autorisées (vide : illimité)', 'Le nombre de tentatives doit être un nombre entier (vide : illimité).')
  max_attempts?: number | null;

  @QuizRule('Durée limite en minutes, comptée par le serveur dès la première question (vide : sans limite)', 'La durée limite doit être un nombre entier de minutes (vide : sans limite).')
  time_limit?: number | null;

  rules(): Partial<QuizRules> {
    return { passMark: this.pass_mark, maxAttempts: this.max_attempts, timeLimitMinutes: this.time_limit };
  }
}

export class QuestionForm {
  @RequiredText('La question', QUESTION_MAX)
  questions!: string;

  @RequiredText('La réponse 1', ANSWER_MAX)
  ans1!: string;

  @RequiredText('La réponse 2', ANSWER_MAX)
  ans2!: string;

  @RequiredText('La réponse 3', ANSWER_MAX)
  ans3!: string;

  @RequiredText('La réponse 4', ANSWER_MAX)
  ans4!: string;

  @RequiredText('La bonne réponse', ANSWER_MAX)
  right_ans!: string;

  @ApiPropertyOptional({ type: String, maxLength: EXPLANATION_MAX, description: 'L’explication, montrée à l’apprenant une fois sa tentative close (absente : inchangée)' })
  @IsOptional()
  @MaxLength(EXPLANATION_MAX, { message: `L’explication ne doit pas dépasser ${EXPLANATION_MAX} caractères.` })
  @IsString({ message: 'L’explication doit être du texte.' })
  explanation?: string;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Identifiant du quiz (celui de l’adresse fait foi)' })
  @Allow()
  quiz?: unknown;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Ignoré (le serveur numérote)' })
  @Allow()
  id?: unknown;
}

export class AssignRequest {
  @OptionalId('Identifiant du formateur (le sien ; facultatif)', 'Identifiant formateur invalide.')
  teacher?: number;

  @RequiredId('Identifiant du cours', 'Le cours est obligatoire.', 'Cours introuvable.')
  course!: number;

  @RequiredId('Identifiant du quiz', 'Le quiz est obligatoire.', 'Quiz introuvable.')
  quiz!: number;
}

export class AttemptRequest {
  @RequiredId("Identifiant de l'étudiant (le vôtre)", "L'étudiant est obligatoire.", 'Étudiant non trouvé.')
  student!: number;

  @RequiredId('Identifiant du quiz', 'Le quiz est obligatoire.', 'Quiz introuvable.')
  quiz!: number;

  @RequiredId('Identifiant de la question', 'La question est obligatoire.', 'Question introuvable.')
  question!: number;

  @ApiProperty({ description: 'Le texte de la réponse choisie (nom de champ de la spec)', maxLength: ANSWER_MAX })
  @MaxLength(ANSWER_MAX, { message: 'Cette réponse ne fait pas partie des réponses proposées.' })
  @IsNotEmpty({ message: 'Choisissez une réponse.' })
  @IsString({ message: 'Choisissez une réponse.' })
  right_ans!: string;

  @OptionalId('Le cours depuis lequel le quiz est passé (lecteur de cours)', 'Cours introuvable.')
  course?: number;

  @OptionalId('Le chapitre (étape quiz du lecteur)', 'Chapitre introuvable.')
  chapter?: number;

  @OptionalId('Le sous-chapitre (étape quiz du lecteur)', 'Sous-chapitre introuvable.')
  subchapter?: number;
}

export class QuizListQuery {
  @OptionalQueryText('Recherche dans le titre', 'La recherche')
  search?: string;
}

export class StudentTestQuery extends PageQuery {}

export class ValidateQuizRequest {
  @ApiProperty({ enum: VALIDATION_CATEGORIES, description: 'Le motif de la validation à la main' })
  @IsIn(VALIDATION_CATEGORIES as unknown as string[], { message: 'Choisissez le motif de la validation.' })
  category!: string;

  @RequiredText('La raison', VALIDATION_REASON_MAX, 'Précisez la raison de la validation.')
  reason!: string;
}

export class ReviewQuery {
  @OptionalId('Le numéro de la tentative (par défaut : la dernière)', 'Numéro de tentative invalide.')
  attempt?: number;
}

import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_ID, toDecimalInteger } from '../../../platform/http/ids.js';
import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryText } from '../../../platform/http/query-params.js';
import { ANSWER_MAX, QUESTION_MAX, QUIZ_DETAIL_MAX, QUIZ_TITLE_MAX } from '../domain/quiz.aggregate.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyIsAbsent = ({ value }: { value: unknown }) => (value === '' || value === 'null' || value === 'undefined' ? undefined : value);
const integer = ({ value }: { value: unknown }) => toDecimalInteger({ value: emptyIsAbsent({ value }) });

/** A required id sent as text or number: plain decimal, 1..2^31−1. */
function RequiredId(description: string, missing: string, invalid = missing) {
  return applyDecorators(ApiProperty({ description }), Transform(integer), Max(MAX_ID, { message: invalid }), Min(1, { message: invalid }), IsInt({ message: missing }));
}

/** An optional id: absent (or sent empty) is absent; a JSON null is not an id and is refused. */
function OptionalId(description: string, invalid: string) {
  return applyDecorators(
    ApiPropertyOptional({ description }),
    Transform(integer),
    ValidateIf((_, value) => value !== undefined),
    Max(MAX_ID, { message: invalid }),
    Min(1, { message: invalid }),
    IsInt({ message: invalid }),
  );
}

function RequiredText(label: string, max: number) {
  return applyDecorators(
    ApiProperty({ maxLength: max }),
    Transform(trim),
    MaxLength(max, { message: `${label} ne doit pas dépasser ${max} caractères.` }),
    IsNotEmpty({ message: `${label} est obligatoire.` }),
    IsString({ message: `${label} est obligatoire.` }),
  );
}

export class QuizForm {
  @OptionalId('Identifiant du formateur : le sien pour un formateur (obligatoire) ; facultatif pour un administrateur', 'Identifiant formateur invalide.')
  teacher?: number;

  @RequiredText('Le titre du quiz', QUIZ_TITLE_MAX)
  title!: string;

  @ApiPropertyOptional({ maxLength: QUIZ_DETAIL_MAX })
  @IsOptional()
  @MaxLength(QUIZ_DETAIL_MAX, { message: `La description ne doit pas dépasser ${QUIZ_DETAIL_MAX} caractères.` })
  @IsString({ message: 'La description doit être du texte.' })
  detail?: string;
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

  @ApiPropertyOptional({ description: 'Identifiant du quiz (celui de l’adresse fait foi)' })
  @Allow()
  quiz?: unknown;

  @ApiPropertyOptional({ description: 'Ignoré (le serveur numérote)' })
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

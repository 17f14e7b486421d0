import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalId, RequiredId, RequiredText } from '../../../platform/http/fields.js';
import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryText } from '../../../platform/http/query-params.js';
import { ANSWER_MAX, QUESTION_MAX, QUIZ_DETAIL_MAX, QUIZ_TITLE_MAX } from '../domain/quiz.aggregate.js';

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

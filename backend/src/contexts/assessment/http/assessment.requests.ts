import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { toDecimalInteger } from '../../../platform/http/ids.js';
import { OptionalId, RequiredId, RequiredText, toBoolean } from '../../../platform/http/fields.js';
import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryText } from '../../../platform/http/query-params.js';
import {
  ANSWER_MAX, CATEGORY_MAX, EXPLANATION_MAX, QUESTION_KINDS, QUESTION_MAX, QUIZ_DETAIL_MAX, QUIZ_TITLE_MAX, type QuestionKind, type QuizRules,
} from '../domain/quiz.aggregate.js';
import { VALIDATION_CATEGORIES, VALIDATION_REASON_MAX } from '../domain/student-quiz.aggregate.js';
import { TAG_MAX, TAGS_MAX } from '../domain/bank-question.aggregate.js';

/** Option numbers as JSON (numbers or digits) or as multipart text « 1,3 »; anything else stays for the validators. */
export const toNumberList = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === null || value === '') return value === '' ? [] : undefined;
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  return items.map((item) => (typeof item === 'string' && /^\s*\d{1,2}\s*$/.test(item) ? Number(item) : item));
};

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

  @ApiPropertyOptional({ type: Boolean, description: 'Questions et réponses mélangées par le serveur à chaque tentative (absent : inchangé)' })
  @Transform(toBoolean)
  @IsOptional()
  @IsBoolean({ message: 'Le mélange des questions doit valoir vrai ou faux.' })
  shuffle?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CATEGORY_MAX, description: 'Tirage depuis la banque : la catégorie (vide : les questions du quiz ; absent : inchangé)' })
  @Transform(({ value }: { value: unknown }) => (value === '' || value === 'null' ? null : value))
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @MaxLength(CATEGORY_MAX, { message: `La catégorie ne doit pas dépasser ${CATEGORY_MAX} caractères.` })
  @IsString({ message: 'La catégorie doit être du texte.' })
  draw_category?: string | null;

  @QuizRule('Tirage depuis la banque : le nombre de questions tirées par tentative (vide : les questions du quiz)', 'Le nombre de questions à tirer doit être un nombre entier.')
  draw_count?: number | null;

  rules(): Partial<QuizRules> {
    return {
      passMark: this.pass_mark, maxAttempts: this.max_attempts, timeLimitMinutes: this.time_limit,
      shuffle: this.shuffle, drawCategory: this.draw_category, drawCount: this.draw_count,
    };
  }
}

const offersFour = (o: { kind?: string }) => o.kind !== 'true-false';
/** `right_ans` is required for a single-answer question without `right_answers` (the spec's form). */
const needsRightText = (o: { kind?: string; right_answers?: unknown }) => (o.kind === undefined || o.kind === 'single') && o.right_answers === undefined;

export class QuestionForm {
  @ApiPropertyOptional({ enum: QUESTION_KINDS, description: 'Type : une bonne réponse (par défaut), plusieurs bonnes réponses, vrai/faux ; absent en modification : inchangé' })
  @IsOptional()
  @IsIn(QUESTION_KINDS as unknown as string[], { message: 'Type de question inconnu.' })
  kind?: QuestionKind;

  @RequiredText('La question', QUESTION_MAX)
  questions!: string;

  @ValidateIf(offersFour)
  @RequiredText('La réponse 1', ANSWER_MAX)
  ans1!: string;

  @ValidateIf(offersFour)
  @RequiredText('La réponse 2', ANSWER_MAX)
  ans2!: string;

  @ValidateIf(offersFour)
  @RequiredText('La réponse 3', ANSWER_MAX)
  ans3!: string;

  @ValidateIf(offersFour)
  @RequiredText('La réponse 4', ANSWER_MAX)
  ans4!: string;

  @ValidateIf(needsRightText)
  @RequiredText('La bonne réponse', ANSWER_MAX)
  right_ans!: string;

  @ApiPropertyOptional({ type: [Number], description: 'Les numéros (1 à 4) des bonnes réponses : obligatoire pour plusieurs bonnes réponses ; en multipart : « 1,3 »' })
  @Transform(toNumberList)
  @ValidateIf((_, value) => value !== undefined)
  @IsArray({ message: 'Les bonnes réponses doivent être une liste de numéros.' })
  @ArrayMaxSize(4, { message: 'Les bonnes réponses doivent être choisies parmi les réponses proposées.' })
  @IsInt({ each: true, message: 'Les bonnes réponses doivent être choisies parmi les réponses proposées.' })
  right_answers?: number[];

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

  @ApiPropertyOptional({ description: 'Le texte de la réponse choisie (nom de champ de la spec) ; facultatif quand choices est envoyé', maxLength: ANSWER_MAX })
  @ValidateIf((o: AttemptRequest) => o.choices === undefined)
  @MaxLength(ANSWER_MAX, { message: 'Cette réponse ne fait pas partie des réponses proposées.' })
  @IsNotEmpty({ message: 'Choisissez une réponse.' })
  @IsString({ message: 'Choisissez une réponse.' })
  right_ans?: string;

  @ApiPropertyOptional({
    type: [Number],
    description: 'Les numéros (1 à 4) des réponses cochées, pour une question à plusieurs bonnes réponses (ou une seule) ; en multipart : « 1,3 »',
  })
  @Transform(toNumberList)
  @ValidateIf((_, value) => value !== undefined)
  @IsArray({ message: 'Les réponses cochées doivent être une liste de numéros.' })
  @ArrayMaxSize(4, { message: 'Cette réponse ne fait pas partie des réponses proposées.' })
  @IsInt({ each: true, message: 'Cette réponse ne fait pas partie des réponses proposées.' })
  choices?: number[];

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

/** A bank question's tags: a JSON list or multipart text « a, b ». */
const Tags = () =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], description: `Étiquettes (au plus ${TAGS_MAX}, ${TAG_MAX} caractères chacune) ; en multipart : « a, b »` }),
    Transform(toTagList),
    ValidateIf((_, value) => value !== undefined),
    IsArray({ message: 'Les étiquettes doivent être une liste.' }),
    ArrayMaxSize(TAGS_MAX, { message: `Une question porte au plus ${TAGS_MAX} étiquettes.` }),
    IsString({ each: true, message: 'Une étiquette doit être du texte.' }),
    MaxLength(TAG_MAX, { each: true, message: `Une étiquette ne doit pas dépasser ${TAG_MAX} caractères.` }),
  );

/** A creation's optional request key (ADR 0022). */
const RequestKey = (what: string) =>
  applyDecorators(
    ApiPropertyOptional({ format: 'uuid', description: `Une clé (UUID) tirée par la page pour ${what}` }),
    IsOptional(),
    IsUUID('all', { message: 'La clé de la demande doit être un UUID.' }),
  );

/** Tags as a JSON list or as multipart text « a, b » (sent empty: none). */
const toTagList = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? (value.trim() === '' ? [] : value.split(',')) : value;

export class BankQuestionForm extends QuestionForm {
  @OptionalId('Le formateur dont c’est la banque (le sien pour un formateur ; obligatoire pour un administrateur)', 'Identifiant formateur invalide.')
  teacher?: number;

  @RequiredText('La catégorie', CATEGORY_MAX)
  category!: string;

  @Tags()
  tags?: string[];

  @RequestKey('cette création : renvoyée (double clic, nouvel essai), elle répond la question déjà créée')
  request_key?: string;
}

/** POST /quiz-questions/{id}/copy-to-bank: where the copy is filed in the quiz's trainer's bank. */
export class CopyToBankForm {
  @RequiredText('La catégorie', CATEGORY_MAX)
  category!: string;

  @Tags()
  tags?: string[];

  @RequestKey('cette copie : renvoyée (double clic, nouvel essai), elle répond la question déjà copiée')
  request_key?: string;
}

/** POST /question-bank-import and …/preview: the file (multipart field `file`, .xlsx or .csv). */
export class BankImportForm {
  @ApiProperty({ type: 'string', format: 'binary', description: 'Classeur .xlsx ou CSV UTF-8 (« ; » ou « , »), 2 Mo et 1 000 questions au plus ; colonnes du modèle d’import' })
  @Allow()
  file?: unknown;

  @RequestKey('cet import : renvoyée (nouvel essai après une réponse perdue), elle répond l’import déjà fait sans rien ajouter')
  request_key?: string;
}

export class BankListQuery {
  @OptionalId('Le formateur (administrateur seulement)', 'Identifiant formateur invalide.')
  teacher?: number;

  @OptionalQueryText('La catégorie', 'La catégorie')
  category?: string;

  @OptionalQueryText('Une étiquette', 'L’étiquette')
  tag?: string;

  @ApiPropertyOptional({ enum: QUESTION_KINDS })
  @IsOptional()
  @IsIn(QUESTION_KINDS as unknown as string[], { message: 'Type de question inconnu.' })
  kind?: QuestionKind;

  @OptionalQueryText('Recherche dans le texte de la question', 'La recherche')
  search?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'true : les questions archivées' })
  @Transform(toBoolean)
  @IsOptional()
  @IsBoolean({ message: 'Le filtre « archivées » doit valoir true ou false.' })
  archived?: boolean;
}

export class BankCategoriesQuery {
  @OptionalId('Le formateur (administrateur seulement)', 'Identifiant formateur invalide.')
  teacher?: number;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  Allow, ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf,
} from 'class-validator';
import { MAX_ID, toDecimalInteger } from '../../../platform/http/ids.js';
import { CONTENT_TYPES, type ContentType } from '../contracts/catalogue.events.js';
import { SCORM_RULES, type ScormRule } from '../domain/step-input.js';
import { MODALITIES, PRICE_CENTS_MAX, type Modality, type ProgrammeChanges } from '../domain/course-programme.js';
import { COURSE_NATURES, OBJECTIVES_MAX, PROMISED_MINUTES_MAX, type CourseNature } from '../domain/course-promises.js';
import { DESCRIPTION_MAX, DURATION_MAX, TEXT_CONTENT_MAX, TEXT_CONTENT_TOO_LONG, TITLE_MAX } from '../domain/course-limits.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/**
 * A multipart field sent empty is a field not sent (the spec's forms send every field); so is a
 * JSON null: these forms replace the whole step or course (PUT), where a field left out is emptied.
 */
const emptyIsAbsent = ({ value }: { value: unknown }) => (value === null || value === '' || value === 'null' || value === 'undefined' ? undefined : value);
const nullIsAbsent = ({ value }: { value: unknown }) => (value === null ? undefined : value);
const optionalInteger = ({ value }: { value: unknown }) => toDecimalInteger({ value: emptyIsAbsent({ value }) });

const TRAINER_INVALID = 'Identifiant formateur invalide.';

/**
 * The promises' fields (issue 26): not in the spec's forms, so absent means unchanged; sent empty
 * or null means cleared. Their rules (range, list of natures) are the aggregate's.
 */
const emptyIsNull = ({ value }: { value: unknown }) => (value === null || value === '' || value === 'null' ? null : value);
const toMinutes = ({ value }: { value: unknown }) => {
  const v = emptyIsNull({ value });
  return typeof v === 'string' && /^-?[0-9]{1,9}$/.test(v.trim()) ? Number(v.trim()) : v;
};

/** Minutes, an integer; absent: unchanged; empty or null: cleared. */
function PromisedMinutes(description: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, maximum: PROMISED_MINUTES_MAX, description }),
    Transform(toMinutes),
    Allow(),
  );
}

/** A required title, trimmed, at most TITLE_MAX characters. */
function Title(required: string, tooLong: string) {
  return applyDecorators(
    ApiProperty({ maxLength: TITLE_MAX }),
    Transform(trim),
    MaxLength(TITLE_MAX, { message: tooLong }),
    IsNotEmpty({ message: required }),
    IsString({ message: required }),
  );
}

/** An optional free text (`label` starts the French messages). */
function OptionalText(label: string, maxLength: number, tooLong: string, description?: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength, description }),
    Transform(nullIsAbsent),
    IsOptional(),
    MaxLength(maxLength, { message: tooLong }),
    IsString({ message: `${label} doit être du texte.` }),
  );
}

/** An optional id sent as text (multipart): plain decimal, 1..2^31−1, `message` otherwise. */
function OptionalFormId(description: string, message: string, typeMessage = message) {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true, description }),
    Transform(optionalInteger),
    // Absent, sent empty or null: absent.
    ValidateIf((_, value) => value !== undefined),
    Max(MAX_ID, { message }),
    Min(1, { message }),
    IsInt({ message: typeMessage }),
  );
}

const DESCRIPTION = OptionalText('La description', DESCRIPTION_MAX, `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères.`);


// With stopAtFirstError, the decorator written last is checked first.
export class CourseForm {
  @OptionalFormId('Identifiant du formateur : le sien pour un formateur (obligatoire) ; facultatif pour un administrateur (vide : cours non assigné)', TRAINER_INVALID)
  formateur?: number;

  @OptionalFormId('Identifiant de la catégorie (obligatoire à la création)', 'Catégorie introuvable.', 'La catégorie doit être choisie dans la liste.')
  category?: number;

  @Title('Le titre du cours est obligatoire.', `Le titre du cours ne doit pas dépasser ${TITLE_MAX} caractères.`)
  title!: string;

  @DESCRIPTION
  description?: string;

  @OptionalText('Les technologies', 500, 'Les technologies ne doivent pas dépasser 500 caractères.', 'Technologies ou mots-clés, séparés par des virgules')
  techs?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: OBJECTIVES_MAX, description: 'Objectifs pédagogiques, un par ligne ; absent : inchangés ; vide ou null : effacés' })
  @Transform(emptyIsNull)
  @Allow()
  objectives?: string | null;

  @PromisedMinutes('Durée prévue de l’action, en minutes (2 000 h au plus) ; absente : inchangée ; vide ou null : effacée')
  planned_minutes?: number | null;

  @ApiPropertyOptional({ enum: COURSE_NATURES, nullable: true, description: 'Nature de l’action ; absente : inchangée (à la création : action_formation) ; vide ou null : effacée' })
  @Transform(emptyIsNull)
  @Allow()
  nature?: CourseNature | null;

  @ApiPropertyOptional({ type: 'string', format: 'binary', nullable: true, description: 'Image (JPG, PNG, GIF, WEBP ; 5 Mo) ; absente ou null : l’image ne change pas' })
  @Transform(nullIsAbsent)
  @Allow()
  featured_img?: unknown;
}

const STEP_TYPE_MESSAGE = `Le type de contenu doit être l'un de : ${CONTENT_TYPES.join(', ')}.`;

/** A chapter or sub-chapter as the spec's multipart forms send it. */
export class StepForm {
  @Title('Le titre est obligatoire.', `Le titre ne doit pas dépasser ${TITLE_MAX} caractères.`)
  title!: string;

  @DESCRIPTION
  description?: string;

  @ApiProperty({ enum: CONTENT_TYPES })
  @IsIn(CONTENT_TYPES, { message: STEP_TYPE_MESSAGE })
  @IsNotEmpty({ message: 'Le type de contenu est obligatoire.' })
  content_type!: ContentType;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Secondes (0, absent ou null : la durée réelle de la vidéo déposée)', maximum: DURATION_MAX })
  @Transform(optionalInteger)
  @ValidateIf((_, value) => value !== undefined)
  @Max(DURATION_MAX, { message: 'La durée ne doit pas dépasser 999 heures.' })
  @Min(0, { message: 'La durée ne peut pas être négative.' })
  @IsInt({ message: 'La durée doit être un nombre entier de secondes.' })
  duration?: number;

  @ApiPropertyOptional({ type: Number, nullable: true, description: "Position voulue (l'élément est toujours ajouté en dernier ; voir PATCH pour déplacer)" })
  @Transform(optionalInteger)
  @Allow()
  order?: unknown;

  @OptionalText("L'adresse de la vidéo", 2000, "L'adresse de la vidéo est trop longue.", 'Lien YouTube, Vimeo (page, lecteur ou code d’intégration) ou lien https direct')
  video_url?: string;

  @OptionalText('Le contenu texte', TEXT_CONTENT_MAX, TEXT_CONTENT_TOO_LONG)
  text_content?: string;

  @OptionalFormId('Identifiant du quiz (type quiz)', 'Quiz introuvable.')
  quiz?: number;

  @ApiPropertyOptional({ type: 'string', format: 'binary', nullable: true, description: 'Vidéo MP4 ou WebM (types video et video_file)' })
  @Allow()
  video?: unknown;

  @PromisedMinutes('Durée moyenne estimée de l’étape en minutes (Code du travail D.6313-3-1 2°) ; absente : inchangée ; vide ou null : effacée')
  declared_minutes?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Identifiant du cours (envoyé par certains écrans ; celui de l’adresse fait foi)' })
  @Allow()
  course?: unknown;
}

export class ChapterForm extends StepForm {
  @ApiPropertyOptional({ type: 'string', format: 'binary', nullable: true, description: 'Paquet SCORM 1.2 ou 2004 (.zip), type scorm' })
  @Allow()
  scorm_file?: unknown;

  @ApiPropertyOptional({
    enum: SCORM_RULES,
    description: 'Ce qui valide un chapitre SCORM : chaque partie terminée (completed), réussie (passed), ou l’un ou l’autre (completed_or_passed, par défaut). Absent : inchangé.',
  })
  @IsOptional()
  @IsIn(SCORM_RULES, { message: 'La règle de validation SCORM doit être « completed_or_passed », « completed » ou « passed ».' })
  scorm_rule?: ScormRule;
}

export class SubchapterForm extends StepForm {
  @ApiProperty({ description: 'Identifiant du chapitre' })
  @Transform(optionalInteger)
  @Max(MAX_ID, { message: 'Chapitre introuvable.' })
  @Min(1, { message: 'Chapitre introuvable.' })
  @IsInt({ message: 'Le chapitre est obligatoire.' })
  chapter!: number;
}

/** PUT of a sub-chapter: its chapter may be given (moves it under another chapter of the course) or left out. */
export class SubchapterUpdateForm extends StepForm {
  @OptionalFormId('Identifiant du chapitre (un autre chapitre du même cours : le sous-chapitre y passe en dernier)', 'Chapitre introuvable.')
  chapter?: number;
}

export class OrderPatch {
  @ApiProperty({ description: 'Nouvelle position (1 = premier) : l’élément qui l’occupait prend la place libérée' })
  @Transform(({ value }) => toDecimalInteger({ value }))
  @Max(10_000, { message: 'Position invalide.' })
  @Min(1, { message: 'La position doit être au moins 1.' })
  @IsInt({ message: 'La position doit être un nombre entier.' })
  order!: number;
}

const IDS_IN_ORDER = (field: string) =>
  applyDecorators(
    Max(MAX_ID, { each: true, message: 'Identifiant invalide.' }),
    Min(1, { each: true, message: 'Identifiant invalide.' }),
    IsInt({ each: true, message: 'Chaque identifiant doit être un nombre entier.' }),
    ArrayMaxSize(1000, { message: 'Trop d’éléments.' }),
    IsArray({ message: `« ${field} » doit être la liste des identifiants, dans le nouvel ordre.` }),
  );

export class ChapterOrder {
  @ApiProperty({ type: [Number], description: 'Tous les chapitres du cours, dans le nouvel ordre' })
  @IDS_IN_ORDER('chapters')
  chapters!: number[];
}

export class SubchapterOrder {
  @ApiProperty({ description: 'Identifiant du chapitre' })
  @Max(MAX_ID, { message: 'Chapitre introuvable.' })
  @Min(1, { message: 'Chapitre introuvable.' })
  @IsInt({ message: 'Le chapitre est obligatoire.' })
  chapter!: number;

  @ApiProperty({ type: [Number], description: 'Tous les sous-chapitres du chapitre, dans le nouvel ordre' })
  @IDS_IN_ORDER('subchapters')
  subchapters!: number[];
}

export class StudyMaterialForm {
  @Title('Le titre du document est obligatoire.', `Le titre ne doit pas dépasser ${TITLE_MAX} caractères.`)
  title!: string;

  @DESCRIPTION
  description?: string;

  @OptionalText('Les remarques', 2000, 'Les remarques ne doivent pas dépasser 2000 caractères.')
  remarks?: string;

  @ApiProperty({ type: 'string', format: 'binary', description: 'PDF, document bureautique, image, texte ou zip' })
  @Allow()
  upload?: unknown;

  @ApiPropertyOptional({ description: 'Identifiant du cours (celui de l’adresse fait foi)' })
  @Allow()
  course?: unknown;
}

/** GET /subchapters/?chapter={id} */
export class SubchapterListQuery {
  @ApiProperty({ description: 'Identifiant du chapitre' })
  @Transform(({ value }) => toDecimalInteger({ value: Array.isArray(value) ? value.at(-1) : value }))
  @Max(MAX_ID, { message: 'Chapitre introuvable.' })
  @Min(1, { message: 'Chapitre introuvable.' })
  @IsInt({ message: 'Indiquez le chapitre (?chapter=).' })
  chapter!: number;
}

/** One item of the programme sheet: absent, unchanged; null or empty, cleared. Its rules are the aggregate's (docs/adr/0047). */
function ProgrammeItem(description: string, type: 'string' | 'number' | 'boolean' = 'string', extra: Record<string, unknown> = {}) {
  const toValue = type === 'string' ? ({ value }: { value: unknown }) => (value === '' ? null : value) : ({ value }: { value: unknown }) => value;
  return applyDecorators(ApiPropertyOptional({ type, nullable: type !== 'boolean', description, ...extra }), Transform(toValue), Allow());
}

/** PUT /course/{id}/programme/: the programme sheet (JSON); every item optional. */
export class ProgrammeForm {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: OBJECTIVES_MAX, description: 'Objectifs pédagogiques, un par ligne (comme le formulaire du cours)' })
  @Transform(emptyIsNull)
  @Allow()
  objectives?: string | null;

  @PromisedMinutes('Durée prévue en minutes (comme le formulaire du cours)')
  planned_minutes?: number | null;

  @ProgrammeItem('Public visé') target_public?: string | null;
  @ProgrammeItem('Prérequis') prerequisites?: string | null;
  @ProgrammeItem('Délais d’accès (exemple : entrée sous 15 jours après l’accord de financement)') access_delays?: string | null;
  @ProgrammeItem('Modalités', 'string', { enum: MODALITIES }) modality?: Modality | null;
  @ProgrammeItem('Méthodes pédagogiques') teaching_methods?: string | null;
  @ProgrammeItem('Modalités d’évaluation') evaluation_methods?: string | null;
  @ProgrammeItem('Accessibilité aux personnes en situation de handicap') accessibility?: string | null;
  @ProgrammeItem('Nom du référent handicap') referent_name?: string | null;
  @ProgrammeItem('E-mail du référent handicap') referent_email?: string | null;
  @ProgrammeItem('Téléphone du référent handicap') referent_phone?: string | null;
  @ProgrammeItem('Contacts (inscription, pédagogie)') contacts?: string | null;
  @ProgrammeItem('Tarif TTC en centimes d’euro (exclusif de « sur devis »)', 'number', { minimum: 0, maximum: PRICE_CENTS_MAX }) price_cents?: number | null;
  @ProgrammeItem('« Sur devis »', 'boolean') on_quote?: boolean | null;
  @ProgrammeItem('Formation certifiante (RNCP ou RS) ; non : les éléments de la certification sont effacés', 'boolean') certifying?: boolean | null;
  @ProgrammeItem('Code RNCP (RNCP12345) ou RS (RS1234)') certification_code?: string | null;
  @ProgrammeItem('Certificateur') certifier?: string | null;
  @ProgrammeItem('Équivalences et passerelles') equivalences?: string | null;
  @ProgrammeItem('Débouchés') outcomes?: string | null;
  @ProgrammeItem('Éligible au CPF (une formation certifiante seulement)', 'boolean') cpf_eligible?: boolean | null;
}

/** The aggregate's changes from the form (snake_case to the domain's names; absent stays absent). */
export function programmeChanges(form: ProgrammeForm): ProgrammeChanges {
  const map: [keyof ProgrammeForm, keyof ProgrammeChanges][] = [
    ['target_public', 'targetPublic'], ['prerequisites', 'prerequisites'], ['access_delays', 'accessDelays'], ['modality', 'modality'],
    ['teaching_methods', 'teachingMethods'], ['evaluation_methods', 'evaluationMethods'], ['accessibility', 'accessibility'],
    ['referent_name', 'referentName'], ['referent_email', 'referentEmail'], ['referent_phone', 'referentPhone'], ['contacts', 'contacts'],
    ['price_cents', 'priceCents'], ['on_quote', 'onQuote'], ['certifying', 'certifying'], ['certification_code', 'certificationCode'],
    ['certifier', 'certifier'], ['equivalences', 'equivalences'], ['outcomes', 'outcomes'], ['cpf_eligible', 'cpfEligible'],
  ];
  const changes: Record<string, unknown> = {};
  for (const [from, to] of map) if (form[from] !== undefined) changes[to] = form[from];
  return changes as ProgrammeChanges;
}

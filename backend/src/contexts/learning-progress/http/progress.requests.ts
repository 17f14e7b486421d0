import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { integer, toBoolean, OptionalId, RequiredId } from '../../../platform/http/fields.js';
import { MAX_ID } from '../../../platform/http/ids.js';
import { InvalidInputError } from '../../../shared-kernel/index.js';
import { CONTENT_TYPES } from '../../catalogue/contracts/catalogue.events.js';
import type { Interval } from '../domain/played-intervals.js';
import type { Beat } from '../domain/time-on-task.js';

export class ProgressQuery {
  @RequiredId("Identifiant de l'étudiant", "L'étudiant est obligatoire.", 'Étudiant non trouvé.')
  student!: number;

  @RequiredId('Identifiant du cours', 'Le cours est obligatoire.', 'Cours introuvable.')
  course!: number;
}

export class ProgressForm {
  @RequiredId("Identifiant de l'étudiant (le vôtre)", "L'étudiant est obligatoire.", 'Étudiant non trouvé.')
  student!: number;

  @RequiredId('Identifiant du cours', 'Le cours est obligatoire.', 'Cours introuvable.')
  course!: number;

  @ApiProperty({ enum: CONTENT_TYPES })
  @IsIn([...CONTENT_TYPES], { message: 'Type de contenu inconnu.' })
  content_type!: string;

  // The spec's client sends the step's id and the other one as null (removed, as every null of a
  // POST): a chapter, or a sub-chapter with its chapter or without it.
  @ApiPropertyOptional({ description: 'Le chapitre : l’étape, ou celui du sous-chapitre (facultatif pour un sous-chapitre)' })
  @Transform(integer)
  @ValidateIf((form: ProgressForm) => form.subchapter === undefined || form.chapter !== undefined)
  @Max(MAX_ID, { message: 'Chapitre introuvable.' })
  @Min(1, { message: 'Chapitre introuvable.' })
  @IsInt({ message: 'Le chapitre est obligatoire.' })
  chapter?: number;

  @OptionalId('Le sous-chapitre, pour un sous-chapitre', 'Sous-chapitre introuvable.')
  subchapter?: number;

  @ApiPropertyOptional({ description: 'true : le bouton « Terminer » (une demande que le serveur juge sur les preuves)' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'validated doit valoir true ou false.' })
  validated?: boolean;

  @ApiPropertyOptional({ description: 'Ignoré : le temps est compté par le serveur à partir des battements (beats)' })
  @Allow()
  time_spent?: unknown;

  @ApiPropertyOptional({ description: 'Ignoré : la durée du média est celle lue au dépôt' })
  @Allow()
  duration?: unknown;

  @ApiPropertyOptional({ description: 'La session du lecteur (une par chargement de page)', format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'session_id doit être un UUID.' })
  session_id?: string;

  @ApiPropertyOptional({ description: 'Battements : [{seq, at (ms), visible, focused, playing, last_input_at (ms|null)}], 200 au plus' })
  @Allow()
  beats?: unknown;

  @ApiPropertyOptional({ description: 'Intervalles de vidéo lus : [[début, fin], …] en secondes, 500 au plus' })
  @Allow()
  played?: unknown;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The save's beats, or a French 400. */
export function parseBeats(value: unknown): Beat[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 200) throw new InvalidInputError('beats doit être une liste de 200 battements au plus.', 'beats');
  return value.map((raw) => {
    const beat = raw as Record<string, unknown>;
    const valid =
      beat && typeof beat === 'object' && Number.isInteger(beat.seq) && (beat.seq as number) >= 1 && (beat.seq as number) <= 2_000_000_000 && finite(beat.at) &&
      typeof beat.visible === 'boolean' && typeof beat.focused === 'boolean' && typeof beat.playing === 'boolean' &&
      (beat.last_input_at === null || beat.last_input_at === undefined || finite(beat.last_input_at));
    if (!valid) throw new InvalidInputError('Battement invalide (seq, at, visible, focused, playing, last_input_at).', 'beats');
    return {
      seq: beat.seq as number, at: beat.at as number, visible: beat.visible as boolean, focused: beat.focused as boolean, playing: beat.playing as boolean,
      lastInputAt: finite(beat.last_input_at) ? beat.last_input_at : null,
    };
  });
}

/** The video intervals played, or a French 400. */
export function parsePlayed(value: unknown): Interval[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 500) throw new InvalidInputError('played doit être une liste de 500 intervalles au plus.', 'played');
  return value.map((pair) => {
    if (!Array.isArray(pair) || pair.length !== 2 || !finite(pair[0]) || !finite(pair[1])) throw new InvalidInputError('Intervalle invalide : [début, fin] en secondes.', 'played');
    return [pair[0], pair[1]] as const;
  });
}

export class CompleteCourseForm {
  @RequiredId("Identifiant de l'étudiant (le vôtre)", "L'étudiant est obligatoire.", 'Étudiant non trouvé.')
  student!: number;

  @RequiredId('Identifiant du cours', 'Le cours est obligatoire.', 'Cours introuvable.')
  course!: number;
}

export class ScormProgressQuery {
  @RequiredId("Identifiant de l'étudiant", "L'étudiant est obligatoire.", 'Étudiant non trouvé.')
  student!: number;

  @RequiredId('Identifiant du chapitre SCORM', 'Le chapitre est obligatoire.', 'Chapitre introuvable.')
  chapter!: number;
}

export class ScormTraceQuery extends ScormProgressQuery {
  @RequiredId('Identifiant du cours', 'Le cours est obligatoire.', 'Cours introuvable.')
  course!: number;
}

export class ScormCommitForm {
  @RequiredId("Identifiant de l'étudiant (le vôtre)", "L'étudiant est obligatoire.", 'Étudiant non trouvé.')
  student!: number;

  @RequiredId('Identifiant du cours', 'Le cours est obligatoire.', 'Cours introuvable.')
  course!: number;

  @RequiredId('Le chapitre SCORM', 'Le chapitre est obligatoire.', 'Chapitre introuvable.')
  chapter!: number;

  @ApiPropertyOptional({ description: 'Identifiant du SCO (le premier du paquet par défaut)', maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'sco doit être du texte.' })
  @MaxLength(200, { message: 'sco ne doit pas dépasser 200 caractères.' })
  sco?: string;

  @ApiPropertyOptional({ description: 'La session du lecteur (une par chargement du module)', format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'session_id doit être un UUID.' })
  session_id?: string;

  @OptionalId('Numéro de l’envoi dans la session (1, 2, …) : un envoi plus ancien que le dernier enregistré n’est pas appliqué', 'Numéro de séquence invalide.')
  seq?: number;

  @ApiPropertyOptional({ description: 'Le SCO a fini (LMSFinish/Terminate) ou l’apprenant l’a quitté : les règles de fin de session de SCORM 1.2 s’appliquent (« not attempted » devient « completed », puis le score de maîtrise du manifeste donne « passed » ou « failed »)' })
  @IsOptional()
  @IsBoolean({ message: 'final doit valoir true ou false.' })
  final?: boolean;

  @ApiProperty({
    description:
      'completion_status, success_status (2004) ou lesson_status (1.2), progress_measure, session_time, location, suspend_data (64 000 caractères au plus ; au-delà, suspend_data seul est refusé et le reste gardé), ' +
      'le score en quatre nombres (ou null) : score_raw, score_min, score_max, score_scaled (2004, entre -1 et 1), score_raw entre les bornes données ; un score qui enfreint une règle est refusé seul (`refused`). ' +
      'score (champ de la spec) : le score brut, lu seulement sans score_raw. ' +
      'interactions (500 au plus : id, type, learner_response, result, latency, timestamp, weighting, description) et objectives (100 au plus : id, score_*, success_status, completion_status, progress_measure, description)',
  })
  @IsObject({ message: 'cmi_data doit être un objet.' })
  cmi_data!: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Repris de cmi_data (champ de la spec)' })
  @Allow()
  completion_status?: unknown;

  @ApiPropertyOptional({ description: 'Repris de cmi_data (champ de la spec)' })
  @Allow()
  score?: unknown;
}

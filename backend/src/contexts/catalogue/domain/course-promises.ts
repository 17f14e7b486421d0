import { createHash } from 'node:crypto';
import { InvalidCourseError } from './catalogue.errors.js';

/**
 * What a course promises its learners and funders (issue 26 item 3, docs/adr/0011): its
 * objectives, its planned duration, the nature of the action (Code du travail L.6313-1), and the
 * declared average duration of each step (« durée moyenne estimée », D.6313-3-1 2°). The
 * certificat de réalisation and the attestation read them through GetCoursePromises.
 */
export const COURSE_NATURES = ['action_formation', 'bilan_competences', 'vae', 'apprentissage'] as const;
export type CourseNature = (typeof COURSE_NATURES)[number];
export const DEFAULT_COURSE_NATURE: CourseNature = 'action_formation';

/** The labels of the ministry's model of the certificat de réalisation. */
export const COURSE_NATURE_LABELS: Record<CourseNature, string> = {
  action_formation: 'Action de formation',
  bilan_competences: 'Bilan de compétences',
  vae: 'Action de VAE',
  apprentissage: 'Action de formation par apprentissage',
};

/** 2 000 h: beyond it a duration is a typing mistake (a long apprenticeship is some 1 600 h a year). */
export const PROMISED_MINUTES_MAX = 2000 * 60;
export const OBJECTIVES_MAX = 5000;

/** A change of the promises: absent (undefined) leaves a field as it is, null clears it. */
export interface PromiseChanges {
  objectives?: string | null;
  plannedMinutes?: number | null;
  nature?: CourseNature | null;
}

/** A step's declared average duration in minutes (null: not declared). */
export interface StepDeclaration {
  kind: 'chapter' | 'subchapter';
  stepId: number;
  minutes: number | null;
}

export interface CoursePromises {
  objectives: string | null;
  plannedMinutes: number | null;
  nature: CourseNature | null;
}

function checkMinutes(value: number | null, field: string, label: string): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new InvalidCourseError(`${label} doit être un nombre entier de minutes.`, field);
  if (value < 0) throw new InvalidCourseError(`${label} ne peut pas être négative.`, field);
  if (value === 0) throw new InvalidCourseError(`${label} doit être d’au moins une minute (laissez vide si elle n’est pas déclarée).`, field);
  if (value > PROMISED_MINUTES_MAX) throw new InvalidCourseError(`${label} ne doit pas dépasser 2 000 heures.`, field);
  return value;
}

export const checkPlannedMinutes = (value: number | null): number | null => checkMinutes(value, 'planned_minutes', 'La durée prévue');
export const checkDeclaredMinutes = (value: number | null): number | null => checkMinutes(value, 'declared_minutes', 'La durée moyenne estimée');

/** Objectives trimmed, one per line, blank lines dropped; empty is null. */
export function checkObjectives(value: string | null): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw new InvalidCourseError('Les objectifs doivent être du texte.', 'objectives');
  const text = value.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).join('\n');
  if (text.length > OBJECTIVES_MAX) throw new InvalidCourseError(`Les objectifs ne doivent pas dépasser ${OBJECTIVES_MAX} caractères.`, 'objectives');
  return text || null;
}

export function checkNature(value: string | null): CourseNature | null {
  if (value === null) return null;
  if (!(COURSE_NATURES as readonly string[]).includes(value)) {
    throw new InvalidCourseError(
      'La nature de l’action doit être « Action de formation », « Bilan de compétences », « Action de VAE » ou « Action de formation par apprentissage ».',
      'nature',
    );
  }
  return value as CourseNature;
}

/** The promises after a change, every field checked; a refused change throws before anything moves. */
export function applyPromiseChanges(current: CoursePromises, changes: PromiseChanges): CoursePromises {
  return {
    objectives: changes.objectives === undefined ? current.objectives : checkObjectives(changes.objectives),
    plannedMinutes: changes.plannedMinutes === undefined ? current.plannedMinutes : checkPlannedMinutes(changes.plannedMinutes),
    nature: changes.nature === undefined ? current.nature : checkNature(changes.nature),
  };
}

/** The objectives as a list (one per line). */
export const objectiveLines = (objectives: string | null): string[] => (objectives ? objectives.split('\n') : []);

/** What the log keeps of the objectives: their count and a hash proving what they were (free text stays out of events). */
export const objectivesSha256 = (objectives: string | null): string | null => (objectives === null ? null : createHash('sha256').update(objectives, 'utf8').digest('hex'));

import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { InvalidInputError, NotFoundError, type Actor, parisCalendarDate } from '../../../../shared-kernel/index.js';
import { GetCoursePromises } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetCentreIdentity, GetCentreImage } from '../../../centre/contracts/centre.queries.js';
import { GetEnrolmentFunding } from '../../../enrolment/contracts/enrolment.queries.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';
import { realisedHours, PARTIAL_REASONS, type PartialReason, type StepFigures } from '../../domain/issued-document.hours.js';
import type { DocumentImages } from '../../domain/issued-document.facts.js';
import { GetTranscript } from '../get-transcript.query.js';
import type { TranscriptQuizAttemptView, TranscriptScoView, TranscriptView } from '../transcript.views.js';
import type { AssembledFacts } from './issue-document.command.js';

export const ASSEMBLER_MESSAGES = {
  neverEnrolled: 'Aucun document : cet étudiant n’a jamais été inscrit à ce cours.',
  courseNotFound: 'Cours non trouvé.',
  studentNotFound: 'Étudiant non trouvé.',
  unknownReason: 'Motif inconnu : choisissez « abandon », « absence », « interruption » ou « force_majeure ».',
};

const dayOf = (iso: string | null): string | null => (iso ? parisCalendarDate(new Date(iso)) : null);
const frenchDate = (iso: string): string => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short' }).format(new Date(iso));

/** What the admin sees before issuing, and what the document will print. */
export interface AssembledDocument {
  facts: AssembledFacts;
  images: DocumentImages;
}

/**
 * The facts assembler (docs/adr/0035): everything a certificate or an attestation prints, read at
 * issue from the owners' contracts — the centre's identity and images (`GetCentreIdentity`,
 * `GetCentreImage`), what the course promises (`GetCoursePromises`), the enrolment's funding
 * (`GetEnrolmentFunding`: null = never enrolled, refused), the learner's name (identity's published
 * `student_record`), and what the learner did (the transcript: per-step active time and validations
 * from learning-progress, quiz attempts from assessment, SCORM scores). The hours' basis is the
 * centre's setting at that moment, frozen in the facts.
 */
@Injectable()
export class DocumentFactsAssembler {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async assemble(actor: Actor, studentId: number, courseId: number, partialReason: unknown): Promise<AssembledDocument> {
    const reason = reasonOf(partialReason);
    const promises = await this.queries.execute(new GetCoursePromises(courseId));
    if (!promises) throw new NotFoundError(ASSEMBLER_MESSAGES.courseNotFound);
    const learner = await this.db.one<{ nom: string; prenom: string }>(`select nom, prenom from ${STUDENT_RECORD} where id = $1`, [studentId]);
    if (!learner) throw new NotFoundError(ASSEMBLER_MESSAGES.studentNotFound);
    const funding = await this.queries.execute(new GetEnrolmentFunding(studentId, courseId));
    if (!funding) throw new NotFoundError(ASSEMBLER_MESSAGES.neverEnrolled);
    const [transcript, centre] = await Promise.all([
      this.queries.execute(new GetTranscript(actor, studentId, courseId)) as Promise<TranscriptView>,
      this.queries.execute(new GetCentreIdentity()),
    ]);
    const [logo, signature] = await Promise.all([
      centre.logo ? this.queries.execute(new GetCentreImage('logo')) : null,
      centre.signature ? this.queries.execute(new GetCentreImage('signature')) : null,
    ]);

    // Every step the learner could do, with its declared duration (live steps, from the promises) and
    // what was measured on it; a step since removed keeps its measured time and validation.
    const steps: StepFigures[] = transcript.steps.map((step) => ({
      kind: step.kind as StepFigures['kind'],
      step_id: step.step_id,
      declared_minutes: step.declared_minutes,
      active_seconds: step.active_seconds,
      validated: step.validated_at !== null,
    }));
    const { base_heures, ...identity } = centre;
    const hours = realisedHours(base_heures, steps, promises.planned_minutes, transcript.method.version);

    return {
      facts: {
        centre: {
          ...identity,
          // Images by their hash only; the bytes go to the renderer (and are kept with the row).
          logo: logo && centre.logo ? centre.logo : null,
          signature: signature && centre.signature ? centre.signature : null,
        },
        learner: { student_id: studentId, nom: learner.nom, prenom: learner.prenom },
        employer: funding.employerName ? { nom: funding.employerName, siret: funding.employerSiret } : null,
        course: { course_id: courseId, title: transcript.course.title, nature: promises.nature, objectives: promises.objectives, distance: true },
        dates: {
          debut: funding.entryDate.value ?? dayOf(transcript.summary.first_access),
          fin: funding.exitDate.value ?? dayOf(transcript.summary.last_access),
        },
        hours,
        // The aggregate refuses a partial completion without its reason, and a reason on a total one.
        partial_reason: reason,
        funding: { financeur: funding.fundingLabel.value, numero_dossier: funding.dossierNumber.value },
        evaluation: [...quizLines(transcript.quiz_attempts), ...scormLines(transcript.scorm)],
      },
      images: { logo: logo ?? null, signature: signature ?? null },
    };
  }
}

function reasonOf(value: unknown): PartialReason | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && (PARTIAL_REASONS as readonly string[]).includes(value)) return value as PartialReason;
  throw new InvalidInputError(ASSEMBLER_MESSAGES.unknownReason, 'partial_reason');
}

/** Each quiz's newest completed attempt (else the one under way, said so): « 7/10 bonnes réponses ». */
function quizLines(attempts: readonly TranscriptQuizAttemptView[]): AssembledFacts['evaluation'] {
  const byQuiz = new Map<number, TranscriptQuizAttemptView>();
  for (const attempt of attempts) {
    const known = byQuiz.get(attempt.quiz_id);
    const better = !known || (attempt.completed_at !== null && (known.completed_at === null || attempt.attempt > known.attempt)) || (known.completed_at === null && attempt.completed_at === null && attempt.attempt > known.attempt);
    if (better) byQuiz.set(attempt.quiz_id, attempt);
  }
  return [...byQuiz.values()].map((a) => ({
    intitule: `Quiz « ${a.quiz_title} »`,
    resultat: a.completed_at
      ? `${a.correct}/${a.total} bonne${a.correct > 1 ? 's' : ''} réponse${a.correct > 1 ? 's' : ''} (tentative ${a.attempt}, terminée le ${frenchDate(a.completed_at)})`
      : `en cours : ${a.correct}/${a.total} bonne${a.correct > 1 ? 's' : ''} réponse${a.correct > 1 ? 's' : ''} sur ${a.answered} question${a.answered > 1 ? 's' : ''} traitée${a.answered > 1 ? 's' : ''} (tentative ${a.attempt})`,
  }));
}

const SUCCESS: Record<string, string> = { passed: 'réussi', failed: 'échoué' };
const COMPLETION: Record<string, string> = { completed: 'terminé', incomplete: 'non terminé', not_attempted: 'non commencé' };

/** Each SCO's newest attempt with a score or a status: « score 85 / 100, réussi, terminé ». */
function scormLines(scos: readonly TranscriptScoView[]): AssembledFacts['evaluation'] {
  const newest = new Map<string, TranscriptScoView>();
  for (const sco of scos) {
    const key = `${sco.chapter_id}:${sco.sco}`;
    const known = newest.get(key);
    if (!known || sco.attempt > known.attempt) newest.set(key, sco);
  }
  return [...newest.values()]
    .filter((sco) => sco.score_raw !== null || sco.score_scaled !== null || sco.success_status !== null || sco.completion_status !== null)
    .map((sco) => {
      const parts: string[] = [];
      if (sco.score_raw !== null) parts.push(`score ${sco.score_raw.replace('.', ',')}${sco.score_max !== null ? ` / ${sco.score_max.replace('.', ',')}` : ''}`);
      else if (sco.score_scaled !== null) parts.push(`score ${Math.round(Number(sco.score_scaled) * 100)} %`);
      if (sco.success_status && SUCCESS[sco.success_status]) parts.push(SUCCESS[sco.success_status]!);
      if (sco.completion_status && COMPLETION[sco.completion_status]) parts.push(COMPLETION[sco.completion_status]!);
      return { intitule: `Module « ${sco.chapter_title ?? `chapitre ${sco.chapter_id}`} »`, resultat: parts.join(', ') || 'sans résultat' };
    });
}

import ExcelJS from 'exceljs';
import { neutralise } from '../../../../shared-kernel/index.js';
import { quizVerdict } from '../quiz-verdict.js';
import type { TranscriptView } from '../transcript.views.js';
import { sha256Hex } from './dossier-files.js';
import { parisTime, RULE_LABELS, SUPPORT_CATEGORY_LABELS, SUPPORT_ROLE_LABELS } from './transcript-pdf.js';

/* The transcript as a workbook (docs/adr/0036): one sheet per section, typed cells. */

/** Durations are numbers of days (Excel's unit) shown as « [h]:mm:ss »: they sum and sort. */
export const DURATION_FORMAT = '[h]:mm:ss';
export const DATE_FORMAT = 'dd/mm/yyyy hh:mm:ss';

type Cell = string | number | boolean | Date | null;
type Column = { header: string; key: string; width: number; kind?: 'date' | 'duration' | 'text' | 'number' };

const PARIS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/**
 * An instant as the wall-clock time in Paris: a spreadsheet cell has no time zone and exceljs writes
 * a Date's UTC fields, so the cell would read UTC beside the « Jour » column's Paris day, the PDF and
 * the screen. The workbook says « heure de Paris » on its summary sheet.
 */
export function parisWallClock(iso: string | null): Date | null {
  if (!iso) return null;
  const instant = new Date(iso);
  const part = Object.fromEntries(PARIS.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return new Date(Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!, instant.getUTCMilliseconds()));
}
const asDate = parisWallClock;
const days = (seconds: number): number => seconds / 86_400;

export async function writeTranscriptXlsx(path: string, view: TranscriptView): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Plateforme de formation';
  workbook.created = new Date(view.generated_at);

  const sheet = (name: string, columns: Column[], rows: Iterable<Record<string, Cell>>) => {
    const ws = workbook.addWorksheet(name);
    ws.columns = columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.width,
      style: c.kind === 'date' ? { numFmt: DATE_FORMAT } : c.kind === 'duration' ? { numFmt: DURATION_FORMAT } : {},
    }));
    for (const row of rows) {
      const cells: Record<string, Cell> = {};
      for (const [key, value] of Object.entries(row)) cells[key] = typeof value === 'string' ? neutralise(value) : value;
      const added = ws.addRow(cells);
      // A date in a column of mixed kinds (the summary) gets its format on its cell.
      added.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
      });
      added.commit();
    }
    ws.commit();
  };

  const s = view.summary;
  sheet('Synthèse', [{ header: 'Rubrique', key: 'k', width: 32 }, { header: 'Valeur', key: 'v', width: 60 }], [
    { k: 'Apprenant', v: view.student.fullname },
    { k: 'Compte clôturé', v: view.student.closed },
    { k: 'Formation', v: view.course.title },
    { k: 'Formateur', v: view.course.trainer?.full_name ?? null },
    { k: 'Inscription', v: asDate(s.enrolled_at) },
    { k: 'Premier accès', v: asDate(s.first_access) },
    { k: 'Dernier accès', v: asDate(s.last_access) },
    { k: 'Cours terminé le', v: asDate(s.completed_at) },
    { k: 'Temps connecté (secondes)', v: s.connected_seconds },
    { k: 'Temps actif (secondes)', v: s.active_seconds },
    { k: 'Étapes validées', v: s.steps_validated },
    { k: 'Étapes du cours', v: s.steps_total },
    { k: 'Méthode de mesure du temps', v: view.method.version },
    { k: 'Relevé établi le', v: asDate(view.generated_at) },
    { k: 'Dates et heures', v: 'heure de Paris (Europe/Paris)' },
  ]);

  sheet('Connexions', [
    { header: 'Jour', key: 'day', width: 12 }, { header: 'Session', key: 'session', width: 38 },
    { header: 'Début', key: 'start', width: 20, kind: 'date' }, { header: 'Fin', key: 'end', width: 20, kind: 'date' },
    { header: 'Signaux reçus', key: 'beats', width: 14 },
    { header: 'Temps connecté', key: 'connected', width: 14, kind: 'duration' }, { header: 'Temps actif', key: 'active', width: 14, kind: 'duration' },
  ], view.connections.flatMap((d) => d.sessions.map((x) => ({
    day: d.day, session: x.session_id, start: asDate(x.started_at), end: asDate(x.ended_at), beats: x.beats, connected: days(x.connected_seconds), active: days(x.active_seconds),
  }))));

  sheet('Étapes', [
    { header: 'Type', key: 'kind', width: 14 }, { header: 'Étape', key: 'title', width: 40 }, { header: 'Identifiant', key: 'id', width: 12 },
    { header: 'Durée déclarée', key: 'declared', width: 14, kind: 'duration' },
    { header: 'Temps connecté', key: 'connected', width: 14, kind: 'duration' }, { header: 'Temps actif', key: 'active', width: 14, kind: 'duration' },
    { header: 'Sessions', key: 'sessions', width: 10 },
    { header: 'Ouverte le', key: 'opened', width: 20, kind: 'date' }, { header: 'Validée le', key: 'validated', width: 20, kind: 'date' },
    { header: 'Règle', key: 'rule', width: 40 }, { header: 'Chiffres', key: 'figures', width: 60 },
  ], view.steps.map((x) => ({
    kind: x.kind === 'subchapter' ? 'Sous-chapitre' : 'Chapitre', title: x.title ?? `Étape n° ${x.step_id} (retirée du cours)`, id: x.step_id,
    declared: x.declared_minutes === null ? null : days(x.declared_minutes * 60), connected: days(x.connected_seconds), active: days(x.active_seconds), sessions: x.sessions,
    opened: asDate(x.opened_at), validated: asDate(x.validated_at), rule: x.rule ? (RULE_LABELS[x.rule] ?? x.rule) : null, figures: x.figures ? JSON.stringify(x.figures) : null,
  })));

  sheet('Quiz', [
    { header: 'Quiz', key: 'quiz', width: 30 }, { header: 'Tentative', key: 'attempt', width: 10 },
    { header: 'Question', key: 'question', width: 40 }, { header: 'Réponse donnée', key: 'chosen', width: 30 }, { header: 'Juste', key: 'correct', width: 8 },
    { header: 'Répondue le', key: 'at', width: 20, kind: 'date' }, { header: 'Bonnes réponses', key: 'score', width: 14 }, { header: 'Questions', key: 'total', width: 10 },
    { header: 'Résultat de la tentative', key: 'verdict', width: 30 }, { header: 'Seuil (%)', key: 'pass_mark', width: 10 },
    { header: 'Validé à la main le', key: 'validated', width: 20, kind: 'date' },
  ], view.quiz_attempts.flatMap((a): Record<string, Cell>[] => {
    const attempt = { quiz: a.quiz_title, attempt: a.attempt, score: a.correct, total: a.total, verdict: quizVerdict(a), pass_mark: a.pass_mark, validated: asDate(a.validated_by_trainer_at) };
    // An attempt closed by its time limit before any answer still has its row.
    if (a.answers.length === 0) return [{ ...attempt, question: null, chosen: null, correct: null, at: null }];
    return a.answers.map((x) => ({ ...attempt, question: x.question, chosen: x.chosen, correct: x.correct, at: asDate(x.answered_at) }));
  }));

  sheet('SCORM', [
    { header: 'Chapitre', key: 'chapter', width: 30 }, { header: 'SCO', key: 'sco', width: 20 }, { header: 'Tentative', key: 'attempt', width: 10 },
    { header: 'Achèvement', key: 'completion', width: 14 }, { header: 'Réussite', key: 'success', width: 12 },
    { header: 'Score brut', key: 'raw', width: 10 }, { header: 'Score min', key: 'min', width: 10 }, { header: 'Score max', key: 'max', width: 10 }, { header: 'Score pondéré', key: 'scaled', width: 12 },
    { header: 'Temps', key: 'time', width: 12, kind: 'duration' }, { header: 'Enregistrements', key: 'commits', width: 14 },
    { header: 'Premier', key: 'first', width: 20, kind: 'date' }, { header: 'Dernier', key: 'last', width: 20, kind: 'date' }, { header: 'Interactions', key: 'interactions', width: 60 },
  ], view.scorm.map((x) => ({
    chapter: x.chapter_title ?? `Chapitre n° ${x.chapter_id}`, sco: x.sco, attempt: x.attempt, completion: x.completion_status, success: x.success_status,
    raw: numberOrNull(x.score_raw), min: numberOrNull(x.score_min), max: numberOrNull(x.score_max), scaled: numberOrNull(x.score_scaled),
    time: days(x.total_seconds), commits: x.commits, first: asDate(x.first_at), last: asDate(x.last_at), interactions: x.interactions.length ? JSON.stringify(x.interactions) : null,
  })));

  sheet('Devoirs', [
    { header: 'Devoir', key: 'title', width: 30 }, { header: 'Consigne', key: 'detail', width: 50 }, { header: 'Formateur', key: 'trainer', width: 24 },
    { header: 'Donné le', key: 'given', width: 20, kind: 'date' }, { header: 'Fait le', key: 'done', width: 20, kind: 'date' },
    { header: 'Date limite', key: 'due', width: 20, kind: 'date' }, { header: 'Rendus', key: 'submissions', width: 60 },
    { header: 'Note /20', key: 'grade', width: 10, kind: 'number' }, { header: 'Noté le', key: 'graded', width: 20, kind: 'date' }, { header: 'Appréciation', key: 'feedback', width: 40 },
  ], view.homework.map((h) => ({
    title: h.title, detail: h.detail, trainer: h.trainer.full_name, given: asDate(h.given_at), done: asDate(h.completed_at),
    // Travaux réalisés (docs/adr/0044): each hand-in with its date, late flag and the SHA-256 of its answer and files.
    due: asDate(h.due_at), submissions: h.submissions.length ? JSON.stringify(h.submissions) : h.done ? 'sans rendu' : null,
    grade: h.grade, graded: asDate(h.graded_at), feedback: h.feedback,
  })));

  sheet('Assistance', [
    { header: 'Envoyé le', key: 'at', width: 20, kind: 'date' }, { header: 'De', key: 'from', width: 12 }, { header: 'Formateur', key: 'trainer', width: 24 },
    { header: 'Message groupé', key: 'group', width: 10 }, { header: 'Délai de réponse', key: 'delay', width: 14, kind: 'duration' },
    { header: 'Message', key: 'body', width: 60 }, { header: 'SHA-256 du texte ci-contre (à retrouver dans MessageSent)', key: 'sha', width: 66 },
  ], view.messages.map((m) => ({
    at: asDate(m.sent_at), from: m.sender === 'student' ? 'Apprenant' : 'Formateur', trainer: m.trainer.full_name, group: m.group,
    delay: m.response_seconds === null ? null : days(m.response_seconds), body: m.body, sha: sha256Hex(m.body),
  })));

  // Technical-support requests (docs/adr/0037): one row per request, its answers in one cell.
  sheet('Assistance technique', [
    { header: 'N°', key: 'id', width: 8 }, { header: 'Ouverte le', key: 'opened', width: 20, kind: 'date' }, { header: 'Catégorie', key: 'category', width: 20 },
    { header: 'Formation', key: 'course', width: 24 }, { header: 'Étape', key: 'step', width: 24 },
    { header: 'Première réponse le', key: 'first', width: 20, kind: 'date' }, { header: 'Répondu par', key: 'role', width: 16 },
    { header: 'Délai de réponse', key: 'delay', width: 14, kind: 'duration' }, { header: 'Résolue le', key: 'resolved', width: 20, kind: 'date' },
    { header: 'Demande', key: 'body', width: 60 }, { header: 'SHA-256 du texte ci-contre (à retrouver dans SupportRequestOpened)', key: 'sha', width: 66 }, { header: 'Réponses', key: 'answers', width: 80 },
  ], view.support.requests.map((r) => ({
    id: r.id, opened: asDate(r.opened_at), category: SUPPORT_CATEGORY_LABELS[r.category], course: r.course_specified ? 'cette formation' : 'sans formation précisée',
    step: r.step_title, first: asDate(r.first_answered_at), role: r.first_answer_role ? SUPPORT_ROLE_LABELS[r.first_answer_role] : null,
    delay: r.response_seconds === null ? null : days(r.response_seconds), resolved: asDate(r.resolved_at), body: r.body, sha: sha256Hex(r.body),
    answers: r.answers.length ? r.answers.map((a) => `${parisTime(a.answered_at)} — ${a.trainer ? `Formateur : ${a.trainer.full_name}` : 'Administrateur'} : ${a.body}`).join('\n') : null,
  })));

  await workbook.commit();
}

function numberOrNull(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

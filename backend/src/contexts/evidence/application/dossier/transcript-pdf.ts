import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { FONT_BOLD, FONT_REGULAR } from '../../documents/pdf/layout.js';
import { quizVerdict } from '../quiz-verdict.js';
import type { TranscriptView } from '../transcript.views.js';

/* The transcript as a PDF a person reads (docs/adr/0036): the sections of the screen, in its words, then the assistance log. */

const MARGIN = 50;
const GREY = '#555555';

export const RULE_LABELS: Record<string, string> = {
  'video-played-90-percent': 'Vidéo regardée à 90 %',
  'video-finish-after-120s': 'Vidéo terminée après 120 s de visionnage',
  'external-video-timer-90-percent': 'Vidéo externe : temps actif d’au moins 90 % de sa durée',
  'text-finish-after-open': 'Texte ouvert puis terminé',
  'quiz-completed': 'Quiz terminé',
  'scorm-completed': 'Module SCORM terminé ou réussi',
};

/** The categories of a technical-support request as the learner chose them (docs/adr/0037). */
export const SUPPORT_CATEGORY_LABELS: Record<string, string> = {
  connexion: 'Connexion / compte', video: 'Vidéo', scorm: 'Module SCORM', quiz: 'Quiz / évaluation', autre: 'Autre',
};
export const SUPPORT_ROLE_LABELS: Record<string, string> = { admin: 'administrateur', teacher: 'formateur' };

const PARIS = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'medium' });

/** « 02/03/2026 09:00:00 » (Europe/Paris) or a dash. */
export const parisTime = (iso: string | null): string => (iso ? PARIS.format(new Date(iso)) : '—');

/** « 1 h 05 min 30 s », « 45 s ». */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min ${String(rest).padStart(2, '0')} s`;
  if (m > 0) return `${m} min ${String(rest).padStart(2, '0')} s`;
  return `${rest} s`;
}

export async function writeTranscriptPdf(path: string, view: TranscriptView): Promise<void> {
  const generated = new Date(view.generated_at);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: FONT_REGULAR,
    info: {
      Title: `Relevé de formation — ${view.student.fullname} — ${view.course.title}`,
      Subject: 'Dossier de preuves',
      Creator: 'Plateforme de formation',
      Producer: 'pdfkit',
      CreationDate: generated,
      ModDate: generated,
    },
  });
  const out = createWriteStream(path, { flags: 'wx' });
  doc.pipe(out);
  const width = doc.page.width - 2 * MARGIN;
  const regular = (size = 9.5) => doc.font(FONT_REGULAR).fontSize(size).fillColor('black');
  const bold = (size = 9.5) => doc.font(FONT_BOLD).fontSize(size).fillColor('black');
  const line = (text: string, indent = 0) => regular().text(text, MARGIN + indent, doc.y, { width: width - indent });
  const labelled = (label: string, value: string) => {
    bold().text(`${label} : `, MARGIN, doc.y, { continued: true, width });
    regular().text(value);
  };
  const section = (title: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8);
    bold(13).text(title, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  };

  bold(17).text(`Relevé de formation : ${view.course.title}`, MARGIN, doc.y, { width, align: 'center' });
  regular(9).fillColor(GREY).text(`Relevé établi le ${parisTime(view.generated_at)}, à partir des enregistrements du serveur.`, { width, align: 'center' });
  doc.moveDown(0.8);

  section('Synthèse');
  labelled('Apprenant', `${view.student.fullname}${view.student.closed ? ` (Compte clôturé le ${parisTime(view.student.closed_at)})` : ''}`);
  labelled('Formation', `${view.course.title}${view.course.archived ? ' (cours archivé)' : ''}`);
  labelled('Formateur', view.course.trainer?.full_name ?? '—');
  labelled('Inscription', view.summary.enrolled_at ? parisTime(view.summary.enrolled_at) : 'Plus inscrit (historique conservé)');
  labelled('Premier accès', parisTime(view.summary.first_access));
  labelled('Dernier accès', parisTime(view.summary.last_access));
  labelled('Cours terminé le', view.summary.completed_at ? parisTime(view.summary.completed_at) : 'Non terminé');
  labelled('Temps connecté', duration(view.summary.connected_seconds));
  labelled('Temps actif', duration(view.summary.active_seconds));
  labelled('Étapes validées', `${view.summary.steps_validated} sur ${view.summary.steps_total}`);
  labelled('Méthode de mesure du temps', `Méthode ${view.method.version}`);
  regular(8.5).fillColor(GREY).text(view.method.description, MARGIN, doc.y, { width });

  section('Journal des connexions');
  if (view.connections.length === 0) line('Aucune connexion enregistrée.');
  for (const day of view.connections) {
    bold().text(`${day.day.split('-').reverse().join('/')} — connecté ${duration(day.connected_seconds)}, actif ${duration(day.active_seconds)}`, MARGIN, doc.y, { width });
    for (const s of day.sessions) {
      line(`Session ${s.session_id} : ${parisTime(s.started_at)} → ${parisTime(s.ended_at)}, ${s.beats} signaux reçus, connecté ${duration(s.connected_seconds)}, actif ${duration(s.active_seconds)}`, 12);
    }
  }

  section('Temps et validation par étape');
  for (const step of view.steps) {
    const name = step.title ?? `Étape n° ${step.step_id} (retirée du cours)`;
    bold().text(`${step.kind === 'subchapter' ? 'Sous-chapitre' : 'Chapitre'} : ${name}`, MARGIN, doc.y, { width });
    line(`Durée déclarée : ${step.declared_minutes === null ? 'Non déclarée' : `${step.declared_minutes} min`} — temps connecté ${duration(step.connected_seconds)}, temps actif ${duration(step.active_seconds)}, ${step.sessions} session(s)`, 12);
    const validation = step.validated_at
      ? `Validée le ${parisTime(step.validated_at)} — règle : ${RULE_LABELS[step.rule ?? ''] ?? step.rule ?? '—'}${step.figures ? ` — chiffres : ${JSON.stringify(step.figures)}` : ''}`
      : step.opened_at ? `Ouverte le ${parisTime(step.opened_at)}, non validée` : 'Non ouverte';
    line(validation, 12);
  }

  section('Tentatives aux quiz');
  if (view.quiz_attempts.length === 0) line('Aucune tentative de quiz.');
  for (const a of view.quiz_attempts) {
    bold().text(`${a.quiz_title} — tentative ${a.attempt} : ${a.correct} / ${a.total} bonnes réponses — ${quizVerdict(a)}`, MARGIN, doc.y, { width });
    line(`Commencée le ${parisTime(a.started_at)} — ${a.completed_at ? `terminée le ${parisTime(a.completed_at)}` : 'en cours'}`, 12);
    if (a.validated_by_trainer_at) line(`Quiz validé à la main par le formateur le ${parisTime(a.validated_by_trainer_at)}`, 12);
    for (const answer of a.answers) line(`${answer.question} — réponse donnée : ${answer.chosen} (${answer.correct ? 'juste' : 'fausse'}), le ${parisTime(answer.answered_at)}`, 12);
  }

  section('Modules SCORM');
  if (view.scorm.length === 0) line('Aucun module SCORM parcouru.');
  for (const sco of view.scorm) {
    bold().text(`${sco.chapter_title ?? `Chapitre n° ${sco.chapter_id}`} — SCO ${sco.sco} — tentative ${sco.attempt}`, MARGIN, doc.y, { width });
    line(`Achèvement : ${sco.completion_status ?? '—'} ; réussite : ${sco.success_status ?? '—'} ; score : ${sco.score_raw ?? '—'} (min ${sco.score_min ?? '—'}, max ${sco.score_max ?? '—'}, pondéré ${sco.score_scaled ?? '—'})`, 12);
    line(`Temps : ${duration(sco.total_seconds)} ; ${sco.commits} enregistrement(s) du ${parisTime(sco.first_at)} au ${parisTime(sco.last_at)}`, 12);
    for (const i of sco.interactions) line(`Interaction ${i.id} : type ${i.type ?? '—'}, réponse ${i.learner_response ?? '—'}, résultat ${i.result ?? '—'}`, 24);
  }

  section('Devoirs');
  if (view.homework.length === 0) line('Aucun devoir donné.');
  for (const h of view.homework) {
    bold().text(`${h.title} (par ${h.trainer.full_name})`, MARGIN, doc.y, { width });
    line(h.detail, 12);
    line(`Donné le ${parisTime(h.given_at)}${h.due_at ? `, à rendre avant le ${parisTime(h.due_at)}` : ''} — ${h.done ? `fait le ${parisTime(h.completed_at)}${h.submissions.length ? '' : ' (sans rendu)'}` : 'à faire'}`, 12);
    // Travaux réalisés (docs/adr/0044): each hand-in, its files' SHA-256, the grade.
    for (const s of h.submissions) {
      line(`Rendu n° ${s.number} le ${parisTime(s.submitted_at)}${s.late ? ' (en retard)' : ''} — réponse SHA-256 ${s.sha256}`, 24);
      for (const f of s.files) line(`Fichier « ${f.file_name} » (${f.size} octets) SHA-256 ${f.sha256}`, 36);
    }
    if (h.grade !== null) line(`Note : ${String(h.grade).replace('.', ',')}/${h.out_of} le ${parisTime(h.graded_at)}${h.feedback ? ` — appréciation : ${h.feedback}` : ''}`, 12);
  }

  section('Journal d’assistance pédagogique');
  if (view.messages.length === 0) line('Aucun échange avec le formateur.');
  for (const m of view.messages) {
    const who = m.sender === 'student' ? 'Apprenant' : `Formateur : ${m.trainer.full_name}`;
    bold().text(`${parisTime(m.sent_at)} — ${who}${m.group ? ' (message groupé)' : ''}${m.response_seconds !== null ? ` — réponse après ${duration(m.response_seconds)}` : ''}`, MARGIN, doc.y, { width });
    line(m.body, 12);
  }

  section('Assistance technique');
  line(view.support.note);
  if (view.support.requests.length === 0) line('Aucune demande d’assistance technique enregistrée.');
  for (const r of view.support.requests) {
    const about = r.course_specified ? (r.step_title ? ` — étape : ${r.step_title}` : '') : ' — sans formation précisée';
    bold().text(`Demande n° ${r.id} du ${parisTime(r.opened_at)} — ${SUPPORT_CATEGORY_LABELS[r.category]}${about}`, MARGIN, doc.y, { width });
    line(r.body, 12);
    const first = r.first_answered_at
      ? `Première réponse le ${parisTime(r.first_answered_at)} (${SUPPORT_ROLE_LABELS[r.first_answer_role ?? 'admin']}), après ${duration(r.response_seconds ?? 0)}`
      : 'Sans réponse';
    line(`${first} ; ${r.resolved_at ? `résolue le ${parisTime(r.resolved_at)}` : 'non résolue'}`, 12);
    for (const a of r.answers) line(`${parisTime(a.answered_at)} — ${a.trainer ? `Formateur : ${a.trainer.full_name}` : 'Administrateur'} : ${a.body}`, 24);
  }

  doc.end();
  await finished(out);
}

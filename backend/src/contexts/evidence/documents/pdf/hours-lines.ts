import { hoursAndMinutes, hoursText, rateText } from '../../domain/issued-document.hours.js';
import { BASIS_LABELS, PARTIAL_REASON_LABELS, type DocumentFacts } from '../../domain/issued-document.facts.js';

/** « 12,5 heures (12 h 30 min) » */
export function duration(minutes: number): string {
  return `${hoursText(minutes)} (${hoursAndMinutes(minutes)})`;
}

/** The basis of the hours, then the completion: total, partial (rate, hours not completed, reason), or not computable. */
export function hoursLines(facts: DocumentFacts): string[] {
  const h = facts.hours;
  const lines = [`Base de calcul des heures : ${BASIS_LABELS[h.basis]}${h.method ? ` (méthode de mesure ${h.method})` : ''}.`];
  if (h.basis === 'durees_declarees' && h.undeclared_validated_steps > 0) {
    lines.push(`${h.undeclared_validated_steps} étape(s) validée(s) sans durée déclarée par le formateur, comptée(s) pour 0 heure.`);
  }
  if (h.planned_minutes !== null) lines.push(`Durée prévue de la formation : ${duration(h.planned_minutes)}.`);
  if (h.completion_per_mille === null) {
    lines.push('Taux de réalisation : non calculable, la durée prévue de la formation n’est pas renseignée.');
  } else if (!h.partial) {
    lines.push(`Réalisation totale : taux de réalisation ${rateText(h.completion_per_mille)}.`);
  } else {
    lines.push(`Réalisation partielle : taux de réalisation ${rateText(h.completion_per_mille)}.`);
    lines.push(`Heures non réalisées : ${duration(h.not_completed_minutes!)}.`);
    lines.push(`Motif de la réalisation partielle : ${facts.partial_reason ? PARTIAL_REASON_LABELS[facts.partial_reason] : 'non renseigné'}.`);
  }
  return lines;
}

export function fundingLine(facts: DocumentFacts): string {
  return `Financement : ${facts.funding.financeur ?? 'non renseigné'} — Numéro de dossier : ${facts.funding.numero_dossier ?? 'non renseigné'}.`;
}

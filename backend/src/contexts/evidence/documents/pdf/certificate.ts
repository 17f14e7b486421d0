import { ACTION_NATURES, NATURE_LABELS, type DocumentFacts, type DocumentImages, type DocumentStatus } from '../../domain/issued-document.facts.js';
import { duration, fundingLine, hoursLines } from './hours-lines.js';
import { bold, centreName, field, frenchDate, header, newDocument, paragraph, qualite, regular, signatoryName, title, toBuffer, closingBlock } from './layout.js';

/** The commitment of the ministry's model, word for word. */
export const CONSERVATION_COMMITMENT =
  'Sans préjudice des délais imposés par les règles fiscales, comptables ou commerciales, je m’engage à conserver l’ensemble des pièces justificatives qui ont permis d’établir le présent certificat pendant une durée de 3 ans à compter de la fin de l’année du dernier paiement. En cas de cofinancement des fonds européens, la durée de conservation est étendue conformément aux obligations conventionnelles spécifiques.';

export const FOAD_NOTE =
  '(1) Action réalisée à distance (FOAD) : la durée prend en compte la réalisation des activités pédagogiques et le temps estimé pour les réaliser.';
/** The note on measured active time: the duration is not the estimated time the ministry's note speaks of, and says so. */
export const FOAD_NOTE_MEASURED =
  '(1) Action réalisée à distance (FOAD) : la durée est le temps actif mesuré par la plateforme sur les activités pédagogiques réalisées, et non le temps estimé pour les réaliser.';

/** « représentant légal » → « représentant légal du dispensateur »; a quality typed with it already stays as typed. */
export function asProvider(quality: string): string {
  return /du dispensateur\s*$/i.test(quality) ? quality.trim() : `${quality} du dispensateur`;
}

/**
 * Certificat de réalisation, after the ministry's model (arrêté du 21 décembre 2018, docs/adr/0035):
 * the same sentences in the same order, the four natures as boxes with the right one checked, the
 * duration realised in hours with its basis, for a partial completion the rate, the hours not
 * completed and the reason (CPF's service fait), the funding, the commitment to keep the supporting
 * documents for 3 years, « Fait à … le … », the stamp and signature, and the verification block.
 */
export async function renderCertificate(facts: DocumentFacts, images: DocumentImages, status: DocumentStatus): Promise<Buffer> {
  if (facts.kind !== 'certificat_realisation') throw new TypeError(`renderCertificate: ${facts.kind}`);
  const doc = newDocument(facts);
  header(doc, facts, images, status);
  title(doc, 'CERTIFICAT DE RÉALISATION', 'Modèle de l’arrêté du 21 décembre 2018');

  paragraph(doc, `Je soussigné(e) ${signatoryName(facts)}, ${asProvider(qualite(facts))} de l’action concourant au développement des compétences ${centreName(facts)},`, 0.5);
  bold(doc).text('atteste que :', { continued: false });
  doc.moveDown(0.3);
  field(doc, 'Nom et prénom du bénéficiaire : ', `${facts.learner.nom.toUpperCase()} ${facts.learner.prenom}`);
  if (facts.employer) field(doc, 'salarié(e) de l’entreprise : ', facts.employer.siret ? `${facts.employer.nom} (SIRET ${facts.employer.siret})` : facts.employer.nom);
  field(doc, 'a suivi l’action : ', facts.course.title, 0.6);

  bold(doc).text('Nature de l’action concourant au développement des compétences :');
  doc.moveDown(0.2);
  for (const nature of ACTION_NATURES) regular(doc).text(`${facts.course.nature === nature ? '☒' : '☐'} ${NATURE_LABELS[nature]}`, { indent: 14 });
  if (!facts.course.nature) regular(doc, 9).fillColor('#555555').text('Nature de l’action non renseignée par le formateur du cours.', { indent: 14 });
  doc.moveDown(0.6);

  field(doc, 'qui s’est déroulée du ', `${frenchDate(facts.dates.debut)} au ${frenchDate(facts.dates.fin)}`);
  field(doc, 'pour une durée de ', `${duration(facts.hours.realised_minutes)}${facts.course.distance ? ' (1)' : ''}.`, 0.3);
  for (const line of hoursLines(facts)) paragraph(doc, line, 0.15, 9.5);
  paragraph(doc, fundingLine(facts), 0.6, 9.5);

  paragraph(doc, CONSERVATION_COMMITMENT, 0.4, 9.5);
  await closingBlock(doc, facts, images, status, 'Cachet et signature du responsable du dispensateur');
  if (facts.course.distance) paragraph(doc, facts.hours.basis === 'durees_declarees' ? FOAD_NOTE : FOAD_NOTE_MEASURED, 0.2, 8);
  return toBuffer(doc);
}

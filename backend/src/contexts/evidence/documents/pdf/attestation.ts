import { NATURE_LABELS, type DocumentFacts, type DocumentImages, type DocumentStatus } from '../../domain/issued-document.facts.js';
import { duration, fundingLine, hoursLines } from './hours-lines.js';
import { bold, centreName, field, frenchDate, header, newDocument, paragraph, qualite, regular, signatoryName, title, toBuffer, closingBlock } from './layout.js';

export const NO_EVALUATION = 'Aucune évaluation des acquis n’a été enregistrée pour cette formation.';

/**
 * Attestation de fin de formation (article L.6353-1 du Code du travail, docs/adr/0035): the
 * objectives, the nature and the duration of the action and the results of the evaluation of
 * learning, with the same provider header, signature and verification block as the certificate.
 */
export async function renderAttestation(facts: DocumentFacts, images: DocumentImages, status: DocumentStatus): Promise<Buffer> {
  if (facts.kind !== 'attestation_fin_formation') throw new TypeError(`renderAttestation: ${facts.kind}`);
  const doc = newDocument(facts);
  header(doc, facts, images, status);
  title(doc, 'ATTESTATION DE FIN DE FORMATION', 'Article L.6353-1 du Code du travail');

  paragraph(doc, `Je soussigné(e) ${signatoryName(facts)}, ${qualite(facts)} de ${centreName(facts)}, atteste que ${facts.learner.prenom} ${facts.learner.nom.toUpperCase()}${facts.employer ? `, salarié(e) de l’entreprise ${facts.employer.nom}` : ''}, a suivi la formation :`, 0.3);
  bold(doc, 12).text(facts.course.title);
  doc.moveDown(0.6);

  bold(doc).text('Objectifs de la formation :');
  paragraph(doc, facts.course.objectives ?? 'Objectifs non renseignés par le formateur du cours.', 0.5);
  field(doc, 'Nature de l’action : ', facts.course.nature ? `${NATURE_LABELS[facts.course.nature]} (article L.6313-1 du Code du travail)` : 'non renseignée par le formateur du cours');
  if (facts.course.distance) field(doc, 'Modalité : ', 'formation ouverte et à distance (FOAD)');
  field(doc, 'Dates : ', `du ${frenchDate(facts.dates.debut)} au ${frenchDate(facts.dates.fin)}`);
  field(doc, 'Durée réalisée : ', `${duration(facts.hours.realised_minutes)}.`, 0.2);
  for (const line of hoursLines(facts)) paragraph(doc, line, 0.15, 9.5);
  paragraph(doc, fundingLine(facts), 0.6, 9.5);

  bold(doc).text('Résultats de l’évaluation des acquis de la formation :');
  doc.moveDown(0.2);
  if (facts.evaluation.length === 0) paragraph(doc, NO_EVALUATION, 0.4);
  for (const item of facts.evaluation) {
    regular(doc).text(`• ${item.intitule} : `, { indent: 10, continued: true });
    bold(doc).text(item.resultat);
  }
  doc.moveDown(0.4);
  await closingBlock(doc, facts, images, status, 'Cachet et signature du responsable de l’organisme de formation');
  return toBuffer(doc);
}

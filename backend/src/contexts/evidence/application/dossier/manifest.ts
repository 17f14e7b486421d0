import type { TranscriptView } from '../transcript.views.js';

/**
 * What the ledger (the event log's hash chain) covers in a dossier, and what it does not, in plain
 * words (docs/adr/0036). Written into every manifest so that a reader need not guess.
 */
export const LEDGER = {
  covered: [
    'donnees/evenements.json : chaque événement porte prev_hash et hash ; hash = SHA-256 de sa sérialisation canonique, prev_hash = hash de l’événement précédent du même flux. Le dernier hash de chaque flux figure dans « streams » ; `npm run eventlog:verify` vérifie toute la chaîne sur le serveur.',
    'Les documents émis (documents/*.pdf) : leur SHA-256 est celui que porte leur événement DocumentIssued (pdfSha256) ; une version remplacée, celui de DocumentReplaced pour sa mention « remplacé ».',
    'Les textes des messages (journal d’assistance) : le SHA-256 (UTF-8) de chaque texte est dans son événement MessageSent (sha256) ; la feuille « Assistance » du classeur donne ce SHA-256 à côté du texte. De même pour les devoirs (AssignmentGiven.sha256 = SHA-256 du titre, d’un saut de ligne et de la consigne).',
    'Ce dossier lui-même : le SHA-256 du ZIP et celui de son manifest.json sont dans l’événement DossierGenerated, et chaque téléchargement est un événement DossierDownloaded.',
  ],
  not_covered: [
    'Les signaux de présence (donnees/signaux-de-presence.json) et les enregistrements SCORM (donnees/enregistrements-scorm.json) sont gardés à côté du journal, dans les tables de la progression : ils ne sont liés au journal que par les événements qu’ils ont produits (LearningTimeRecorded compte les signaux nouveaux et les temps, ScormCommitted reprend les statuts et le score d’un enregistrement appliqué). Une ligne de ces tables n’a pas d’empreinte chaînée aujourd’hui.',
    'Le relevé (PDF et classeur) est composé au moment de la génération à partir des vues de lecture (projections) ; ses chiffres se recalculent depuis les événements et les tables ci-dessus, mais le fichier n’est pas lui-même dans la chaîne, sinon par le SHA-256 du manifest dans DossierGenerated.',
    'Les noms, titres et textes ne sont pas dans les événements (seulement des identifiants et des empreintes) : ils viennent des tables de chaque contexte au moment de la génération.',
  ],
} as const;

/** The versions of the methods behind the figures (docs/learning-progress.md, ADR 0026, ADR 0027, ADR 0035). */
export function methodsOf(view: TranscriptView) {
  return {
    time: { version: view.method.version, description: view.method.description },
    validation_rules: 'docs/learning-progress.md (règle et chiffres de chaque validation dans son événement ChapterValidated)',
    scorm_run_time: 'ADR 0026 (règles SCORM appliquées par le serveur) ; événement ScormCommitted version de schéma 2 (ADR 0027)',
    hours_basis: 'ADR 0035 : la base des heures est figée dans chaque document émis (événement DocumentIssued : hoursBasis, method)',
    hash: 'SHA-256, hexadécimal minuscule',
  };
}

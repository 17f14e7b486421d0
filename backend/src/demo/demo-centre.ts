import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandBus } from '@nestjs/cqrs';
import { SetCentreImage, UpdateAccessibilityStatement, UpdateCentreIdentity } from '../contexts/centre/testing.js';
import type { Actor } from '../shared-kernel/index.js';

/**
 * The demo centre's identity (docs/adr/0032), as its mentions légales already name it: Centre de
 * formation LMS, 24 rue de la République, 69002 Lyon. The SIRET passes the Luhn key; the NDA is an
 * Auvergne-Rhône-Alpes one (84, Rhône 69). The signatory is the demo admin, its legal representative.
 * Logo and signature/stamp: drawn by assets/make-centre-images.mjs.
 */
export const DEMO_CENTRE = {
  nom: 'Centre de formation LMS',
  siret: '89123456700008',
  nda: '84691234569',
  rue: '24 rue de la République',
  code_postal: '69002',
  ville: 'Lyon',
  signataire_nom: 'Sophie Laurent',
  signataire_qualite: 'Représentant légal du dispensateur',
  lieu: 'Lyon',
};

export async function seedDemoCentre(commands: CommandBus, asAdmin: Actor, assets: string): Promise<void> {
  await commands.execute(new UpdateCentreIdentity(asAdmin, DEMO_CENTRE));
  await commands.execute(new SetCentreImage(asAdmin, 'logo', readFileSync(join(assets, 'centre', 'logo.png'))));
  await commands.execute(new SetCentreImage(asAdmin, 'signature', readFileSync(join(assets, 'centre', 'signature.png'))));
}

// ---------------------------------------------------------------------------------------------
// The demo centre's accessibility statement (issue 29 item 8, docs/adr/0049): an audit made in the
// spring by an outside firm on a sample of pages, 38 of the 52 applicable RGAA 4.1.2 criteria met
// (73 %: « partiellement conforme »), with the non-conformities such an audit finds on a learning
// platform, and the centre's plans. The status is computed by the server from these figures.
// ---------------------------------------------------------------------------------------------
export const DEMO_ACCESSIBILITY = {
  rgaa_version: '4.1.2',
  audit_date: '2026-04-14',
  auditeur: 'Cabinet Accessens, Lyon (audit externe)',
  criteres_applicables: 52,
  criteres_conformes: 38,
  non_conformites: [
    'Critère 4.1 : les vidéos de présentation des formations Excel et Word n’ont pas toutes de sous-titres ni de transcription textuelle.',
    'Critère 4.3 : les sous-titres de la vidéo d’accueil ne restituent pas les informations sonores autres que la parole.',
    'Critère 7.1 : deux modules SCORM de l’éditeur partenaire ne se pilotent pas entièrement au clavier (boutons « Suivant » non focalisables).',
    'Critère 3.2 : dans le module « Les bases du tableur », certains schémas ont un contraste de texte inférieur à 4,5:1.',
    'Critère 1.2 : des images décoratives de modules SCORM importés sont restituées par les lecteurs d’écran.',
    'Critère 11.10 : dans le questionnaire de positionnement, le format attendu du numéro de dossier n’est pas indiqué avant la saisie.',
    'Critère 13.3 : certains supports de cours téléchargeables (PDF) ne sont pas balisés et n’ont pas de version accessible.',
  ].join('\n'),
  derogations: [
    'Les modules SCORM « Sécurité au poste de travail » (2021) et « Gestes et postures » (2020) de l’éditeur partenaire : leur refonte est prévue au catalogue 2027 ; une version PDF balisée et un accompagnement par le référent handicap sont proposés en attendant.',
  ].join('\n'),
  hors_champ: [
    'Les documents bureautiques publiés avant le 23 septembre 2018 dans les archives des sessions.',
    'Les contenus déposés par les apprenants (devoirs rendus) et les messages échangés avec les formateurs.',
  ].join('\n'),
  technologies: 'HTML5, CSS, JavaScript, WAI-ARIA, SCORM 1.2 et 2004',
  environnement_test: [
    'Firefox 128 ESR avec NVDA 2024.2 (Windows 11)',
    'Chrome 126 avec JAWS 2024 (Windows 11)',
    'Safari 17 avec VoiceOver (macOS 14 et iOS 17)',
  ].join('\n'),
  outils_evaluation: 'Assistant RGAA, Colour Contrast Analyser, axe DevTools, extension Web Developer, validateur HTML du W3C',
  pages_verifiees: [
    'Accueil : /',
    'Catalogue des formations : /all-courses',
    'Fiche d’une formation : /detail/{id}',
    'Connexion étudiant : /user-login',
    'Inscription : /user-register',
    'Tableau de bord étudiant : /user-dashboard',
    'Lecteur de cours (étape vidéo et module SCORM)',
    'Quiz de fin de module',
    'Assistance : /assistance',
    'Déclaration d’accessibilité : /accessibilite',
  ].join('\n'),
  contact_email: 'accessibilite@lms-formation.fr',
  contact_formulaire: '/assistance',
  schema_pluriannuel_url: 'https://www.lms-formation.fr/accessibilite/schema-pluriannuel-2026-2028.pdf',
  plan_action_url: 'https://www.lms-formation.fr/accessibilite/plan-action-2026.pdf',
};

export async function seedDemoAccessibility(commands: CommandBus, asAdmin: Actor): Promise<void> {
  await commands.execute(new UpdateAccessibilityStatement(asAdmin, DEMO_ACCESSIBILITY));
}

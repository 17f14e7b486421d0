import jsqrModule from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { extractText, getDocumentProxy } from 'unpdf';
import { realisedHours } from '../../domain/issued-document.hours.js';
import type { DocumentFacts, DocumentImages, DocumentStatus } from '../../domain/issued-document.facts.js';
import { NO_EVALUATION } from './attestation.js';
import { CONSERVATION_COMMITMENT, FOAD_NOTE, FOAD_NOTE_MEASURED } from './certificate.js';
import { completeFacts } from './document-facts.fixture.js';
import { qrPng } from './layout.js';
import { renderAttestation, renderCertificate } from './render.js';

// jsqr is CommonJS: its function is the module itself at run time, `default` to the type checker.
type JsQr = typeof jsqrModule.default;
const jsQR: JsQr = (jsqrModule as unknown as { default?: JsQr }).default ?? (jsqrModule as unknown as JsQr);

const NO_IMAGES: DocumentImages = { logo: null, signature: null };
const ISSUED: DocumentStatus = { status: 'emis', replaced_by_version: null };

async function text(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text: all } = await extractText(doc, { mergePages: true });
  return all.replace(/\s+/g, ' ');
}

const squash = (s: string) => s.replace(/\s+/g, ' ');

/** A 2×2 PNG, red: a stand-in for the centre's stamp. */
async function png(): Promise<Buffer> {
  return QRCode.toBuffer('tampon', { type: 'png', scale: 1 });
}

describe('certificat de réalisation', () => {
  it('prints every mention of the ministry’s model for a complete completion, fonts embedded, accents extractable', async () => {
    const pdf = await renderCertificate(completeFacts(), NO_IMAGES, ISSUED);
    const t = await text(pdf);
    for (const mention of [
      'Institut Rhône Compétences',
      'Adresse : 12 rue de la République, 69002 Lyon',
      'SIRET : 73282932000074',
      'Numéro de déclaration d’activité : 84691234569',
      'CERTIFICAT DE RÉALISATION',
      'Je soussigné(e) Marie-Josée Lefèvre, Représentant légal du dispensateur de l’action concourant au développement des compétences Institut Rhône Compétences,',
      'atteste que :',
      'Nom et prénom du bénéficiaire : ŒDIPE-ÇA Hélène',
      'salarié(e) de l’entreprise : Boulangerie Pâtissière Gérard (SIRET 40483304800022)',
      'a suivi l’action : Hygiène alimentaire en restauration commerciale (HACCP)',
      'Nature de l’action concourant au développement des compétences :',
      '☒ Action de formation',
      '☐ Bilan de compétences',
      '☐ Action de VAE',
      '☐ Action de formation par apprentissage',
      'qui s’est déroulée du 07/09/2026 au 16/10/2026',
      'pour une durée de 14 heures (14 h) (1).',
      'Base de calcul des heures : durées déclarées des étapes validées.',
      'Durée prévue de la formation : 14 heures (14 h).',
      'Réalisation totale : taux de réalisation 100 %.',
      'Financement : OPCO EP — Numéro de dossier : EP-2026-004512.',
      squash(CONSERVATION_COMMITMENT),
      'Fait à : Montréal-lès-Lyon',
      'Le : 19/10/2026',
      'Cachet et signature du responsable du dispensateur',
      squash(FOAD_NOTE),
      'Code de vérification : AC4D-EF7G-H9JK',
      'Vérifier ce document :',
      'Certificat de réalisation, version 1, émis le 19/10/2026.',
    ]) expect(t).toContain(mention);
    expect(t.replace(/ /g, '')).toContain('Vérifiercedocument:https://formation.example.fr/verification/AC4DEF7GH9JK');
    expect(t).not.toContain('Réalisation partielle');
    expect(t).not.toContain('Remplacé');

    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(raw).toMatch(/\/ToUnicode/);
  });

  it('states the rate, the hours not completed and the reason of a partial completion, on measured active time', async () => {
    const hours = realisedHours('temps_actif_mesure', [
      { kind: 'chapter', step_id: 1, declared_minutes: 420, active_seconds: 5 * 3600 + 15 * 60 + 59, validated: true },
      { kind: 'subchapter', step_id: 2, declared_minutes: null, active_seconds: 3600, validated: false },
    ], 840);
    const t = await text(await renderCertificate(completeFacts({ hours, partial_reason: 'abandon', dates: { debut: '2026-09-07', fin: '2026-09-30' } }), NO_IMAGES, ISSUED));
    for (const mention of [
      'qui s’est déroulée du 07/09/2026 au 30/09/2026',
      'pour une durée de 6,25 heures (6 h 15 min) (1).',
      'Base de calcul des heures : temps actif mesuré sur la plateforme (méthode de mesure v1).',
      'Durée prévue de la formation : 14 heures (14 h).',
      'Réalisation partielle : taux de réalisation 44,6 %.',
      'Heures non réalisées : 7,75 heures (7 h 45 min).',
      'Motif de la réalisation partielle : abandon.',
      // Measured time is not the « temps estimé » of the ministry's FOAD note: the note says what the duration is.
      squash(FOAD_NOTE_MEASURED),
    ]) expect(t).toContain(mention);
    expect(t).not.toContain('Réalisation totale');
    expect(t).not.toContain(squash(FOAD_NOTE));
  });

  it('says what is missing of the centre’s identity instead of printing blanks', async () => {
    const facts = completeFacts({
      centre: {
        nom: null, siret: null, nda: null, adresse: { rue: null, code_postal: null, ville: null }, signataire: { nom: null, qualite: null }, lieu: null,
        logo: null, signature: null, missing: ['nom', 'siret', 'nda', 'adresse', 'signataire', 'qualite_signataire', 'lieu', 'logo', 'signature'],
      },
      employer: null,
      course: { ...completeFacts().course, nature: null },
      funding: { financeur: null, numero_dossier: null },
      dates: { debut: null, fin: null },
    });
    const t = await text(await renderCertificate(facts, NO_IMAGES, ISSUED));
    for (const mention of [
      'Nom du centre : non renseigné dans les paramètres du centre',
      'Adresse : non renseignée dans les paramètres du centre',
      'SIRET : non renseigné dans les paramètres du centre',
      'Numéro de déclaration d’activité : non renseigné dans les paramètres du centre',
      'Logo : non renseigné dans les paramètres du centre',
      'Je soussigné(e) [nom du signataire non renseigné dans les paramètres du centre], qualité du signataire non renseignée dans les paramètres du centre du dispensateur de l’action concourant au développement des compétences [nom du centre non renseigné dans les paramètres du centre],',
      'Nature de l’action non renseignée par le formateur du cours.',
      'qui s’est déroulée du date non renseignée au date non renseignée',
      'Financement : non renseigné — Numéro de dossier : non renseigné.',
      'Fait à : non renseigné dans les paramètres du centre',
      'Image du cachet et de la signature : non renseignée dans les paramètres du centre',
    ]) expect(t).toContain(mention);
    expect(t).not.toContain('☒');
    expect(t).not.toContain('salarié(e) de l’entreprise');
  });

  it('does not repeat « du dispensateur » when the quality already says it', async () => {
    const facts = completeFacts({ centre: { ...completeFacts().centre, signataire: { nom: 'Jean Dupré', qualite: 'représentant légal du dispensateur' } } });
    const t = await text(await renderCertificate(facts, NO_IMAGES, ISSUED));
    expect(t).toContain('Je soussigné(e) Jean Dupré, représentant légal du dispensateur de l’action concourant au développement des compétences Institut Rhône Compétences,');
  });

  it('prints « Remplacé par la version N » on a replaced version, above and beside the verification code', async () => {
    const t = await text(await renderCertificate(completeFacts(), NO_IMAGES, { status: 'remplace', replaced_by_version: 2 }));
    expect(t).toContain('Remplacé par la version 2');
    expect(t).toContain('Remplacé par la version 2 : ce document n’est plus valable.');
  });

  it('draws the centre’s logo and signature images when set (no missing mention then)', async () => {
    const image = { bytes: await png(), content_type: 'image/png' };
    const facts = completeFacts({ centre: { ...completeFacts().centre, logo: { sha256: 'a'.repeat(64), content_type: 'image/png' }, signature: { sha256: 'b'.repeat(64), content_type: 'image/png' }, missing: [] } });
    const pdf = await renderCertificate(facts, { logo: image, signature: image }, ISSUED);
    const t = await text(pdf);
    expect(t).not.toContain('non renseign');
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it('gives the same bytes for the same facts (the creation date is the issue’s)', async () => {
    const a = await renderCertificate(completeFacts(), NO_IMAGES, ISSUED);
    const b = await renderCertificate(completeFacts(), NO_IMAGES, ISSUED);
    expect(a.equals(b)).toBe(true);
  });
});

it('dates « émis le » by the issue day in Paris, as « Le : » does, not by the UTC day', async () => {
  const t = await text(await renderCertificate(completeFacts({ issued_at: '2026-03-05T23:30:00.000Z', fait_le: '2026-03-06' }), NO_IMAGES, ISSUED));
  expect(t).toContain('émis le 06/03/2026.');
  expect(t).not.toContain('05/03/2026');
});

describe('the QR code', () => {
  it('decodes to the verification URL', async () => {
    const url = completeFacts().verification.url;
    const image = PNG.sync.read(await qrPng(url));
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(url);
  });
});

describe('attestation de fin de formation', () => {
  const attestation = (overrides: Partial<DocumentFacts> = {}) => completeFacts({ kind: 'attestation_fin_formation', ...overrides });

  it('states the objectives, the nature, the duration and the results of the evaluation of learning (L.6353-1)', async () => {
    const t = await text(await renderAttestation(attestation(), NO_IMAGES, ISSUED));
    for (const mention of [
      'ATTESTATION DE FIN DE FORMATION',
      'Article L.6353-1 du Code du travail',
      'Je soussigné(e) Marie-Josée Lefèvre, Représentant légal de Institut Rhône Compétences, atteste que Hélène ŒDIPE-ÇA, salarié(e) de l’entreprise Boulangerie Pâtissière Gérard, a suivi la formation :',
      'Hygiène alimentaire en restauration commerciale (HACCP)',
      'Objectifs de la formation : Identifier les dangers biologiques, appliquer le plan de maîtrise sanitaire.',
      'Nature de l’action : Action de formation (article L.6313-1 du Code du travail)',
      'Modalité : formation ouverte et à distance (FOAD)',
      'Dates : du 07/09/2026 au 16/10/2026',
      'Durée réalisée : 14 heures (14 h).',
      'Réalisation totale : taux de réalisation 100 %.',
      'Résultats de l’évaluation des acquis de la formation :',
      '• Quiz « Les dangers microbiologiques » : 17/20 (réussi)',
      'Fait à : Montréal-lès-Lyon',
      'Le : 19/10/2026',
      'Attestation de fin de formation, version 1, émis le 19/10/2026.',
    ]) expect(t).toContain(mention);
  });

  it('says when no evaluation and no objectives were recorded', async () => {
    const t = await text(await renderAttestation(attestation({ evaluation: [], course: { ...completeFacts().course, objectives: null } }), NO_IMAGES, ISSUED));
    expect(t).toContain(NO_EVALUATION);
    expect(t).toContain('Objectifs de la formation : Objectifs non renseignés par le formateur du cours.');
  });

  it('refuses facts of the other kind', async () => {
    await expect(renderAttestation(completeFacts(), NO_IMAGES, ISSUED)).rejects.toThrow(TypeError);
    await expect(renderCertificate(attestation(), NO_IMAGES, ISSUED)).rejects.toThrow(TypeError);
  });
});

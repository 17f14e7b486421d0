import { completeFacts } from '../documents/pdf/document-facts.fixture.js';
import { canonicalJson, sha256Hex } from './canonical-json.js';
import { IssuedDocument } from './issued-document.aggregate.js';
import type { DocumentFacts } from './issued-document.facts.js';
import { realisedHours } from './issued-document.hours.js';

const NOW = new Date('2026-10-19T08:30:00.000Z');
const PDF = Buffer.from('%PDF-1.3 as issued');
const NO_IMAGES = { logo: null, signature: null };

function issue(facts: DocumentFacts = completeFacts(), replaces: IssuedDocument | null = null, now = NOW): IssuedDocument {
  return new IssuedDocument({ facts, pdf: PDF, images: NO_IMAGES, issuedBy: 4, now, replaces });
}

function saved(document: IssuedDocument, id: number): IssuedDocument {
  document.id = id;
  document.takeEvents();
  return document;
}

const partial = realisedHours('temps_actif_mesure', [{ kind: 'chapter', step_id: 1, declared_minutes: 60, active_seconds: 600, validated: false }], 60);

describe('IssuedDocument', () => {
  it('issues version 1 with its facts, their hash and the PDF’s, and records DocumentIssued with ids and values only', () => {
    const document = issue();
    document.id = 11;
    expect(document).toMatchObject({ kind: 'certificat_realisation', studentId: 7, courseId: 3, documentVersion: 1, status: 'emis', verificationCode: 'AC4DEF7GH9JK', hoursBasis: 'durees_declarees', replacesId: null });
    expect(document.factsSha256).toBe(sha256Hex(canonicalJson(completeFacts())));
    expect(document.pdfSha256).toBe(sha256Hex(PDF));
    expect(document.takeEvents()).toEqual([{
      type: 'DocumentIssued',
      payload: {
        documentId: 11, kind: 'certificat_realisation', studentId: 7, courseId: 3, version: 1, replacesDocumentId: null, hoursBasis: 'durees_declarees', method: null,
        realisedMinutes: 840, plannedMinutes: 840, completionPerMille: 1000, partialReason: null, verificationCode: 'AC4DEF7GH9JK',
        factsSha256: document.factsSha256, pdfSha256: document.pdfSha256, issuedBy: 4,
      },
    }]);
  });

  it('is replaced by the next version only: status, the replaced rendering and its hash, DocumentReplaced', () => {
    const first = saved(issue(), 11);
    const next = issue(completeFacts({ version: 2, verification: { code: 'WXY34679ACDE', url: 'u' } }), first);
    next.id = 12;
    const replacedPdf = Buffer.from('%PDF-1.3 remplacé');
    first.replaceBy(next, replacedPdf, NOW);
    expect(first).toMatchObject({ status: 'remplace', replacedByVersion: 2, replacedAt: NOW, replacedPdfSha256: sha256Hex(replacedPdf) });
    expect(first.currentPdf).toBe(replacedPdf);
    expect(first.pdf).toBe(PDF);
    expect(first.currentStatus).toEqual({ status: 'remplace', replaced_by_version: 2 });
    expect(first.takeEvents()).toEqual([{
      type: 'DocumentReplaced',
      payload: { documentId: 11, kind: 'certificat_realisation', studentId: 7, courseId: 3, version: 1, replacedByDocumentId: 12, replacedByVersion: 2, pdfSha256: sha256Hex(replacedPdf) },
    }]);
    expect(() => first.replaceBy(next, replacedPdf, NOW)).toThrow('La version 1 de ce document est déjà remplacée.');
    expect(next.takeEvents()[0].payload).toMatchObject({ version: 2, replacesDocumentId: 11 });
  });

  it('refuses a version that does not follow, or replacing another learner’s, course’s or kind’s document', () => {
    const first = saved(issue(), 11);
    expect(() => issue(completeFacts({ version: 3 }), first)).toThrow('Ce document serait la version 2, pas la version 3.');
    expect(() => issue(completeFacts({ version: 2 }))).toThrow('Ce document serait la version 1, pas la version 2.');
    expect(() => issue(completeFacts({ version: 2, learner: { student_id: 8, nom: 'X', prenom: 'Y' } }), first)).toThrow('Une nouvelle version remplace un document du même type, du même apprenant et du même cours.');
    expect(() => issue(completeFacts({ version: 2, kind: 'attestation_fin_formation' }), first)).toThrow('Une nouvelle version remplace un document du même type, du même apprenant et du même cours.');
  });

  it('asks the reason of a partial completion, and only then', () => {
    expect(() => issue(completeFacts({ hours: partial }))).toThrow('La réalisation est partielle : indiquez son motif (abandon, absence, interruption ou force majeure).');
    expect(() => issue(completeFacts({ partial_reason: 'abandon' }))).toThrow('Un motif ne s’indique que pour une réalisation partielle.');
    expect(() => issue(completeFacts({ hours: partial, partial_reason: 'vacances' as never }))).toThrow('Motif inconnu : choisissez abandon, absence, interruption ou force majeure.');
    expect(issue(completeFacts({ hours: partial, partial_reason: 'force_majeure' })).facts.partial_reason).toBe('force_majeure');
  });

  it('takes its issue time from the server’s clock and its code from the verification alphabet', () => {
    expect(() => issue(completeFacts(), null, new Date('2026-10-19T08:31:00.000Z'))).toThrow('La date d’émission des faits doit être celle du serveur.');
    expect(() => issue(completeFacts({ verification: { code: 'ABC', url: 'u' } }))).toThrow('Code de vérification invalide.');
  });

  it('records who downloaded which rendering', () => {
    const document = saved(issue(), 11);
    document.downloaded({ role: 'student', profileId: 7 });
    expect(document.takeEvents()).toEqual([{ type: 'DocumentDownloaded', payload: { documentId: 11, kind: 'certificat_realisation', version: 1, byRole: 'student', byProfileId: 7, pdfSha256: sha256Hex(PDF) } }]);
  });

  it('gives back the images it drew', () => {
    const logo = { bytes: Buffer.from('png'), content_type: 'image/png' };
    const document = new IssuedDocument({ facts: completeFacts(), pdf: PDF, images: { logo, signature: null }, issuedBy: 4, now: NOW, replaces: null });
    expect(document.images).toEqual({ logo, signature: null });
  });
});

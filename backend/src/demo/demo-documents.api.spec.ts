// The demo's issued documents (issue 26 item 6): issued through the assembler and the real command,
// a completed course's certificate and attestation, a partial completion with its reason, corrected.
import { extractText, getDocumentProxy } from 'unpdf';
import { Database } from '../platform/database/database.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { seedDemoData } from './demo-data.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  await seedDemoData(t.app);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const text = async (pdf: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, ' ');

describe('the demo documents', () => {
  it('issues Léa’s certificate and attestation in full, and Inès’s partial certificate corrected from absence to interruption', async () => {
    const rows = await db.query<{ username: string; kind: string; document_version: number; status: string; hours_basis: string; partial: boolean; rate: number; reason: string | null; pdf: Buffer }>(
      `select s.username, d.kind, d.document_version, d.status, d.hours_basis, (d.facts -> 'hours' ->> 'partial')::boolean as partial,
              (d.facts -> 'hours' ->> 'completion_per_mille')::int as rate, d.facts ->> 'partial_reason' as reason, d.pdf
         from evidence.issued_document d join identity.student_record s on s.id = d.student_id
        order by s.username, d.kind, d.document_version`,
    );
    expect(rows.map((r) => [r.username, r.kind, r.document_version, r.status, r.hours_basis, r.partial, r.reason])).toEqual([
      ['ines.moreau', 'certificat_realisation', 1, 'remplace', 'durees_declarees', true, 'absence'],
      ['ines.moreau', 'certificat_realisation', 2, 'emis', 'durees_declarees', true, 'interruption'],
      ['lea.dubois', 'attestation_fin_formation', 1, 'emis', 'durees_declarees', false, null],
      ['lea.dubois', 'certificat_realisation', 1, 'emis', 'durees_declarees', false, null],
    ]);
    expect(rows.find((r) => r.username === 'lea.dubois')!.rate).toBe(1000);
    const certificate = await text(rows.find((r) => r.username === 'lea.dubois' && r.kind === 'certificat_realisation')!.pdf);
    expect(certificate).toContain('Réalisation totale : taux de réalisation 100 %.');
    expect(certificate).toContain('salarié(e) de l’entreprise : Transports Mercier et Fils');
    expect(certificate).toContain('Numéro de dossier : ATLAS-2026-0048213.');
    expect(certificate).not.toContain('non renseigné dans les paramètres du centre');
    const partial = await text(rows.find((r) => r.username === 'ines.moreau' && r.status === 'emis')!.pdf);
    expect(partial).toContain('Motif de la réalisation partielle : interruption.');
  });
});

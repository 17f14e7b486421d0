import { CommandBus, QueryBus } from '@nestjs/cqrs';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { givenAdmin, givenCourse, givenStudent, givenTeacher, type GivenAdmin, type GivenStudent } from '../../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../../testing/test-app.js';
import { canonicalJson, sha256Hex } from '../../domain/canonical-json.js';
import { realisedHours } from '../../domain/issued-document.hours.js';
import { completeFacts } from '../../documents/pdf/document-facts.fixture.js';
import { DownloadIssuedDocument } from './download-document.command.js';
import { IssueDocument, type AssembledFacts } from './issue-document.command.js';
import { ListIssuedDocuments } from './list-documents.query.js';

/**
 * Issue and replace through the one write path against a real PostgreSQL (docs/adr/0035): the rows,
 * the events of the log and their hashes, recomputed from what the rows hold.
 */
let t: TestApp;
let db: pg.Client;
let admin: GivenAdmin;
let student: GivenStudent;

beforeAll(async () => {
  t = await startTestApp({ XAPI_HOME_PAGE: 'https://formation.example.fr' });
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  admin = await givenAdmin(t);
  student = await givenStudent(t, { fullname: 'Hélène Œdipe-Ça' });
});

afterAll(async () => {
  await db?.end();
  await t?.close();
});

function assembled(courseId: number, overrides: Partial<AssembledFacts> = {}): AssembledFacts {
  const { kind: _k, version: _v, verification: _c, issued_at: _i, fait_le: _f, ...facts } = completeFacts();
  return { ...facts, learner: { student_id: student.studentId, nom: 'Œdipe-Ça', prenom: 'Hélène' }, course: { ...facts.course, course_id: courseId }, ...overrides };
}

const NO_IMAGES = { logo: null, signature: null };

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function events(documentId: number) {
  const { rows } = await db.query(
    `select event_type, stream_version, payload, metadata from eventlog.event where stream_type = 'evidence.document' and stream_id = $1 order by stream_version`,
    [String(documentId)],
  );
  return rows;
}

it('issues version 1, then a correction issues version 2 and replaces version 1 in one transaction, every hash checkable', async () => {
  const bus = t.app.get(CommandBus);
  t.clock.set(new Date('2026-10-19T08:30:00.000Z'));
  const first = await bus.execute(new IssueDocument(admin.actor, 'certificat_realisation', assembled(101), NO_IMAGES));
  expect(first).toMatchObject({ kind: 'certificat_realisation', version: 1, replacedVersion: null });
  expect(first.verificationCode).toMatch(/^[34679ACDEFGHJKMNPQRTWXY]{12}$/);

  const [row1] = (await db.query(`select * from evidence.issued_document where id = $1`, [first.documentId])).rows;
  expect(row1).toMatchObject({ status: 'emis', document_version: 1, student_id: student.studentId, course_id: 101, hours_basis: 'durees_declarees', issued_by: admin.adminId });
  expect(row1.facts.verification).toEqual({ code: first.verificationCode, url: `https://formation.example.fr/verification/${first.verificationCode}` });
  expect(row1.facts.fait_le).toBe('2026-10-19');
  expect(sha256Hex(canonicalJson(row1.facts))).toBe(row1.facts_sha256);
  expect(sha256Hex(row1.pdf)).toBe(row1.pdf_sha256);
  const [issued1] = await events(first.documentId);
  expect(issued1.event_type).toBe('DocumentIssued');
  expect(issued1.payload).toEqual({
    documentId: first.documentId, kind: 'certificat_realisation', studentId: student.studentId, courseId: 101, version: 1, replacesDocumentId: null,
    hoursBasis: 'durees_declarees', method: null, realisedMinutes: 840, plannedMinutes: 840, completionPerMille: 1000, partialReason: null,
    verificationCode: first.verificationCode, factsSha256: row1.facts_sha256, pdfSha256: row1.pdf_sha256, issuedBy: admin.adminId,
  });
  expect(JSON.stringify(issued1.payload)).not.toMatch(/Hélène|Œdipe|Boulangerie|Hygiène/);
  expect(await pdfText(row1.pdf)).toContain('Nom et prénom du bénéficiaire : ŒDIPE-ÇA Hélène');

  // The correction: measured time, partial, abandon.
  t.clock.set(new Date('2026-10-20T22:30:00.000Z'));
  const hours = realisedHours('temps_actif_mesure', [{ kind: 'chapter', step_id: 1, declared_minutes: 420, active_seconds: 6 * 3600, validated: true }], 840);
  const second = await bus.execute(new IssueDocument(admin.actor, 'certificat_realisation', assembled(101, { hours, partial_reason: 'abandon' }), NO_IMAGES));
  expect(second).toMatchObject({ version: 2, replacedVersion: 1 });
  expect(second.verificationCode).not.toBe(first.verificationCode);

  const rows = (await db.query(`select * from evidence.issued_document where student_id = $1 and course_id = 101 order by document_version`, [student.studentId])).rows;
  expect(rows.map((r) => [r.document_version, r.status, r.replaced_by_version, r.replaces_id])).toEqual([[1, 'remplace', 2, null], [2, 'emis', null, first.documentId]]);
  expect(rows[1].facts.fait_le).toBe('2026-10-21'); // the day in Paris
  expect(rows[0].pdf_sha256).toBe(row1.pdf_sha256); // the PDF as issued is never changed
  expect(sha256Hex(rows[0].replaced_pdf)).toBe(rows[0].replaced_pdf_sha256);
  expect(await pdfText(rows[0].replaced_pdf)).toContain('Remplacé par la version 2');
  const text2 = await pdfText(rows[1].pdf);
  expect(text2).toContain('Réalisation partielle : taux de réalisation 42,8 %.');
  expect(text2).toContain('Motif de la réalisation partielle : abandon.');
  // « émis le » is the issue day in Paris, as « Le : » (the fixture's issue instant is the evening of the 20th in UTC).
  expect(text2).toContain('Certificat de réalisation, version 2, émis le 21/10/2026.');

  const old = await events(first.documentId);
  expect(old.map((e) => e.event_type)).toEqual(['DocumentIssued', 'DocumentReplaced']);
  expect(old[1].payload).toEqual({
    documentId: first.documentId, kind: 'certificat_realisation', studentId: student.studentId, courseId: 101, version: 1,
    replacedByDocumentId: second.documentId, replacedByVersion: 2, pdfSha256: rows[0].replaced_pdf_sha256,
  });
  const [issued2] = await events(second.documentId);
  expect(issued2.payload).toMatchObject({ version: 2, replacesDocumentId: first.documentId, hoursBasis: 'temps_actif_mesure', method: 'v1', realisedMinutes: 360, completionPerMille: 428, partialReason: 'abandon', factsSha256: rows[1].facts_sha256, pdfSha256: rows[1].pdf_sha256 });
  expect(issued2.metadata.actorId).toBe(admin.accountId);
  // Both written by one transaction.
  const { rows: tx } = await db.query(`select distinct transaction_id from eventlog.event where stream_type = 'evidence.document' and ((stream_id = $1 and stream_version = 2) or stream_id = $2)`, [String(first.documentId), String(second.documentId)]);
  expect(tx).toHaveLength(1);
});

it('keeps each kind its own versions: an attestation beside the certificate starts at version 1', async () => {
  const view = await t.app.get(CommandBus).execute(new IssueDocument(admin.actor, 'attestation_fin_formation', assembled(101), NO_IMAGES));
  expect(view).toMatchObject({ kind: 'attestation_fin_formation', version: 1, replacedVersion: null });
});

it('refuses a learner or a trainer, a partial completion without its reason, and changes nothing', async () => {
  const bus = t.app.get(CommandBus);
  const count = async () => Number((await db.query(`select count(*) from evidence.issued_document`)).rows[0].count);
  const before = await count();
  const eventsBefore = Number((await db.query(`select count(*) from eventlog.event where stream_type = 'evidence.document'`)).rows[0].count);
  await expect(bus.execute(new IssueDocument(student.actor, 'certificat_realisation', assembled(202), NO_IMAGES))).rejects.toMatchObject({ kind: 'forbidden' });
  const hours = realisedHours('temps_actif_mesure', [{ kind: 'chapter', step_id: 1, declared_minutes: 60, active_seconds: 600, validated: false }], 60);
  await expect(bus.execute(new IssueDocument(admin.actor, 'certificat_realisation', assembled(202, { hours }), NO_IMAGES))).rejects.toMatchObject({
    kind: 'invalid', message: 'La réalisation est partielle : indiquez son motif (abandon, absence, interruption ou force majeure).',
  });
  await expect(bus.execute(new IssueDocument(admin.actor, 'diplome' as never, assembled(202), NO_IMAGES))).rejects.toMatchObject({ kind: 'invalid' });
  expect(await count()).toBe(before);
  expect(Number((await db.query(`select count(*) from eventlog.event where stream_type = 'evidence.document'`)).rows[0].count)).toBe(eventsBefore);
});

it('issues two corrections sent at once as versions 2 and 3, never two current versions', async () => {
  const bus = t.app.get(CommandBus);
  t.clock.set(new Date('2026-11-02T09:00:00.000Z'));
  await bus.execute(new IssueDocument(admin.actor, 'certificat_realisation', assembled(303), NO_IMAGES));
  // Two corrections of different facts (each a new dossier number).
  const views = await Promise.all(['EP-A', 'EP-B'].map((numero) => bus.execute(new IssueDocument(admin.actor, 'certificat_realisation', assembled(303, { funding: { financeur: 'OPCO EP', numero_dossier: numero } }), NO_IMAGES))));
  expect(views.map((v) => v.version).sort()).toEqual([2, 3]);
  const { rows } = await db.query(`select document_version, status from evidence.issued_document where course_id = 303 order by document_version`);
  expect(rows).toEqual([{ document_version: 1, status: 'remplace' }, { document_version: 2, status: 'remplace' }, { document_version: 3, status: 'emis' }]);
});

it('answers the current version, issuing nothing, when the same facts are issued again, even twice at once (a retry, a double click)', async () => {
  const bus = t.app.get(CommandBus);
  t.clock.set(new Date('2026-11-02T10:00:00.000Z'));
  const first = await bus.execute(new IssueDocument(admin.actor, 'certificat_realisation', assembled(304), NO_IMAGES));
  t.clock.set(new Date('2026-11-02T10:00:03.000Z'));
  const retries = await Promise.all([1, 2].map(() => bus.execute(new IssueDocument(admin.actor, 'certificat_realisation', assembled(304), NO_IMAGES))));
  expect(retries).toEqual([1, 2].map(() => ({ ...first, unchanged: true })));
  const { rows } = await db.query(`select document_version, status from evidence.issued_document where course_id = 304`);
  expect(rows).toEqual([{ document_version: 1, status: 'emis' }]);
  expect(Number((await db.query(`select count(*) from eventlog.event where stream_type = 'evidence.document' and stream_id = $1`, [String(first.documentId)])).rows[0].count)).toBe(1);
});

describe('reading issued documents', () => {
  it('lists and downloads for the admin, the learner (own) and the course’s trainer, each download an event; others learn nothing', async () => {
    const bus = t.app.get(CommandBus);
    const queries = t.app.get(QueryBus);
    const trainer = await givenTeacher(t);
    const otherTrainer = await givenTeacher(t);
    const other = await givenStudent(t);
    const course = await givenCourse(t, { teacherId: trainer.teacherId });
    t.clock.set(new Date('2026-11-03T09:00:00.000Z'));
    const v1 = await bus.execute(new IssueDocument(admin.actor, 'certificat_realisation', assembled(course.courseId), NO_IMAGES));
    const v2 = await bus.execute(new IssueDocument(admin.actor, 'certificat_realisation', assembled(course.courseId, { funding: { financeur: 'OPCO EP', numero_dossier: 'EP-2026-004513' } }), NO_IMAGES));

    for (const reader of [admin.actor, student.actor, trainer.actor]) {
      const list = await queries.execute(new ListIssuedDocuments(reader, student.studentId, course.courseId));
      expect(list.map((d) => [d.version, d.status, d.replaced_by_version, d.realised_minutes])).toEqual([[2, 'emis', null, 840], [1, 'remplace', 2, 840]]);
    }
    for (const reader of [other.actor, otherTrainer.actor]) {
      await expect(queries.execute(new ListIssuedDocuments(reader, student.studentId, course.courseId))).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(bus.execute(new DownloadIssuedDocument(reader, v2.documentId))).rejects.toMatchObject({ kind: 'not-found', message: 'Document introuvable.' });
    }
    await expect(bus.execute(new DownloadIssuedDocument(admin.actor, 999_999))).rejects.toMatchObject({ kind: 'not-found' });

    const current = await bus.execute(new DownloadIssuedDocument(student.actor, v2.documentId));
    expect(current).toMatchObject({ contentType: 'application/pdf', filename: `certificat-de-realisation-v2-${v2.verificationCode}.pdf`, sha256: v2.pdfSha256 });
    expect(sha256Hex(current.bytes)).toBe(v2.pdfSha256);
    const replaced = await bus.execute(new DownloadIssuedDocument(trainer.actor, v1.documentId));
    expect(replaced.filename).toBe(`certificat-de-realisation-v1-${v1.verificationCode}-remplace.pdf`);
    expect(await pdfText(replaced.bytes)).toContain('Remplacé par la version 2');
    expect(sha256Hex(replaced.bytes)).toBe(replaced.sha256);

    const downloads = (await events(v1.documentId)).filter((e) => e.event_type === 'DocumentDownloaded');
    expect(downloads.map((e) => e.payload)).toEqual([{ documentId: v1.documentId, kind: 'certificat_realisation', version: 1, byRole: 'teacher', byProfileId: trainer.teacherId, pdfSha256: replaced.sha256 }]);
    expect((await events(v2.documentId)).filter((e) => e.event_type === 'DocumentDownloaded').map((e) => e.payload.byRole)).toEqual(['student']);
  });
});

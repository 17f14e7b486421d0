// Issuing and downloading certificates and attestations (issue 26 items 6 and 8, docs/adr/0035):
// a course played through the API (beats, a validated step), funding and the centre set by an
// admin, then issued, corrected, listed and downloaded by each role; the PDFs' text extracted and
// each figure compared with what the test recorded; every refusal in French, changing nothing.
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { extractText, getDocumentProxy } from 'unpdf';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAdmin } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { DeclareCoursePromises } from '../../catalogue/testing.js';
import { ASSEMBLER_MESSAGES } from '../application/documents/document-facts.assembler.js';

let t: TestApp;
let db: Database;
let admin: GivenAdmin;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => t.clock.release());

/** Monday 2 March 2026, 09:00 in Paris. */
const T0 = Date.parse('2026-03-02T08:00:00Z');

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const issueUrl = (studentId: number, courseId: number) => `/api/admin/students/${studentId}/courses/${courseId}/documents/`;
const rowsOf = async (studentId: number) => (await db.query<{ n: number }>('select count(*)::int as n from evidence.issued_document where student_id = $1', [studentId]))[0]!.n;
const eventsOf = (type: string) => db.query<{ payload: Record<string, unknown> }>('select payload from eventlog.event where event_type = $1 order by position', [type]);

/**
 * A course of two text chapters, each declared 30 min, planned 60 min, an action de formation; a
 * student enrolled who was active 90 s on the first chapter (four beats 30 s apart) and validated it.
 */
async function world() {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, {
    teacherId: teacher.teacherId,
    title: 'Sécurité incendie : équipier de première intervention',
    chapters: [
      { title: 'Le triangle du feu', contentType: 'text', duration: 0, textContent: 'Combustible, comburant, énergie.' },
      { title: 'Les extincteurs', contentType: 'text', duration: 0, textContent: 'Eau pulvérisée, CO2, poudre.' },
    ],
  });
  const chapters = (await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position', [course.courseId])).map((c) => c.id);
  await t.app.get(CommandBus).execute(new DeclareCoursePromises(teacher.actor, course.courseId, {
    objectives: 'Identifier les classes de feu\nUtiliser un extincteur adapté',
    plannedMinutes: 60,
    nature: 'action_formation',
  }, chapters.map((stepId) => ({ kind: 'chapter' as const, stepId, minutes: 30 }))));
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  const session = randomUUID();
  for (let i = 0; i < 4; i++) {
    const at = T0 + i * 30_000;
    t.clock.set(new Date(at));
    const beat = await call(t, 'POST', '/api/progress/', student.token, {
      student: student.studentId, course: course.courseId, content_type: 'text', chapter: chapters[0],
      session_id: session, beats: [{ seq: i + 1, at, visible: true, focused: true, playing: false, last_input_at: at }],
    });
    expect(beat.statusCode).toBe(201);
  }
  t.clock.set(new Date(T0 + 100_000));
  const validated = await call(t, 'POST', '/api/progress/', student.token, { student: student.studentId, course: course.courseId, content_type: 'text', chapter: chapters[0], validated: true });
  expect(validated.json()).toMatchObject({ validated: true });
  t.clock.release();
  const name = (await db.one<{ nom: string; prenom: string }>('select nom, prenom from identity.student_record where id = $1', [student.studentId]))!;
  return { teacher, course, student, chapters, name };
}

describe('issuing a certificate or an attestation', () => {
  it('refuses a visitor, a learner and a trainer, bad bodies and a learner never enrolled, in French, writing nothing', async () => {
    const { teacher, course, student } = await world();
    const url = issueUrl(student.studentId, course.courseId);
    const body = { kind: 'certificat_realisation', partial_reason: 'abandon' };
    expect((await call(t, 'POST', url, undefined, body)).statusCode).toBe(401);
    expect((await call(t, 'POST', url, student.token, body)).statusCode).toBe(403);
    expect((await call(t, 'POST', url, teacher.token, body)).statusCode).toBe(403);
    expect((await call(t, 'GET', `${url}preview/?kind=certificat_realisation`, teacher.token)).statusCode).toBe(403);

    const badKind = await call(t, 'POST', url, admin.token, { kind: 'diplome' });
    expect(badKind.statusCode).toBe(400);
    expect(JSON.stringify(badKind.json())).toContain('Le type de document doit être « certificat_realisation » ou « attestation_fin_formation ».');
    const badReason = await call(t, 'POST', url, admin.token, { kind: 'certificat_realisation', partial_reason: 'paresse' });
    expect(badReason.statusCode).toBe(400);
    expect(JSON.stringify(badReason.json())).toContain('Le motif doit être « abandon », « absence », « interruption » ou « force_majeure ».');
    // 1 min measured of 60 planned: partial, so its reason is required.
    const noReason = await call(t, 'POST', url, admin.token, { kind: 'certificat_realisation' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('La réalisation est partielle : indiquez son motif');

    const stranger = await givenStudent(t);
    const never = await call(t, 'POST', issueUrl(stranger.studentId, course.courseId), admin.token, body);
    expect(never.statusCode).toBe(404);
    expect(never.json().message).toBe(ASSEMBLER_MESSAGES.neverEnrolled);
    expect((await call(t, 'POST', issueUrl(student.studentId, 999_999), admin.token, body)).statusCode).toBe(404);
    expect((await call(t, 'POST', issueUrl(999_999, course.courseId), admin.token, body)).statusCode).toBe(404);

    expect(await rowsOf(student.studentId)).toBe(0);
    expect(await rowsOf(stranger.studentId)).toBe(0);
  });

  it('issues on the measured time with « non renseigné » for the unset centre, is idempotent on identical facts, then a correction on the declared durations replaces it', async () => {
    const { teacher, course, student, name } = await world();
    const url = issueUrl(student.studentId, course.courseId);

    // The dialog's figures before issuing.
    const preview = await call(t, 'GET', `${url}preview/?kind=certificat_realisation`, admin.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      hours: { basis: 'temps_actif_mesure', method: 'v1', realised_minutes: 1, planned_minutes: 60, completion_per_mille: 16, not_completed_minutes: 59, partial: true },
      nature: 'action_formation', objectives_declared: true, financeur: null, numero_dossier: null,
      centre_missing: ['nom', 'siret', 'nda', 'adresse', 'signataire', 'qualite_signataire', 'lieu', 'logo', 'signature'],
    });
    expect((await call(t, 'GET', `${url}preview/?kind=bulletin`, admin.token)).statusCode).toBe(400);

    const first = await call(t, 'POST', url, admin.token, { kind: 'certificat_realisation', partial_reason: 'abandon' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'certificat_realisation', version: 1, replaced_version: null, unchanged: false, verification_code: expect.stringMatching(/^[34679ACDEFGHJKMNPQRTWXY]{12}$/) });
    // The same issue again (a retry, a double click): the current version, nothing new.
    const again = await call(t, 'POST', url, admin.token, { kind: 'certificat_realisation', partial_reason: 'abandon' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, version: 1, unchanged: true });
    expect(await rowsOf(student.studentId)).toBe(1);

    const v1 = await call(t, 'GET', `/api/evidence/documents/${first.json().id}/pdf/`, admin.token);
    expect(v1.statusCode).toBe(200);
    expect(v1.headers['content-type']).toBe('application/pdf');
    expect(v1.headers['content-disposition']).toContain(`certificat-de-realisation-v1-${first.json().verification_code}.pdf`);
    const v1Text = await pdfText(v1.rawPayload);
    for (const mention of [
      `Nom et prénom du bénéficiaire : ${name.nom.toLocaleUpperCase('fr-FR')} ${name.prenom}`,
      'a suivi l’action : Sécurité incendie : équipier de première intervention',
      '☒ Action de formation',
      'pour une durée de 0,01 heure',
      'Base de calcul des heures : temps actif mesuré sur la plateforme (méthode de mesure v1).',
      'Réalisation partielle : taux de réalisation 1,6 %.',
      'Motif de la réalisation partielle : abandon.',
      'Financement : non renseigné — Numéro de dossier : non renseigné.',
      'Nom du centre : non renseigné dans les paramètres du centre',
      'SIRET : non renseigné dans les paramètres du centre',
    ]) expect(v1Text).toContain(mention);

    // The admin sets the funding and the centre, and chooses the declared durations as basis.
    expect((await call(t, 'PUT', `/api/admin/students/${student.studentId}/courses/${course.courseId}/funding/`, admin.token, {
      funder: 'opco', dossier_number: 'EP-2026-004512', employer_name: 'Boulangerie Maison Fabre', employer_siret: '443 061 841 00047', entry_date: '2026-09-01', exit_date: '2026-12-18',
    })).statusCode).toBe(200);
    const badBasis = await call(t, 'PUT', '/api/admin/centre/', admin.token, { base_heures: 'au_doigt_mouille' });
    expect(badBasis.statusCode).toBe(400);
    expect(JSON.stringify(badBasis.json())).toContain('La base des heures doit être');
    const centre = await call(t, 'PUT', '/api/admin/centre/', admin.token, { nom: 'Institut Rhône Compétences', siret: '732 829 320 00074', base_heures: 'durees_declarees' });
    expect(centre.statusCode).toBe(200);
    expect(centre.json()).toMatchObject({ base_heures: 'durees_declarees' });
    expect((await eventsOf('CentreIdentityChanged')).at(-1)!.payload).toMatchObject({ changes: { baseHeures: 'durees_declarees' } });

    // 30 min declared on the validated chapter of 60 planned: 50 %, partial for an interruption.
    const second = await call(t, 'POST', url, admin.token, { kind: 'certificat_realisation', partial_reason: 'interruption' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ version: 2, replaced_version: 1, unchanged: false });
    const list = await call(t, 'GET', url, admin.token);
    expect(list.json().map((d: { version: number; status: string; hours_basis: string; realised_minutes: number }) => [d.version, d.status, d.hours_basis, d.realised_minutes])).toEqual([
      [2, 'emis', 'durees_declarees', 30],
      [1, 'remplace', 'temps_actif_mesure', 1],
    ]);
    const v2Text = await pdfText((await call(t, 'GET', `/api/evidence/documents/${second.json().id}/pdf/`, admin.token)).rawPayload);
    for (const mention of [
      'Institut Rhône Compétences',
      'SIRET : 73282932000074',
      'salarié(e) de l’entreprise : Boulangerie Maison Fabre (SIRET 44306184100047)',
      'qui s’est déroulée du 01/09/2026 au 18/12/2026',
      'pour une durée de 0,5 heure',
      'Base de calcul des heures : durées déclarées des étapes validées.',
      'Réalisation partielle : taux de réalisation 50 %.',
      'Motif de la réalisation partielle : interruption.',
      'Numéro de dossier : EP-2026-004512.',
      'Certificat de réalisation, version 2',
    ]) expect(v2Text).toContain(mention);
    // The replaced version still downloads, saying so.
    const replaced = await call(t, 'GET', `/api/evidence/documents/${first.json().id}/pdf/`, teacher.token);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.headers['content-disposition']).toContain('-remplace.pdf');
    expect(await pdfText(replaced.rawPayload)).toContain('Remplacé par la version 2');

    // Events: two issued, one replaced, a download each (admin ×2, trainer ×1), no personal text.
    const issued = (await eventsOf('DocumentIssued')).filter((e) => e.payload.studentId === student.studentId);
    expect(issued).toHaveLength(2);
    expect(JSON.stringify(issued)).not.toContain(name.nom);
    expect((await eventsOf('DocumentReplaced')).length).toBeGreaterThanOrEqual(1);
    expect((await eventsOf('DocumentDownloaded')).length).toBeGreaterThanOrEqual(3);

    // The attestation states the objectives and is its own lineage.
    const attestation = await call(t, 'POST', url, admin.token, { kind: 'attestation_fin_formation', partial_reason: 'interruption' });
    expect(attestation.statusCode).toBe(201);
    expect(attestation.json()).toMatchObject({ kind: 'attestation_fin_formation', version: 1 });
    const attText = await pdfText((await call(t, 'GET', `/api/evidence/documents/${attestation.json().id}/pdf/`, admin.token)).rawPayload);
    expect(attText).toContain('Identifier les classes de feu');
    expect(attText).toContain('Utiliser un extincteur adapté');
  });
});

describe('reading issued documents', () => {
  it('lets the learner read their own issued versions, the course’s trainer their learner’s, and refuses everyone else without revealing a document', async () => {
    const { teacher, course, student } = await world();
    const url = issueUrl(student.studentId, course.courseId);
    const v1 = (await call(t, 'POST', url, admin.token, { kind: 'certificat_realisation', partial_reason: 'absence' })).json();
    const v2 = (await call(t, 'POST', url, admin.token, { kind: 'certificat_realisation', partial_reason: 'force_majeure' })).json();
    expect(v2).toMatchObject({ version: 2, replaced_version: 1 });

    // The learner: the version in force only, and their download.
    const mine = await call(t, 'GET', `/api/evidence/me/courses/${course.courseId}/documents/`, student.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((d: { id: number; status: string }) => [d.id, d.status])).toEqual([[v2.id, 'emis']]);
    const own = await call(t, 'GET', `/api/evidence/documents/${v2.id}/pdf/`, student.token);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect((await call(t, 'GET', `/api/evidence/students/${student.studentId}/courses/${course.courseId}/documents/`, student.token)).statusCode).toBe(200);

    // The course's trainer: the list (both versions) and the downloads.
    const trainerList = await call(t, 'GET', url, teacher.token);
    expect(trainerList.statusCode).toBe(200);
    expect(trainerList.json()).toHaveLength(2);
    expect((await call(t, 'GET', `/api/evidence/documents/${v1.id}/pdf/`, teacher.token)).statusCode).toBe(200);

    // Anyone else: 403 on the lists, « Document introuvable. » on a download, as for an id that does not exist.
    const otherStudent = await givenStudent(t);
    const otherTeacher = await givenTeacher(t);
    const before = (await eventsOf('DocumentDownloaded')).length;
    for (const token of [otherStudent.token, otherTeacher.token]) {
      expect((await call(t, 'GET', `/api/evidence/students/${student.studentId}/courses/${course.courseId}/documents/`, token)).statusCode).toBe(403);
      const refused = await call(t, 'GET', `/api/evidence/documents/${v2.id}/pdf/`, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Document introuvable.');
    }
    expect((await call(t, 'GET', url, otherTeacher.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', url, student.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/evidence/me/courses/${course.courseId}/documents/`, otherStudent.token)).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/evidence/documents/999999/pdf/', admin.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/evidence/documents/${v2.id}/pdf/`)).statusCode).toBe(401);
    expect((await eventsOf('DocumentDownloaded')).length).toBe(before);

    // A closed account's documents are the admins' (ADR 0015, as its transcript): not its former trainer's.
    expect((await call(t, 'DELETE', `/api/admin/students/${student.studentId}/`, admin.token)).json()).toMatchObject({ mode: 'close' });
    expect((await call(t, 'GET', url, teacher.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/evidence/documents/${v2.id}/pdf/`, teacher.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/evidence/documents/${v2.id}/pdf/`, admin.token)).statusCode).toBe(200);
  });
});

// The public lookup of a certificate by its verification code (issue 27 item 5, docs/adr/0040): no
// login; valid, « remplacé » with its day, or unknown; the learner's initials, the course, the kind
// and the dates only (never the name, e-mail or hours); unknown and malformed codes answer the same
// shape; lookups throttled per address with a French 429.
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { DeclareCoursePromises } from '../../catalogue/testing.js';
import { initialsOf, normalizedCode, PUBLIC_LOOKUPS_PER_ADDRESS, TOO_MANY_LOOKUPS } from '../application/public/public-document.query.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

let addressCount = 0;
/** Each test from its own address, so that the throttle of one does not answer another. */
const newAddress = () => `10.27.0.${++addressCount}`;
const lookup = (code: string, remoteAddress: string) => t.app.inject({ method: 'GET', url: `/api/public/documents/${encodeURIComponent(code)}/`, remoteAddress });

async function issued() {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId, title: 'Gestes et postures au travail', chapters: [{ title: 'Le dos', contentType: 'text', duration: 0, textContent: 'Lever sans se blesser.' }] });
  const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [course.courseId]);
  await t.app.get(CommandBus).execute(new DeclareCoursePromises(teacher.actor, course.courseId, { objectives: 'Lever sans se blesser', plannedMinutes: 60, nature: 'action_formation' }, [{ kind: 'chapter' as const, stepId: chapter!.id, minutes: 60 }]));
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  const now = Date.now();
  expect((await call(t, 'POST', '/api/progress/', student.token, {
    student: student.studentId, course: course.courseId, content_type: 'text', chapter: chapter!.id,
    session_id: randomUUID(), beats: [{ seq: 1, at: now, visible: true, focused: true, playing: false, last_input_at: now }],
  })).statusCode).toBe(201);
  const admin = await givenAdmin(t);
  const url = `/api/admin/students/${student.studentId}/courses/${course.courseId}/documents/`;
  const first = await call(t, 'POST', url, admin.token, { kind: 'certificat_realisation', partial_reason: 'abandon' });
  expect([first.statusCode, first.body]).toEqual([201, expect.any(String)]);
  const record = (await db.one<{ nom: string; prenom: string; email: string }>('select nom, prenom, email from identity.student_record where id = $1', [student.studentId]))!;
  return { admin, url, student, course, code: first.json().verification_code as string, record };
}

describe('GET /api/public/documents/{code}/', () => {
  it('answers a valid certificate without login: initials, course, kind and dates, nothing personal beyond', async () => {
    const { code, record } = await issued();
    const answer = await lookup(code, newAddress());
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toEqual({
      status: 'valide',
      document: {
        kind: 'certificat_realisation', kind_label: 'Certificat de réalisation', version: 1,
        learner_initials: initialsOf(record.prenom, record.nom),
        course_title: 'Gestes et postures au travail',
        training_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), training_end: expect.anything(),
        issued_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), replaced_on: null, replaced_by_version: null,
      },
    });
    const text = answer.body;
    for (const personal of [record.nom, record.prenom, record.email]) expect(text).not.toContain(personal);
    expect(text).not.toMatch(/minute|heure|hours|seconds/i);
    // The printed form (groups of four) and lower case find it too.
    const grouped = code.match(/.{4}/g)!.join('-').toLowerCase();
    expect((await lookup(grouped, newAddress())).json().status).toBe('valide');
  });

  it('says « remplacé » with the day once a corrected version is issued; the new code is valid', async () => {
    const { admin, url, code } = await issued();
    const second = await call(t, 'POST', url, admin.token, { kind: 'certificat_realisation', partial_reason: 'absence' });
    expect(second.statusCode).toBe(201);
    const old = (await lookup(code, newAddress())).json();
    expect(old).toMatchObject({ status: 'remplace', document: { version: 1, replaced_by_version: 2, replaced_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    expect((await lookup(second.json().verification_code, newAddress())).json()).toMatchObject({ status: 'valide', document: { version: 2, replaced_on: null } });
  });

  it('answers an unknown and a malformed code the same shape, never an error', async () => {
    const address = newAddress();
    const unknown = await lookup('346934693469', address);
    const malformed = await lookup("'; drop table x; --", address);
    const long = await lookup('A'.repeat(500), address);
    for (const answer of [unknown, malformed, long]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'inconnu', document: null });
    }
  });

  it(`refuses an address after ${PUBLIC_LOOKUPS_PER_ADDRESS} lookups in the window, in French, while another address still gets its answer`, async () => {
    const address = newAddress();
    for (let i = 0; i < PUBLIC_LOOKUPS_PER_ADDRESS; i++) expect((await lookup('346934693469', address)).statusCode).toBe(200);
    const refused = await lookup('346934693469', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_LOOKUPS);
    expect((await lookup('346934693469', newAddress())).statusCode).toBe(200);
  });
});

describe('GET /api/public/dossiers/{manifestSha256}/', () => {
  const dossierLookup = (hash: string, remoteAddress: string) => t.app.inject({ method: 'GET', url: `/api/public/dossiers/${encodeURIComponent(hash)}/`, remoteAddress });

  it('knows a manifest the centre generated (scope and day only), and answers any other or malformed hash the same shape; throttled with the codes', async () => {
    const { admin, student, course } = await issued();
    const dossier = await call(t, 'POST', `/api/evidence/students/${student.studentId}/courses/${course.courseId}/dossier/`, admin.token);
    expect(dossier.statusCode).toBe(201);
    const address = newAddress();
    const known = await dossierLookup(dossier.json().manifest_sha256, address);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: 'connu', dossier: { scope: 'apprenant', generated_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    // A manifest altered together with its files has another hash: unknown to the centre.
    for (const other of ['0'.repeat(64), 'pas-une-empreinte', 'F'.repeat(500)]) {
      expect((await dossierLookup(other, address)).json()).toEqual({ status: 'inconnu', dossier: null });
    }
    for (let i = 4; i < PUBLIC_LOOKUPS_PER_ADDRESS; i++) await dossierLookup('0'.repeat(64), address);
    expect((await dossierLookup(dossier.json().manifest_sha256, address)).statusCode).toBe(429);
  });
});

describe('the code and the initials', () => {
  it('normalises the printed form and keeps only initials', () => {
    expect(normalizedCode(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(initialsOf('Jean-Pierre', 'de la Fontaine')).toBe('J.-P. F.');
    expect(initialsOf('élodie', 'Martin')).toBe('É. M.');
  });
});

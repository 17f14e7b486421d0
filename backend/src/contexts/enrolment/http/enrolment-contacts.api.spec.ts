// Employer's and funder's contacts per enrolment (issue 29 item 4, docs/adr/0032 and 0054):
// GET/PUT /admin/students/{id}/courses/{courseId}/contacts/ and the published view enrolment.enrolment_contact.
import { createHash } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAdmin, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { ENROLMENT_CONTACT } from '../contracts/enrolment.read-models.js';
import { CONTACT_MESSAGES } from '../domain/enrolment-contacts.js';

let t: TestApp;
let db: Database;
let admin: GivenAdmin;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterAll(() => t?.close());

const url = (studentId: number, courseId: number) => `/api/admin/students/${studentId}/courses/${courseId}/contacts/`;
const contacts = {
  employer_contact_name: 'Claire Martin',
  employer_email: '  RH@Boulangerie-Martin.fr ',
  employer_phone: '01 42 68 53 00',
  funder_name: 'OPCO EP',
  funder_email: 'conseil.idf@opcoep.fr',
};
const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function givenEnrolment(): Promise<{ student: GivenStudent; courseId: number }> {
  const [student, course] = await Promise.all([givenStudent(t), givenCourse(t)]);
  await givenEnrolled(t, student, course, admin);
  return { student, courseId: course.courseId };
}

const contactEvents = (studentId: number, courseId: number) =>
  db.query<{ payload: Record<string, unknown> }>(
    `select payload from eventlog.event where stream_type = 'enrolment.student-course' and stream_id = $1 and event_type = 'EnrolmentContactsChanged' order by stream_version`,
    [`${studentId}-${courseId}`],
  );

describe('contacts per enrolment', () => {
  it('refuses a visitor with 401, the enrolled student and a trainer with 403, and an unknown student or a course never followed with 404', async () => {
    const { student, courseId } = await givenEnrolment();
    const teacher = await givenTeacher(t);
    for (const method of ['GET', 'PUT'] as const) {
      expect((await call(t, method, url(student.studentId, courseId), undefined, contacts)).statusCode).toBe(401);
      expect((await call(t, method, url(student.studentId, courseId), student.token, contacts)).statusCode).toBe(403);
      expect((await call(t, method, url(student.studentId, courseId), teacher.token, contacts)).statusCode).toBe(403);
    }
    const unknown = await call(t, 'PUT', url(999_999, courseId), admin.token, contacts);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Étudiant non trouvé.']);
    const other = await givenCourse(t);
    expect((await call(t, 'GET', url(student.studentId, other.courseId), admin.token)).statusCode).toBe(404);
    expect((await call(t, 'PUT', url(student.studentId, other.courseId), admin.token, contacts)).statusCode).toBe(404);
  });

  it('an admin sets them: trimmed, e-mails in lower case, hashes in the event, published to satisfaction; the same values again change nothing', async () => {
    const { student, courseId } = await givenEnrolment();
    const empty = await call(t, 'GET', url(student.studentId, courseId), admin.token);
    expect(empty.json()).toMatchObject({ enrolled: true, contacts: { employer_email: null, funder_email: null }, changed: false });
    const saved = await call(t, 'PUT', url(student.studentId, courseId), admin.token, contacts);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      changed: true,
      contacts: { employer_contact_name: 'Claire Martin', employer_email: 'rh@boulangerie-martin.fr', employer_phone: '01 42 68 53 00', funder_name: 'OPCO EP', funder_email: 'conseil.idf@opcoep.fr' },
    });
    const [event] = await contactEvents(student.studentId, courseId);
    expect(event.payload).toEqual({
      studentId: student.studentId, courseId,
      employerContactNameSha256: hash('Claire Martin'), employerEmailSha256: hash('rh@boulangerie-martin.fr'), employerPhoneSha256: hash('01 42 68 53 00'),
      funderName: 'OPCO EP', funderEmailSha256: hash('conseil.idf@opcoep.fr'),
      changed: ['employerContactName', 'employerEmail', 'employerPhone', 'funderName', 'funderEmail'],
    });
    // No personal text in the log.
    expect(JSON.stringify(event.payload)).not.toMatch(/Claire|boulangerie-martin|opcoep|01 42/);
    expect(await db.query(`select employer_email, funder_email from ${ENROLMENT_CONTACT} where student_id = $1 and course_id = $2`, [student.studentId, courseId]))
      .toEqual([{ employer_email: 'rh@boulangerie-martin.fr', funder_email: 'conseil.idf@opcoep.fr' }]);
    const again = await call(t, 'PUT', url(student.studentId, courseId), admin.token, contacts);
    expect(again.json().changed).toBe(false);
    expect(await contactEvents(student.studentId, courseId)).toHaveLength(1);
    // Blank clears one field: the event names only it.
    const cleared = await call(t, 'PUT', url(student.studentId, courseId), admin.token, { ...contacts, employer_phone: '  ' });
    expect(cleared.json().contacts.employer_phone).toBeNull();
    expect((await contactEvents(student.studentId, courseId))[1].payload).toMatchObject({ employerPhoneSha256: null, changed: ['employerPhone'] });
  });

  it('refuses a bad e-mail, a bad phone, a too long name and a non-text value in French, naming the field', async () => {
    const { student, courseId } = await givenEnrolment();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ employer_email: 'rh@boulangerie' }, 'employer_email', CONTACT_MESSAGES.employerEmail],
      [{ funder_email: 'pas une adresse' }, 'funder_email', CONTACT_MESSAGES.funderEmail],
      [{ funder_email: `${'a'.repeat(250)}@opco.fr` }, 'funder_email', CONTACT_MESSAGES.funderEmail],
      [{ employer_phone: 'appeler le standard' }, 'employer_phone', CONTACT_MESSAGES.employerPhone],
      // 31 characters: over the column's 30 (a 500 before the pattern counted the « + »).
      [{ employer_phone: `+${'1'.repeat(30)}` }, 'employer_phone', CONTACT_MESSAGES.employerPhone],
      [{ employer_contact_name: 'é'.repeat(201) }, 'employer_contact_name', CONTACT_MESSAGES.employerContactName],
      [{ funder_name: 'x'.repeat(201) }, 'funder_name', CONTACT_MESSAGES.funderName],
    ];
    for (const [body, field, message] of cases) {
      const refused = await call(t, 'PUT', url(student.studentId, courseId), admin.token, { ...contacts, ...body });
      expect([refused.statusCode, refused.json().message, JSON.stringify(refused.json())]).toEqual([400, message, expect.stringContaining(field)]);
    }
    const notText = await call(t, 'PUT', url(student.studentId, courseId), admin.token, { ...contacts, employer_email: 42 });
    expect([notText.statusCode, notText.json().message]).toEqual([400, 'L’adresse e-mail de l’employeur doit être du texte.']);
    expect(await contactEvents(student.studentId, courseId)).toHaveLength(0);
    // Exactly 200 characters and 254 for an address are accepted.
    const longest = await call(t, 'PUT', url(student.studentId, courseId), admin.token, { ...contacts, employer_contact_name: 'é'.repeat(200), funder_email: `${'a'.repeat(246)}@opco.fr` });
    expect(longest.statusCode).toBe(200);
  });

  it('keeps them when the enrolment ends and when the learner’s account is closed (archived, never deleted)', async () => {
    const { student, courseId } = await givenEnrolment();
    await call(t, 'PUT', url(student.studentId, courseId), admin.token, contacts);
    expect((await call(t, 'DELETE', `/api/remove-enrolled-course/${student.studentId}/${courseId}`, admin.token)).statusCode).toBe(200);
    const ended = await call(t, 'GET', url(student.studentId, courseId), admin.token);
    expect(ended.json()).toMatchObject({ enrolled: false, contacts: { funder_name: 'OPCO EP' } });
    expect((await call(t, 'DELETE', `/api/admin/students/${student.studentId}/`, admin.token)).json()).toMatchObject({ mode: 'close' });
    const closed = await call(t, 'GET', url(student.studentId, courseId), admin.token);
    expect(closed.json()).toMatchObject({ contacts: { employer_email: 'rh@boulangerie-martin.fr', funder_email: 'conseil.idf@opcoep.fr' } });
  });
});


// Funding per enrolment (issue 26 item 4, docs/adr/0032): GET/PUT /admin/students/{id}/courses/{courseId}/funding/
// and the contract query GetEnrolmentFunding. Every test arranges its own students and courses.
import { QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenFavourite, givenStudent, givenTeacher, type GivenAdmin, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { GetEnrolmentFunding } from '../contracts/enrolment.queries.js';

let t: TestApp;
let db: Database;
let admin: GivenAdmin;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterAll(() => t?.close());

const url = (studentId: number, courseId: number) => `/api/admin/students/${studentId}/courses/${courseId}/funding/`;
const opco = {
  funder: 'opco',
  dossier_number: 'EP-2026-004512',
  employer_name: 'Boulangerie Maison Fabre',
  employer_siret: '443 061 841 00047',
  entry_date: '2026-09-01',
  exit_date: '2026-12-18',
};
const unset = { funder: null, dossier_number: null, employer_name: null, employer_siret: null, entry_date: null, exit_date: null };

async function givenEnrolment(): Promise<{ student: GivenStudent; courseId: number }> {
  const [student, course] = await Promise.all([givenStudent(t), givenCourse(t)]);
  await givenEnrolled(t, student, course, admin);
  return { student, courseId: course.courseId };
}

const fundingEvents = (studentId: number, courseId: number) =>
  db.query<{ payload: Record<string, unknown> }>(
    `select payload from eventlog.event where stream_type = 'enrolment.student-course' and stream_id = $1 and event_type = 'EnrolmentFundingChanged' order by stream_version`,
    [`${studentId}-${courseId}`],
  );

/** The student record's per-student values (spec 03), set through the spec's own call. */
async function givenRecord(studentId: number, record: Record<string, string | null>): Promise<void> {
  const response = await call(t, 'PATCH', `/api/admin/students/${studentId}/`, admin.token, record);
  expect(response.statusCode).toBe(200);
}

describe('GET /admin/students/{id}/courses/{courseId}/funding/', () => {
  it('refuses a visitor with 401, a student (even the enrolled one) and a trainer with 403', async () => {
    const { student, courseId } = await givenEnrolment();
    const teacher = await givenTeacher(t);
    expect((await call(t, 'GET', url(student.studentId, courseId))).statusCode).toBe(401);
    expect((await call(t, 'GET', url(student.studentId, courseId), student.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', url(student.studentId, courseId), teacher.token)).statusCode).toBe(403);
  });

  it('answers 404 in French for an unknown student, a course the student never followed, and a favourite alone', async () => {
    const { student, courseId } = await givenEnrolment();
    const other = await givenCourse(t);
    const favourite = await givenCourse(t);
    await givenFavourite(t, student, favourite);
    const unknown = await call(t, 'GET', url(2000000, courseId), admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Étudiant non trouvé.');
    for (const id of [other.courseId, favourite.courseId]) {
      const response = await call(t, 'GET', url(student.studentId, id), admin.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Cet étudiant n'est pas inscrit à ce cours.");
    }
  });

  it('falls back, field by field, on the student record, and names what is still missing', async () => {
    const { student, courseId } = await givenEnrolment();
    await givenRecord(student.studentId, { numero_dossier: `CPF-${student.studentId}`, type_dossier: 'CPF', date_entree: '2026-09-07', date_sortie: null });
    const response = await call(t, 'GET', url(student.studentId, courseId), admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      student_id: student.studentId,
      course_id: courseId,
      enrolled: true,
      changed: false,
      funding: unset,
      effective: {
        funder: null,
        funding_label: { value: 'CPF', source: 'dossier_etudiant' },
        dossier_number: { value: `CPF-${student.studentId}`, source: 'dossier_etudiant' },
        employer_name: null,
        employer_siret: null,
        entry_date: { value: '2026-09-07', source: 'dossier_etudiant' },
        exit_date: { value: null, source: null },
        missing: ['date_sortie'],
      },
    });
  });
});

describe('PUT /admin/students/{id}/courses/{courseId}/funding/', () => {
  it('refuses a visitor with 401, a student and a trainer with 403, and changes nothing', async () => {
    const { student, courseId } = await givenEnrolment();
    const teacher = await givenTeacher(t);
    expect((await call(t, 'PUT', url(student.studentId, courseId), undefined, opco)).statusCode).toBe(401);
    expect((await call(t, 'PUT', url(student.studentId, courseId), student.token, opco)).statusCode).toBe(403);
    expect((await call(t, 'PUT', url(student.studentId, courseId), teacher.token, opco)).statusCode).toBe(403);
    expect(await fundingEvents(student.studentId, courseId)).toEqual([]);
  });

  it('answers 404 for an unknown student or a course not followed, and appends nothing', async () => {
    const { student } = await givenEnrolment();
    const other = await givenCourse(t);
    expect((await call(t, 'PUT', url(2000000, other.courseId), admin.token, opco)).json()).toMatchObject({ message: 'Étudiant non trouvé.' });
    const notFollowed = await call(t, 'PUT', url(student.studentId, other.courseId), admin.token, opco);
    expect(notFollowed.statusCode).toBe(404);
    expect(notFollowed.json().message).toBe("Cet étudiant n'est pas inscrit à ce cours.");
    expect(await fundingEvents(student.studentId, other.courseId)).toEqual([]);
  });

  it('sets the funding: the enrolment’s values win over the record’s, one event with ids and values', async () => {
    const { student, courseId } = await givenEnrolment();
    await givenRecord(student.studentId, { numero_dossier: `REC-${student.studentId}`, type_dossier: 'Plan de développement', date_entree: '2026-08-01' });
    const response = await call(t, 'PUT', url(student.studentId, courseId), admin.token, opco);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      changed: true,
      funding: { ...opco, employer_siret: '44306184100047' },
      effective: {
        funder: 'opco',
        funding_label: { value: 'OPCO', source: 'inscription' },
        dossier_number: { value: 'EP-2026-004512', source: 'inscription' },
        employer_name: 'Boulangerie Maison Fabre',
        employer_siret: '44306184100047',
        entry_date: { value: '2026-09-01', source: 'inscription' },
        exit_date: { value: '2026-12-18', source: 'inscription' },
        missing: [],
      },
    });
    expect(await fundingEvents(student.studentId, courseId)).toEqual([
      {
        payload: {
          studentId: student.studentId,
          courseId,
          funder: 'opco',
          dossierNumber: 'EP-2026-004512',
          employerName: 'Boulangerie Maison Fabre',
          employerSiret: '44306184100047',
          entryDate: '2026-09-01',
          exitDate: '2026-12-18',
          changed: ['funder', 'dossierNumber', 'employerName', 'employerSiret', 'entryDate', 'exitDate'],
        },
      },
    ]);
    // The student record is untouched: the spec's calls answer as before.
    expect((await call(t, 'GET', `/api/admin/students/${student.studentId}/`, admin.token)).json()).toMatchObject({
      numero_dossier: `REC-${student.studentId}`,
      type_dossier: 'Plan de développement',
      date_entree: '2026-08-01',
    });
    // The published view carries the enrolment's own funder and dossier number.
    const [row] = await db.query(`select funder, dossier_number from enrolment.course_enrolment where student_id = $1 and course_id = $2`, [student.studentId, courseId]);
    expect(row).toEqual({ funder: 'opco', dossier_number: 'EP-2026-004512' });
  });

  it('sending the same values again is an outcome without a second event', async () => {
    const { student, courseId } = await givenEnrolment();
    await call(t, 'PUT', url(student.studentId, courseId), admin.token, opco);
    const again = await call(t, 'PUT', url(student.studentId, courseId), admin.token, { ...opco, employer_siret: '44306184100047' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changed: false, funding: { funder: 'opco' } });
    expect(await fundingEvents(student.studentId, courseId)).toHaveLength(1);
  });

  it('blank or left-out fields fall back on the student record again', async () => {
    const { student, courseId } = await givenEnrolment();
    await givenRecord(student.studentId, { numero_dossier: `R-${student.studentId}`, type_dossier: 'France Travail (AIF)' });
    await call(t, 'PUT', url(student.studentId, courseId), admin.token, opco);
    const cleared = await call(t, 'PUT', url(student.studentId, courseId), admin.token, { funder: '', dossier_number: '  ', entry_date: '2026-09-01' });
    expect(cleared.json()).toMatchObject({
      funding: { ...unset, entry_date: '2026-09-01' },
      effective: {
        funder: null,
        funding_label: { value: 'France Travail (AIF)', source: 'dossier_etudiant' },
        dossier_number: { value: `R-${student.studentId}`, source: 'dossier_etudiant' },
        entry_date: { value: '2026-09-01', source: 'inscription' },
        missing: ['date_sortie'],
      },
    });
  });

  it.each([
    [{ funder: 'banque' }, 'funder', 'Le financeur doit être CPF, OPCO, France Travail, employeur, personnel ou autre.'],
    [{ funder: 3 }, 'funder', 'Le financeur doit être CPF, OPCO, France Travail, employeur, personnel ou autre.'],
    [{ dossier_number: 'x'.repeat(101) }, 'dossier_number', 'Le numéro de dossier ne peut pas dépasser 100 caractères.'],
    [{ dossier_number: 12 }, 'dossier_number', 'Le numéro de dossier doit être du texte.'],
    [{ employer_name: 'x'.repeat(201) }, 'employer_name', 'Le nom de l’employeur ne peut pas dépasser 200 caractères.'],
    [{ employer_siret: '44306184100048' }, 'employer_siret', 'Le SIRET de l’employeur n’est pas valide.'],
    [{ entry_date: '2026-02-30' }, 'entry_date', 'La date d’entrée doit être une date valide (AAAA-MM-JJ).'],
    [{ exit_date: '18/12/2026' }, 'exit_date', 'La date de sortie doit être une date valide (AAAA-MM-JJ).'],
    [{ entry_date: '2026-12-19' }, 'exit_date', 'La date de sortie ne peut pas précéder la date d’entrée.'],
  ])('refuses %p with a French 400 naming %s, and changes nothing', async (change, field, message) => {
    const { student, courseId } = await givenEnrolment();
    const response = await call(t, 'PUT', url(student.studentId, courseId), admin.token, { ...opco, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().errors[field]).toEqual([message]);
    expect((await call(t, 'GET', url(student.studentId, courseId), admin.token)).json().funding).toEqual(unset);
    expect(await fundingEvents(student.studentId, courseId)).toEqual([]);
  });

  it('an ended enrolment keeps its funding, still readable and correctable', async () => {
    const { student, courseId } = await givenEnrolment();
    await call(t, 'PUT', url(student.studentId, courseId), admin.token, opco);
    expect((await call(t, 'DELETE', `/api/remove-enrolled-course/${student.studentId}/${courseId}`, admin.token)).statusCode).toBe(200);
    const ended = await call(t, 'GET', url(student.studentId, courseId), admin.token);
    expect(ended.json()).toMatchObject({ enrolled: false, funding: { funder: 'opco', dossier_number: 'EP-2026-004512' } });
    const corrected = await call(t, 'PUT', url(student.studentId, courseId), admin.token, { ...opco, exit_date: '2026-11-20' });
    expect(corrected.json()).toMatchObject({ enrolled: false, changed: true, effective: { exit_date: { value: '2026-11-20', source: 'inscription' } } });
  });
});

describe('GetEnrolmentFunding (contract query)', () => {
  it('answers the effective funding of an enrolment, ended ones included, and null when never enrolled', async () => {
    const { student, courseId } = await givenEnrolment();
    const other = await givenCourse(t);
    const queries = t.app.get(QueryBus);
    await givenRecord(student.studentId, { numero_dossier: `Q-${student.studentId}`, type_dossier: 'CPF' });
    expect(await queries.execute(new GetEnrolmentFunding(student.studentId, courseId))).toMatchObject({
      funder: null,
      fundingLabel: { value: 'CPF', source: 'dossier_etudiant' },
      dossierNumber: { value: `Q-${student.studentId}`, source: 'dossier_etudiant' },
      missing: ['date_entree', 'date_sortie'],
    });
    await call(t, 'PUT', url(student.studentId, courseId), admin.token, { funder: 'cpf', dossier_number: '7834512690' });
    await call(t, 'DELETE', `/api/remove-enrolled-course/${student.studentId}/${courseId}`, admin.token);
    expect(await queries.execute(new GetEnrolmentFunding(student.studentId, courseId))).toMatchObject({
      funder: 'cpf',
      fundingLabel: { value: 'CPF (Caisse des Dépôts)', source: 'inscription' },
      dossierNumber: { value: '7834512690', source: 'inscription' },
    });
    expect(await queries.execute(new GetEnrolmentFunding(student.studentId, other.courseId))).toBeNull();
  });
});

// The programme sheet of a course (issue 29 item 1, docs/adr/0047): edited by the course's trainer
// and admins only (PUT /course/{id}/programme/), refused on bad values with a French 400 that
// changes nothing, dated by the server's clock, logged as values and hashes; publishing refused
// (409) while a mandatory item is empty, naming each; shown on the public course page and printed
// as a PDF (GET /course/{id}/programme.pdf) for a published course only.
import { extractText, getDocumentProxy } from 'unpdf';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCategory, givenStudent, givenTeacher, uniqueName, type GivenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { COMPLETE_PROGRAMME_FORM } from '../testing.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

const eventsOf = (courseId: number) =>
  db.query<{ event_type: string; payload: Record<string, unknown> }>(
    `select event_type, payload from eventlog.event where stream_type = 'catalogue.course' and stream_id = $1 order by stream_version`,
    [String(courseId)],
  );
const sheetOf = async (courseId: number) =>
  (await db.one<{ programme: Record<string, unknown>; programme_updated_at: Date | null; status: string }>(
    'select programme, programme_updated_at, status from catalogue.course where id = $1', [courseId],
  ))!;

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A draft of `teacher` with a text chapter: all it lacks to be published is its programme sheet. */
async function draftOf(teacher: GivenTeacher) {
  const { categoryId } = await givenCategory(t);
  const title = uniqueName('Excel avancé');
  const created = await call(t, 'POST', '/api/course/', teacher.token, { formateur: teacher.teacherId, category: categoryId, title });
  expect(created.statusCode).toBe(201);
  const courseId = created.json().id as number;
  const chapter = await call(t, 'POST', `/api/course-chapters/${courseId}/`, teacher.token, { title: 'Introduction', content_type: 'text', text_content: 'Bienvenue.' });
  expect(chapter.statusCode).toBe(201);
  return { courseId, title };
}

const put = (courseId: number, token: string | undefined, body: object) => call(t, 'PUT', `/api/course/${courseId}/programme/`, token, body);

describe('PUT /course/{id}/programme/', () => {
  it('is the course’s trainer’s and the admins’: another trainer 403, a student 403, nobody 401, an unknown course 404; nothing changes', async () => {
    const [teacher, other, admin, student] = await Promise.all([givenTeacher(t), givenTeacher(t), givenAdmin(t), givenStudent(t)]);
    const { courseId } = await draftOf(teacher);
    expect((await put(courseId, other.token, { target_public: 'Tous' })).statusCode).toBe(403);
    expect((await put(courseId, student.token, { target_public: 'Tous' })).statusCode).toBe(403);
    expect((await put(courseId, undefined, { target_public: 'Tous' })).statusCode).toBe(401);
    expect((await put(2_000_000_000, admin.token, { target_public: 'Tous' })).statusCode).toBe(404);
    expect((await sheetOf(courseId)).programme_updated_at).toBeNull();
    expect((await eventsOf(courseId)).map((e) => e.event_type)).not.toContain('CourseProgrammeDeclared');

    const byAdmin = await put(courseId, admin.token, { target_public: 'Salariés' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().programme.target_public).toBe('Salariés');
    const byTrainer = await put(courseId, teacher.token, { prerequisites: 'Aucun' });
    expect(byTrainer.json().programme).toMatchObject({ target_public: 'Salariés', prerequisites: 'Aucun' });
  });

  it('saves every item, dated by the server’s clock, logs values and hashes (no text), and says what is still missing', async () => {
    const teacher = await givenTeacher(t);
    const { courseId } = await draftOf(teacher);
    const before = (await call(t, 'GET', `/api/teacher-course-detail/${courseId}/`, teacher.token)).json();
    expect(before.programme_missing.map((m: { item: string }) => m.item)).toEqual([
      'objectives', 'targetPublic', 'prerequisites', 'plannedMinutes', 'accessDelays', 'modality', 'teachingMethods', 'evaluationMethods',
      'accessibility', 'referent', 'contacts', 'price',
    ]);
    t.clock.set(new Date('2026-11-25T08:30:00Z'));
    try {
      const good = await put(courseId, teacher.token, {
        ...COMPLETE_PROGRAMME_FORM, certifying: true, certification_code: 'rs 6289', certifier: 'Isograd', cpf_eligible: true,
        // A client's date is not evidence: the server decides (the field is not the form's, and is dropped).
        updated_at: '2020-01-01',
      });
      expect(good.statusCode).toBe(200);
      const view = good.json();
      expect(view.programme).toMatchObject({
        target_public: COMPLETE_PROGRAMME_FORM.target_public, modality: 'distance', modality_label: 'À distance', price_cents: 69000, on_quote: false,
        certifying: true, certification_code: 'RS6289', certifier: 'Isograd', cpf_eligible: true, updated_at: '2026-11-25T08:30:00.000Z',
      });
      expect(view.objectives).toBe(COMPLETE_PROGRAMME_FORM.objectives);
      expect(view.programme_missing.map((m: { label: string }) => m.label)).toEqual(['équivalences et passerelles', 'débouchés']);
    } finally {
      t.clock.release();
    }
    const events = await eventsOf(courseId);
    const declared = events.filter((e) => e.event_type === 'CourseProgrammeDeclared');
    expect(declared).toHaveLength(1);
    expect(declared[0]!.payload).toMatchObject({ courseId, modality: 'distance', priceCents: 69000, certifying: true, certificationCode: 'RS6289', cpfEligible: true });
    expect(declared[0]!.payload.referentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(events.map((e) => e.event_type)).toContain('CoursePromisesDeclared');
    const logged = JSON.stringify(events);
    for (const text of ['Sophie', 'referent.handicap', 'Assistants', 'Isograd', '01 23 45']) expect(logged).not.toContain(text);

    // The same values again: nothing logged, the date stays.
    const again = await put(courseId, teacher.token, { target_public: COMPLETE_PROGRAMME_FORM.target_public });
    expect(again.json().programme.updated_at).toBe('2026-11-25T08:30:00.000Z');
    expect((await eventsOf(courseId)).length).toBe(events.length);
  });

  it.each([
    ['certification_code', { certification_code: 'RNCP-12' }, 'Le code de la certification doit être un code RNCP (exemple : RNCP12345) ou RS (exemple : RS1234).'],
    ['referent_email', { referent_email: 'referent-at-centre' }, 'L’e-mail du référent handicap n’est pas une adresse valide'],
    ['referent_phone', { referent_phone: '06' }, 'Le téléphone du référent handicap n’est pas un numéro valide'],
    ['modality', { modality: 'hybride' }, 'Les modalités doivent être « à distance », « mixte » ou « présentiel ».'],
    ['price_cents', { price_cents: -100 }, 'Le tarif ne peut pas être négatif.'],
    ['price_cents', { price_cents: 'mille' }, 'Le tarif doit être un montant en euros'],
    ['price_cents', { price_cents: 1000, on_quote: true }, 'Indiquez un tarif ou « sur devis », pas les deux.'],
    ['cpf_eligible', { cpf_eligible: true }, 'Seule une formation certifiante (inscrite au RNCP ou au RS) peut être éligible au CPF'],
    ['on_quote', { on_quote: 'oui' }, '« Sur devis » doit valoir oui ou non.'],
    ['contacts', { contacts: 'x'.repeat(5001) }, 'Les contacts ne doivent pas dépasser 5 000 caractères.'],
    ['planned_minutes', { planned_minutes: 0 }, 'La durée prévue doit être d’au moins une minute'],
  ])('refuses a bad %s with a French 400 on the field, changing nothing', async (field, body, message) => {
    const teacher = await givenTeacher(t);
    const { courseId } = await draftOf(teacher);
    await put(courseId, teacher.token, { target_public: 'Salariés' });
    const count = (await eventsOf(courseId)).length;
    const refused = await put(courseId, teacher.token, { target_public: 'Autre', ...body });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().errors?.[field] ?? refused.json())).toContain(message);
    expect((await sheetOf(courseId)).programme.targetPublic).toBe('Salariés');
    expect((await eventsOf(courseId)).length).toBe(count);
  });
});

describe('publishing and the programme sheet', () => {
  it('refuses « Publier » while a mandatory item is empty, naming each; then publishes; a published sheet stays complete', async () => {
    const teacher = await givenTeacher(t);
    const { courseId } = await draftOf(teacher);
    await put(courseId, teacher.token, { target_public: 'Salariés', modality: 'mixte' });
    const refused = await call(t, 'POST', `/api/course/${courseId}/publish/`, teacher.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail ?? refused.json().message).toBe(
      'Ce cours ne peut pas être publié : la fiche programme est incomplète. Renseignez : objectifs, prérequis, durée prévue, délais d’accès, méthodes pédagogiques, '
      + 'modalités d’évaluation, accessibilité aux personnes en situation de handicap, contact du référent handicap, contacts, tarif (ou « sur devis »).',
    );
    expect((await sheetOf(courseId)).status).toBe('draft');

    await put(courseId, teacher.token, { ...COMPLETE_PROGRAMME_FORM, price_cents: null, on_quote: true });
    const published = await call(t, 'POST', `/api/course/${courseId}/publish/`, teacher.token);
    expect(published.statusCode).toBe(200);

    const emptied = await put(courseId, teacher.token, { prerequisites: '' });
    expect(emptied.statusCode).toBe(409);
    expect(JSON.stringify(emptied.json())).toContain('Ce cours est publié : sa fiche programme doit rester complète. Renseignez : prérequis (ou repassez d’abord le cours en brouillon).');
    expect((await sheetOf(courseId)).programme.prerequisites).toBe(COMPLETE_PROGRAMME_FORM.prerequisites);
    const objectivesCleared = await call(t, 'PUT', `/api/teacher-course-detail/${courseId}/`, teacher.token, { title: 'Autre titre', objectives: '' });
    expect(objectivesCleared.statusCode).toBe(409);
    expect(JSON.stringify(objectivesCleared.json())).toContain('Renseignez : objectifs');
  });
});

describe('the public course page and the PDF', () => {
  it('shows the sheet on /course/{id}/ and prints it with the centre’s identity; a draft’s PDF is 404 to visitors', async () => {
    const [teacher, admin] = await Promise.all([givenTeacher(t), givenAdmin(t)]);
    const centre = await call(t, 'PUT', '/api/admin/centre/', admin.token, { nom: 'Horizon Compétences Formation', siret: '891 234 567 00008', nda: '11 75 12345 75' });
    expect(centre.statusCode).toBe(200);
    const { courseId, title } = await draftOf(teacher);
    t.clock.set(new Date('2026-11-25T08:30:00Z'));
    try {
      await put(courseId, teacher.token, {
        ...COMPLETE_PROGRAMME_FORM, price_cents: 129000, certifying: true, certification_code: 'RS6289', certifier: 'Isograd',
        equivalences: 'Aucune équivalence', outcomes: 'Assistant de direction', cpf_eligible: true,
      });
    } finally {
      t.clock.release();
    }
    expect((await call(t, 'GET', `/api/course/${courseId}/programme.pdf`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/course/${courseId}/`)).statusCode).toBe(404);

    expect((await call(t, 'POST', `/api/course/${courseId}/publish/`, teacher.token)).statusCode).toBe(200);
    const page = (await call(t, 'GET', `/api/course/${courseId}/`)).json();
    expect(page.programme).toMatchObject({
      target_public: COMPLETE_PROGRAMME_FORM.target_public, referent_name: 'Sophie Marchand', referent_email: 'referent.handicap@centre-exemple.fr',
      certification_code: 'RS6289', cpf_eligible: true, price_cents: 129000, updated_at: '2026-11-25T08:30:00.000Z',
    });

    const pdf = await call(t, 'GET', `/api/course/${courseId}/programme.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`programme-${courseId}-`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'Horizon Compétences Formation', 'SIRET : 89123456700008', 'numéro 11751234575', 'PROGRAMME DE FORMATION', title, 'Mis à jour le 25/11/2026',
      'Public visé', 'Assistants, gestionnaires', 'Prérequis', 'Durée', '7 h', 'À distance', 'Délais d’accès', 'Méthodes pédagogiques', 'Modalités d’évaluation',
      '1 290,00 € TTC', 'Référent handicap', 'Sophie Marchand', 'referent.handicap@centre-exemple.fr', 'Contacts', 'RS6289', 'Certificateur : Isograd',
      'Éligible au CPF', 'Oui', 'Équivalences et passerelles', 'Débouchés', 'Assistant de direction', '• Construire un tableau croisé dynamique',
    ]) expect(text).toContain(expected);

    // Back to draft: the PDF is gone for visitors (as the page), its author still reads it.
    await call(t, 'POST', `/api/course/${courseId}/unpublish/`, teacher.token);
    expect((await call(t, 'GET', `/api/course/${courseId}/programme.pdf`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/course/${courseId}/programme.pdf`, teacher.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/course/2000000000/programme.pdf')).statusCode).toBe(404);
  });
});

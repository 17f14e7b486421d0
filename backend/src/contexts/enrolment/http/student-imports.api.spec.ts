// The bulk import of learners (issue 29 item 3, docs/adr/0052), through the real API, PostgreSQL,
// job queue and SMTP: broken files (columns, duplicates, dates, formulas) are previewed in French
// with nothing written; a clean file imports every learner with their enrolments, session and
// trainer, e-mails single-use activation links and hands the others to the admin once; a try cut
// off between identity's transaction and enrolment's is run again to the end (all or nothing);
// 10,000 rows are previewed.
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenCourse, givenStudent, givenTeacher, login, type GivenAdmin } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { enrolmentsFailed, StudentImportRunner } from '../application/student-import/student-import.job.js';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
let db: Database;
let admin: GivenAdmin;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), JOBS_ENABLED: 'true' });
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const HEADER = "Prénom;Nom;Email;Téléphone;Numéro de dossier;Type de dossier;Type de formation;Formation(s);Date d'entrée;Date de sortie";

function form(content: string | Buffer, name = 'etudiants.csv', extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  data.append('import_file', new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(extra)) data.append(k, v);
  return data;
}

const preview = (content: string | Buffer, name?: string) => call(t, 'POST', '/api/admin/student-imports/preview', admin.token, form(content, name));
const tag = () => randomUUID().slice(0, 8);
const studentsWithEmail = async (emails: string[]) =>
  Number((await db.one<{ n: string }>('select count(*) as n from identity.account where email = any($1)', [emails]))!.n);

async function importedAndDone(content: string): Promise<{ id: string }> {
  const started = await call(t, 'POST', '/api/admin/student-imports', admin.token, form(content, 'etudiants.csv', { request_key: randomUUID() }));
  expect([started.statusCode, started.json()]).toEqual([201, { id: expect.any(String), job_id: expect.any(String), total: expect.any(Number) }]);
  const id = started.json().id as string;
  await eventually(async () => expect((await call(t, 'GET', `/api/admin/student-imports/${id}`, admin.token)).json().status).not.toBe('queued'), 60_000);
  return { id };
}

describe('student imports: who may', () => {
  it('refuses a visitor with 401, a student and a trainer with 403, on every call', async () => {
    const [student, teacher] = await Promise.all([givenStudent(t), givenTeacher(t)]);
    const id = randomUUID();
    const calls: [Parameters<typeof call>[1], string, FormData?][] = [
      ['GET', '/api/admin/student-imports/template'],
      ['POST', '/api/admin/student-imports/preview', form(`${HEADER}\nA;B;a@b.fr`)],
      ['POST', '/api/admin/student-imports', form(`${HEADER}\nA;B;a@b.fr`)],
      ['GET', `/api/admin/student-imports/${id}`],
      ['POST', `/api/admin/student-imports/${id}/links`],
    ];
    for (const [method, url, body] of calls) {
      expect([url, (await call(t, method, url, undefined, body)).statusCode]).toEqual([url, 401]);
      for (const token of [student.token, teacher.token]) expect([url, (await call(t, method, url, token, body)).statusCode]).toEqual([url, 403]);
    }
  });

  it('answers 400 in French for a malformed id, 404 for an unknown one, 400 without a file', async () => {
    expect((await call(t, 'GET', '/api/admin/student-imports/12', admin.token)).json().message).toBe('L’identifiant d’import doit être un UUID.');
    expect((await call(t, 'GET', `/api/admin/student-imports/${randomUUID()}`, admin.token)).statusCode).toBe(404);
    const none = await call(t, 'POST', '/api/admin/student-imports/preview', admin.token, new FormData());
    expect(none.statusCode).toBe(400);
  });
});

describe('the template', () => {
  it('is an XLSX whose header row is the columns the import reads', async () => {
    const response = await call(t, 'GET', '/api/admin/student-imports/template', admin.token);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const header = (workbook.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(header).toEqual(['Prénom', 'Nom', 'Email', 'Téléphone', 'Numéro de dossier', 'Type de dossier', 'Type de formation', 'Formation(s)', 'Session', "Date d'entrée", 'Date de sortie', 'Formateur (e-mail)']);
    // The template itself previews without a column problem (its example course is unknown here).
    const again = await preview(response.rawPayload, 'modele.xlsx');
    expect(again.json().file_problems).toEqual([]);
  });
});

describe('the preview of a broken file', () => {
  it('names missing, unknown and password columns, and writes nothing', async () => {
    const response = await preview('Prenom;Courriel électronique;Mot de passe\nAnne;anne@exemple.fr;secret');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ importable: false, total: 0, rows: [] });
    expect(response.json().file_problems).toEqual([
      expect.stringMatching(/^Colonne inconnue : « Courriel électronique »/),
      'Le fichier ne doit pas contenir de mot de passe : chaque étudiant reçoit un lien d’activation pour choisir le sien. Retirez la colonne.',
      'Colonnes manquantes : « Prénom » et « Nom », ou « Nom complet ».',
      'Colonne manquante : « Email » (laissez la cellule vide pour un étudiant sans adresse e-mail).',
    ]);
    expect(await studentsWithEmail(['anne@exemple.fr'])).toBe(0);
  });

  it('refuses what is not a table in French', async () => {
    const xls = await preview(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0]), 'ancien.xls');
    expect([xls.statusCode, xls.json().message]).toEqual([400, 'Les classeurs Excel 97-2003 (.xls) ne sont pas lus : enregistrez le fichier au format .xlsx ou CSV UTF-8.']);
    const latin1 = await preview(Buffer.from('Prénom;Nom;Email\nHélène;Dupré;h@x.fr', 'latin1'));
    expect(latin1.json().message).toMatch(/n’est pas en UTF-8/);
    const empty = await preview(`${HEADER}\n;;;\n`);
    expect(empty.json().file_problems).toEqual(['Le fichier ne contient aucune ligne d’étudiant sous la ligne des en-têtes.']);
  });

  it('lists duplicates in the file and with existing accounts, dates out of order or range, unknown course, session and trainer', async () => {
    const existing = await givenStudent(t);
    const existingEmail = (await db.one<{ email: string }>('select a.email from identity.student s join identity.account a on a.id = s.account_id where s.id = $1', [existing.studentId]))!.email;
    const x = tag();
    const csv = [
      "Prénom;Nom;Email;Date d'entrée;Date de sortie;Formation(s);Session;Formateur",
      `Anne;Durand;anne.${x}@exemple.fr;10/01/2027;05/01/2027;;;`,
      `Bruno;Petit;ANNE.${x}@exemple.fr;31/02/2027;01/01/2101;;;`,
      `Chloé;Roux;${existingEmail.toUpperCase()};;;Cours qui n'existe pas ${x};Session fantôme ${x};personne.${x}@exemple.fr`,
      `;Leroy;pas-une-adresse;2027-13-01;;;;`,
    ].join('\n');
    const response = await preview(csv);
    expect(response.json()).toMatchObject({ total: 4, importable: false, rows_with_problems: 4, file_problems: [] });
    const problems = Object.fromEntries(response.json().rows.map((r: { line: number; problems: string[] }) => [r.line, r.problems]));
    expect(problems[2]).toEqual(["La date de sortie précède la date d'entrée.", `L’adresse e-mail « anne.${x}@exemple.fr » figure aussi à la ligne 3.`]);
    expect(problems[3]).toEqual([
      "La date d'entrée n’existe pas (31/02/2027).",
      'La date de sortie doit être entre 1900 et 2100 (01/01/2101).',
      `L’adresse e-mail « anne.${x}@exemple.fr » figure aussi à la ligne 2.`,
    ]);
    expect(problems[4]).toEqual([
      `L’adresse e-mail « ${existingEmail} » est déjà celle d’un compte de la plateforme.`,
      `Formation inconnue : « Cours qui n'existe pas ${x} » (aucun cours publié ne porte ce titre ou ce numéro).`,
      `Session inconnue : « Session fantôme ${x} ».`,
      `Formateur inconnu : aucun formateur n’a l’adresse « personne.${x}@exemple.fr ».`,
    ]);
    expect(problems[5]).toEqual(['Le prénom est manquant.', 'L’adresse e-mail « pas-une-adresse » n’est pas valide.', "La date d'entrée n’existe pas (01/13/2027)."]);
  });

  it('refuses formulas of a hostile CSV, keeps a neutralised cell without its apostrophe, and reads quotes, commas and a BOM', async () => {
    const x = tag();
    const csv =
      '\uFEFFPrénom,Nom,Email,Téléphone,Type de dossier\r\n' +
      `"=HYPERLINK(""http://x.test"",""clic"")",Martin,a.${x}@exemple.fr,,\r\n` +
      `"@SUM(1+1)","-2+3",b.${x}@exemple.fr,+33 6 12 34 56 78,"=cmd|' /C calc'!A0"\r\n` +
      `"'=Zoé",'Dupont,'c.${x}@exemple.fr,'+33612345678,"CPF, OPCO"\r\n`;
    const response = await preview(csv);
    const rows = response.json().rows as { line: number; prenom: string; nom: string; email: string; problems: string[] }[];
    const formula = (column: string) => `« ${column} » commence par « = », « + », « - » ou « @ » : une formule n’est pas acceptée.`;
    expect(rows.find((r) => r.line === 2)!.problems).toEqual([formula('Prénom'), 'Le prénom est manquant.']);
    expect(rows.find((r) => r.line === 3)!.problems).toEqual([formula('Prénom'), formula('Nom'), 'Le prénom est manquant.', 'Le nom est manquant.', formula('Type de dossier')]);
    // The apostrophe a spreadsheet adds to neutralise a cell is removed: the value behind it is then judged as any other.
    const third = rows.find((r) => r.line === 4)!;
    expect(third).toMatchObject({ nom: 'Dupont', email: `c.${x}@exemple.fr`, problems: [formula('Prénom'), 'Le prénom est manquant.'] });
  });
});

describe('a clean file', () => {
  it('reads « Nom complet », French and Excel dates from an XLSX, and a course by title or id', async () => {
    const course = await givenCourse(t);
    const x = tag();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Feuille1');
    sheet.addRow(['Nom complet', 'E-mail', "Date d'entrée", 'Date de sortie', 'Formation(s)']);
    sheet.addRow(['Jean-Marc  de La Fontaine', `jm.${x}@exemple.fr`, new Date(Date.UTC(2027, 0, 11)), 46_477, `${course.title.toUpperCase()} ; ${course.courseId}`]);
    const response = await preview(Buffer.from(await workbook.xlsx.writeBuffer()), 'etudiants.xlsx');
    expect(response.json()).toMatchObject({
      importable: true,
      rows: [{ line: 2, prenom: 'Jean-Marc', nom: 'de La Fontaine', email: `jm.${x}@exemple.fr`, date_entree: '2027-01-11', date_sortie: '2027-03-31', problems: [] }],
    });
  });

  it('imports every learner with enrolment, session and trainer; e-mails single-use links and hands the others to the admin once', async () => {
    const course = await givenCourse(t);
    const other = await givenCourse(t);
    const teacher = await givenTeacher(t);
    const teacherEmail = (await db.one<{ email: string }>('select a.email from identity.teacher s join identity.account a on a.id = s.account_id where s.id = $1', [teacher.teacherId]))!.email;
    const session = await call(t, 'POST', '/api/admin/sessions/', admin.token, { course: other.courseId, name: `Session de mars ${tag()}`, start_date: '2027-03-01', end_date: '2027-06-30' });
    const sessionId = session.json().id as number;
    const x = tag();
    const csv = [
      "Prénom;Nom;Email;Téléphone;Numéro de dossier;Type de dossier;Type de formation;Formation(s);Session;Date d'entrée;Date de sortie;Formateur (e-mail)",
      `Inès;Benali;ines.${x}@exemple.fr;'+33612345678;D-${x}-1;CPF;Distanciel;${course.title};;11/01/2027;26/03/2027;${teacherEmail}`,
      `Lucas;Moreau;lucas.${x}@exemple.fr;;;OPCO;Mixte;;${sessionId};01/03/2027;30/06/2027;`,
      `Awa;Diallo;;;;Personnel;Distanciel;${course.courseId};;;;`,
    ].join('\n');
    const checked = await preview(csv);
    expect(checked.json()).toMatchObject({ importable: true, total: 3, rows_with_problems: 0 });

    const { id } = await importedAndDone(csv);
    const done = (await call(t, 'GET', `/api/admin/student-imports/${id}`, admin.token)).json();
    expect(done).toMatchObject({ status: 'imported', total: 3, links_pending: 1, failure: null, progress: { done: 9, total: 9 } });
    // The rows (personal data) are cleared once the import ended.
    expect(await db.one(`select rows from enrolment.student_import where id = $1`, [id])).toEqual({ rows: null });
    // The activation e-mails go on their own job after the import.
    await eventually(async () => expect((await call(t, 'GET', `/api/admin/student-imports/${id}`, admin.token)).json().emails).toEqual({ done: 2, total: 2 }));

    const students = await db.query<{ id: number; prenom: string; nom: string; email: string; telephone: string; numero_dossier: string | null; formations: string[]; date_entree: string | null }>(
      `select s.id, s.prenom, s.nom, a.email, s.telephone, s.numero_dossier, s.formations, to_char(s.date_entree, 'YYYY-MM-DD') as date_entree
         from identity.student s join identity.account a on a.id = s.account_id where s.nom in ('Benali', 'Moreau', 'Diallo') and a.created_at >= now() - interval '5 minutes' order by s.id`,
    );
    const [ines, lucas, awa] = students.slice(-3);
    expect(ines).toMatchObject({ prenom: 'Inès', email: `ines.${x}@exemple.fr`, telephone: '+33612345678', numero_dossier: `D-${x}-1`, formations: [course.title], date_entree: '2027-01-11' });
    expect(awa.email).toMatch(/@sans-email\.invalid$/);
    // Written set-based, the rows are what the domain decides one by one: names, first formation, search text, the stream's version.
    const columns = await db.one(
      `select s.fullname, s.formation_title, s.search_text, s.type_dossier, a.version, a.role, a.is_active, a.username from identity.student s join identity.account a on a.id = s.account_id where s.id = $1`,
      [ines.id],
    );
    expect(columns).toEqual({
      fullname: 'Inès Benali', formation_title: course.title, search_text: `inès benali ines.${x}@exemple.fr ines.${x}@exemple.fr d-${x}-1`, type_dossier: 'CPF', version: 1, role: 'student',
      is_active: true, username: `ines.${x}@exemple.fr`,
    });
    // The same facts as the one-by-one path: StudentCreated (naming the import), StudentEnrolled, SessionLearnerAdded, the trainer's assignment.
    const created = await db.query<{ payload: { importId: string; trainerId: number | null } }>(`select payload from eventlog.event where event_type = 'StudentCreated' and payload->>'importId' = $1`, [id]);
    expect(created.map((e) => e.payload.trainerId).sort()).toEqual([teacher.teacherId, null, null].sort());
    const streams = await db.query<{ stream_type: string; stream_id: string; stream_version: number; account_id: number; student_id: number; actor: unknown }>(
      `select stream_type, stream_id, stream_version, (payload->>'accountId')::int as account_id, (payload->>'studentId')::int as student_id, metadata->>'actorId' as actor
         from eventlog.event where event_type = 'StudentCreated' and payload->>'importId' = $1 order by (payload->>'studentId')::int`,
      [id],
    );
    expect(streams.map((e) => [e.stream_type, e.stream_id === String(e.account_id), e.stream_version, e.actor])).toEqual(
      Array.from({ length: 3 }, () => ['identity.account', true, 1, String(admin.accountId)]),
    );
    const enrolled = await db.query<{ student_id: number; course_id: number }>('select student_id, course_id from enrolment.course_enrolment where student_id = any($1) order by student_id, course_id', [[ines.id, lucas.id, awa.id]]);
    expect(enrolled).toEqual([{ student_id: ines.id, course_id: course.courseId }, { student_id: lucas.id, course_id: other.courseId }, { student_id: awa.id, course_id: course.courseId }]);
    const members = await db.query<{ student_id: number }>(`select (payload->>'studentId')::int as student_id from eventlog.event where event_type = 'SessionLearnerAdded' and stream_id = $1`, [String(sessionId)]);
    expect(members).toEqual([{ student_id: lucas.id }]);
    // Written set-based (ADR 0052 amendment 3), the rows and events are those of the one-by-one path.
    expect(await db.query(`select person_id, role, left_at from enrolment.session_member where session_id = $1`, [sessionId])).toEqual([{ person_id: lucas.id, role: 'learner', left_at: null }]);
    const courseLinks = await db.query(`select version, enrolled_at = first_enrolled_at as kept from enrolment.student_course where student_id = any($1)`, [[ines.id, lucas.id, awa.id]]);
    expect(courseLinks).toEqual(Array.from({ length: 3 }, () => ({ version: 1, kept: true })));
    const enrolledEvents = await db.query(
      `select stream_id, stream_version, metadata->>'actorId' as actor, payload->>'enrolledBy' as by from eventlog.event where event_type = 'StudentEnrolled' and (payload->>'studentId')::int = any($1) order by stream_id`,
      [[ines.id, lucas.id, awa.id]],
    );
    expect(enrolledEvents).toEqual(
      [`${ines.id}-${course.courseId}`, `${lucas.id}-${other.courseId}`, `${awa.id}-${course.courseId}`].sort().map((stream) => ({ stream_id: stream, stream_version: 1, actor: String(admin.accountId), by: 'admin' })),
    );
    // Tutoring's policy on StudentCreated assigns the trainer, as for a creation one by one.
    await eventually(async () => expect(await db.query('select 1 from tutoring.tutorship where teacher_id = $1 and student_id = $2', [teacher.teacherId, ines.id])).toHaveLength(1), 20_000);
    const completed = await db.one<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = 'StudentImportCompleted' and stream_id = $1`, [id]);
    expect(completed!.payload).toEqual({ importId: id, students: 3, enrolments: 3, sessionMemberships: 1, activationEmails: 2, linksForAdmin: 1 });
    // No name, e-mail nor case number in the log.
    const logged = JSON.stringify(await db.query(`select payload from eventlog.event where payload::text like '%' || $1 || '%'`, [x]));
    expect(logged).toBe('[]');

    // The e-mail: a single-use link, never a password.
    const mail = await eventually(async () => {
      const found = smtp.mails.find((m) => m.to.includes(`ines.${x}@exemple.fr`));
      expect(found).toBeDefined();
      return readMail(found!);
    });
    expect(mail.subject).toBe('Activez votre compte sur la plateforme de formation');
    expect(mail.text).not.toMatch(/mot de passe\s*:/i);
    const secret = /\/activation#jeton=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect((await call(t, 'POST', '/api/activation/lookup', undefined, { token: secret })).json()).toEqual({ prenom: 'Inès', needs_email: false });
    expect((await login(t, 'student', `ines.${x}@exemple.fr`, 'Un mot de passe solide 1')).json().bool).toBe(false);
    expect((await call(t, 'POST', '/api/activation', undefined, { token: secret, password: 'court' })).statusCode).toBe(400);
    expect((await call(t, 'POST', '/api/activation', undefined, { token: secret, password: 'Un mot de passe solide 1' })).statusCode).toBe(204);
    expect((await login(t, 'student', `ines.${x}@exemple.fr`, 'Un mot de passe solide 1')).json().bool).toBe(true);
    const again = await call(t, 'POST', '/api/activation', undefined, { token: secret, password: 'Un autre mot de passe 2' });
    expect([again.statusCode, again.json().message]).toEqual([400, "Ce lien d'activation n'est plus valable (déjà utilisé, expiré ou remplacé) : demandez un nouveau lien à votre centre de formation."]);

    // The learner without e-mail: the admin gets the link once, and the learner chooses their login e-mail with it.
    const links = await call(t, 'POST', `/api/admin/student-imports/${id}/links`, admin.token);
    expect(links.json()).toEqual([{ line: 4, student_id: awa.id, prenom: 'Awa', nom: 'Diallo', link: expect.stringMatching(/\/activation#jeton=/) }]);
    expect((await call(t, 'POST', `/api/admin/student-imports/${id}/links`, admin.token)).json()).toEqual([]);
    const awaSecret = /#jeton=(.+)$/.exec(links.json()[0].link)![1];
    expect((await call(t, 'POST', '/api/activation/lookup', undefined, { token: awaSecret })).json()).toEqual({ prenom: 'Awa', needs_email: true });
    const noEmail = await call(t, 'POST', '/api/activation', undefined, { token: awaSecret, password: 'Un mot de passe solide 3' });
    expect([noEmail.statusCode, noEmail.json().message]).toEqual([400, 'Votre centre ne connaissait pas votre adresse e-mail : indiquez celle avec laquelle vous vous connecterez.']);
    expect((await call(t, 'POST', '/api/activation', undefined, { token: awaSecret, password: 'Un mot de passe solide 3', email: `awa.${x}@exemple.fr` })).statusCode).toBe(204);
    expect((await login(t, 'student', `awa.${x}@exemple.fr`, 'Un mot de passe solide 3')).json().bool).toBe(true);
    const activated = await db.query(`select 1 from eventlog.event where event_type = 'AccountActivated' and payload->>'profileId' in ($1, $2)`, [String(ines.id), String(awa.id)]);
    expect(activated).toHaveLength(2);
  });

  it('answers 422 with the preview and writes nothing when a row has a problem; the same request key answers the same import', async () => {
    const x = tag();
    const broken = `${HEADER}\nAnne;Durand;anne.${x}@exemple.fr\nBruno;Petit;anne.${x}@exemple.fr`;
    const refused = await call(t, 'POST', '/api/admin/student-imports', admin.token, form(broken));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'Le fichier contient des erreurs : corrigez-les (voir l’aperçu) puis importez-le de nouveau. Rien n’a été importé.', preview: { importable: false, rows_with_problems: 2 } });
    expect(await studentsWithEmail([`anne.${x}@exemple.fr`])).toBe(0);

    const key = randomUUID();
    const fixed = `${HEADER}\nAnne;Durand;anne.${x}@exemple.fr\nBruno;Petit;bruno.${x}@exemple.fr`;
    const [first, second] = await Promise.all([1, 2].map(() => call(t, 'POST', '/api/admin/student-imports', admin.token, form(fixed, 'etudiants.csv', { request_key: key }))));
    expect(first.json().id).toBe(key);
    expect(second.json().id).toBe(key);
    await eventually(async () => expect((await call(t, 'GET', `/api/admin/student-imports/${key}`, admin.token)).json().status).toBe('imported'), 60_000);
    expect(await studentsWithEmail([`anne.${x}@exemple.fr`, `bruno.${x}@exemple.fr`])).toBe(2);
  });
});

describe('all or nothing', () => {
  afterEach(() => {
    const hooks = t.app.get(StudentImportRunner).testHooks;
    hooks.beforeAccounts = null;
    hooks.betweenSteps = null;
  });

  it('a try cut off between the accounts and the enrolments is run again to the end: each learner once, enrolled', async () => {
    const hooks = t.app.get(StudentImportRunner).testHooks;
    const course = await givenCourse(t);
    let cuts = 0;
    hooks.betweenSteps = async () => {
      hooks.betweenSteps = null;
      cuts += 1;
      throw new Error('Coupure simulée entre les deux transactions');
    };
    const x = tag();
    const csv = `${HEADER}\n` + Array.from({ length: 5 }, (_, i) => `Prénom${i};Nom${i};e${i}.${x}@exemple.fr;;;;;${course.title};;`).join('\n');
    const { id } = await importedAndDone(csv);
    expect(cuts).toBe(1);
    const status = (await call(t, 'GET', `/api/admin/student-imports/${id}`, admin.token)).json();
    expect(status).toMatchObject({ status: 'imported' });
    const job = (await call(t, 'GET', `/api/admin/jobs/${status.job_id}`, admin.token)).json();
    expect(job).toMatchObject({ state: 'completed', attempts: 2 });
    const emails = Array.from({ length: 5 }, (_, i) => `e${i}.${x}@exemple.fr`);
    expect(await studentsWithEmail(emails)).toBe(5);
    const created = await db.query(`select 1 from eventlog.event where event_type = 'StudentCreated' and payload->>'importId' = $1`, [id]);
    expect(created).toHaveLength(5);
    const enrolled = await db.one<{ n: string }>(
      'select count(*) as n from enrolment.course_enrolment e join identity.student s on s.id = e.student_id join identity.account a on a.id = s.account_id where a.email = any($1) and e.course_id = $2',
      [emails, course.courseId],
    );
    expect(Number(enrolled!.n)).toBe(5);
    // Each learner gets one e-mail (the mail job of each try shares the work), whose link works.
    await eventually(async () => expect((await call(t, 'GET', `/api/admin/student-imports/${id}`, admin.token)).json().emails).toEqual({ done: 5, total: 5 }));
    for (const email of emails) {
      const mails = smtp.mails.filter((m) => m.to.includes(email)).map((m) => /#jeton=([A-Za-z0-9_-]+)/.exec(readMail(m).text)![1]);
      expect(mails).toHaveLength(1);
      expect((await call(t, 'POST', '/api/activation/lookup', undefined, { token: mails[0] })).statusCode).toBe(200);
    }
  });

  it('enrolments that keep failing fail the import after the retries: no e-mail, the accounts withdrawn, the file importable again', async () => {
    const hooks = t.app.get(StudentImportRunner).testHooks;
    const course = await givenCourse(t);
    const constraint = `test_refuse_${tag()}`;
    // A real failure of step 2 on every try: the database refuses this course's enrolments once the accounts exist.
    hooks.betweenSteps = async () => {
      hooks.betweenSteps = null;
      await db.query(`alter table enrolment.student_course add constraint ${constraint} check (course_id <> ${course.courseId}) not valid`);
    };
    const x = tag();
    const emails = [`anne.${x}@exemple.fr`, `bruno.${x}@exemple.fr`];
    const csv = `${HEADER}\nAnne;Durand;${emails[0]};;D-${x}-1;;;${course.courseId};;\nBruno;Petit;${emails[1]};;D-${x}-2;;;${course.courseId};;\nAwa;Diallo;;;;;;${course.courseId};;`;
    try {
      const { id } = await importedAndDone(csv);
      const status = (await call(t, 'GET', `/api/admin/student-imports/${id}`, admin.token)).json();
      expect(status).toMatchObject({ status: 'failed', failure: enrolmentsFailed(3), links_pending: 0, emails: null });
      expect(status.failure).toBe(
        'Les inscriptions aux formations n’ont pas pu être enregistrées : l’import est annulé. Les 3 comptes préparés ont été retirés sans qu’aucun e-mail ne parte. ' +
          'Vérifiez que les formations et sessions du fichier existent toujours, puis importez-le de nouveau.',
      );
      // Failed on the queue's last try, not the first (« échoué » is recorded first, then the learners are withdrawn).
      await eventually(async () => expect((await call(t, 'GET', `/api/admin/jobs/${status.job_id}`, admin.token)).json()).toMatchObject({ state: 'completed', attempts: 4 }));
      // No activation e-mail was ever queued nor sent.
      expect(await db.query(`select 1 from jobs.job where name = 'identity.activation-mails' and data->>'importId' = $1`, [id])).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(smtp.mails.filter((m) => emails.some((e) => m.to.includes(e)))).toEqual([]);
      // The accounts step 1 made are closed and erased (the events say so), their e-mails free; the import failed.
      const created = await db.query<{ account_id: number }>(`select (payload->>'accountId')::int as account_id from eventlog.event where event_type = 'StudentCreated' and payload->>'importId' = $1`, [id]);
      expect(created).toHaveLength(3);
      const accounts = created.map((c) => c.account_id);
      const closed = await db.query<{ payload: { reasons: string[] } }>(`select payload from eventlog.event where event_type = 'AccountClosed' and (payload->>'accountId')::int = any($1)`, [accounts]);
      expect(closed.map((e) => e.payload.reasons)).toEqual([['import-echoue'], ['import-echoue'], ['import-echoue']]);
      expect(await db.query(`select 1 from eventlog.event where event_type = 'PersonalDataErased' and (payload->>'accountId')::int = any($1)`, [accounts])).toHaveLength(3);
      expect(await db.query(`select 1 from identity.account where id = any($1) and closed_at is not null and erased_at is not null`, [accounts])).toHaveLength(3);
      expect(await studentsWithEmail(emails)).toBe(0);
      expect(await db.query(`select 1 from enrolment.student_course where course_id = $1`, [course.courseId])).toEqual([]);
      expect(await db.query(`select 1 from eventlog.event where event_type in ('StudentImportFailed', 'StudentImportCompleted') and stream_id = $1`, [id])).toHaveLength(1);
    } finally {
      await db.query(`alter table enrolment.student_course drop constraint if exists ${constraint}`);
    }
    // The same file, corrected nothing but the cause, imports: e-mails and case numbers were freed.
    expect((await preview(csv)).json()).toMatchObject({ importable: true, rows_with_problems: 0 });
    const again = await importedAndDone(csv);
    expect((await call(t, 'GET', `/api/admin/student-imports/${again.id}`, admin.token)).json()).toMatchObject({ status: 'imported' });
    await eventually(async () => expect(smtp.mails.filter((m) => emails.some((e) => m.to.includes(e)))).toHaveLength(2));
  });

  it('an e-mail taken between the check and the run fails the import with nothing written', async () => {
    const hooks = t.app.get(StudentImportRunner).testHooks;
    const x = tag();
    hooks.beforeAccounts = async () => {
      hooks.beforeAccounts = null;
      await givenStudent(t, { email: `bruno.${x}@exemple.fr` });
    };
    const csv = `${HEADER}\nAnne;Durand;anne.${x}@exemple.fr\nBruno;Petit;bruno.${x}@exemple.fr`;
    const { id } = await importedAndDone(csv);
    const status = (await call(t, 'GET', `/api/admin/student-imports/${id}`, admin.token)).json();
    expect(status).toMatchObject({ status: 'failed', failure: 'Cette adresse e-mail est déjà utilisée par un autre compte.', links_pending: 0 });
    expect(await studentsWithEmail([`anne.${x}@exemple.fr`])).toBe(0);
    expect(await db.query(`select 1 from eventlog.event where event_type = 'StudentCreated' and payload->>'importId' = $1`, [id])).toHaveLength(0);
    expect(await db.query(`select 1 from eventlog.event where event_type = 'StudentImportFailed' and stream_id = $1`, [id])).toHaveLength(1);
    expect(await db.one(`select rows from enrolment.student_import where id = $1`, [id])).toEqual({ rows: null });
  });
});

describe('10,000 rows', () => {
  it('are imported on the queue with progress, every learner enrolled; the time and memory are printed', async () => {
    const course = await givenCourse(t);
    const x = tag();
    const lines = Array.from({ length: Number(process.env.IMPORT_ROWS ?? 10_000) }, (_, i) => `Prénom${i};Nom${i};m${i}.${x}@exemple.fr;;D${x}-${i};CPF;Distanciel;${course.courseId};15/01/2027;15/06/2027`);
    // What the import keeps alive, sampled after a full collection, and the process's RSS with
    // collections that frequent: left to itself V8 grows the heap rather than collect, more the
    // longer the worker has run (RSS +188 MB alone, +290 MB after the whole API suite in one Jest
    // worker, for the same import), which measured the collector's laziness, not the import.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      const now = process.memoryUsage();
      return now.heapUsed + now.external;
    };
    const started = process.hrtime.bigint();
    const memory = process.memoryUsage();
    const liveBefore = live();
    let [peak, livePeak] = [memory.rss, liveBefore];
    const sampler = setInterval(() => {
      [peak, livePeak] = [Math.max(peak, process.memoryUsage().rss), Math.max(livePeak, live())];
    }, 250);
    const response = await call(t, 'POST', '/api/admin/student-imports', admin.token, form(`${HEADER}\n${lines.join('\n')}`, 'etudiants.csv', { request_key: randomUUID() }));
    expect(response.statusCode).toBe(201);
    const id = response.json().id as string;
    const seen: number[] = [];
    await eventually(async () => {
      const state = (await call(t, 'GET', `/api/admin/student-imports/${id}`, admin.token)).json();
      if (state.progress) seen.push(state.progress.done);
      expect(state.status).toBe('imported');
    }, 290_000).finally(() => clearInterval(sampler));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const liveGrowth = Math.round((livePeak - liveBefore) / 2 ** 20);
    console.log(`Import de 10 000 lignes : ${seconds.toFixed(1)} s (vérification et file comprises), mémoire vivante +${liveGrowth} Mo au plus, RSS +${Math.round((peak - memory.rss) / 2 ** 20)} Mo au plus`);
    expect(seen.some((done) => done > 0 && done < 30_000)).toBe(true);
    // Issue 29 item 3: memory +256 MB at most (ADR 0052 amendment 3): what the import holds, tas and buffers.
    expect(liveGrowth).toBeLessThanOrEqual(256);
    expect(Math.round((peak - memory.rss) / 2 ** 20)).toBeLessThanOrEqual(256);
    const enrolled = await db.one<{ n: string }>('select count(*) as n from enrolment.course_enrolment where course_id = $1', [course.courseId]);
    expect(Number(enrolled!.n)).toBe(lines.length);
  }, 300_000);

  it('join one session together beyond what one append of the log takes (1,200 learners: SessionLearnerAdded in slices)', async () => {
    const course = await givenCourse(t);
    const session = await call(t, 'POST', '/api/admin/sessions/', admin.token, { course: course.courseId, name: `Promotion ${tag()}`, start_date: '2027-01-11', end_date: '2027-06-30' });
    const sessionId = session.json().id as number;
    const x = tag();
    const lines = Array.from({ length: 1_200 }, (_, i) => `Prénom${i};Nom${i};s${i}.${x}@exemple.fr;;;CPF;Distanciel;;${sessionId};11/01/2027;30/06/2027`);
    const { id } = await importedAndDone(`${HEADER.replace("Formation(s);", 'Formation(s);Session;')}\n${lines.join('\n')}`);
    expect((await call(t, 'GET', `/api/admin/student-imports/${id}`, admin.token)).json()).toMatchObject({ status: 'imported', failure: null });
    const members = await db.one<{ n: string }>(`select count(*) as n from enrolment.session_member where session_id = $1 and role = 'learner' and left_at is null`, [sessionId]);
    expect(Number(members!.n)).toBe(1_200);
    const events = await db.one<{ n: string; last: number }>(`select count(*) as n, max(stream_version) as last from eventlog.event where event_type = 'SessionLearnerAdded' and stream_id = $1`, [String(sessionId)]);
    expect({ n: Number(events!.n), last: events!.last }).toEqual({ n: 1_200, last: 1_201 });
  }, 120_000);

  it('are previewed whole: a duplicate near the end is found, and the time is printed', async () => {
    const x = tag();
    const lines = Array.from({ length: 10_000 }, (_, i) => `Prénom${i};Nom${i};p${i}.${x}@exemple.fr;06 00 00 ${String(i).padStart(4, '0')};D${x}-${i};CPF;Distanciel;;15/01/2027;15/06/2027`);
    lines[8_999] = `Prénom8999;Nom8999;p17.${x}@exemple.fr;;;;;;15/06/2027;15/01/2027`;
    const started = process.hrtime.bigint();
    const memory = process.memoryUsage().rss;
    const response = await preview(`${HEADER}\n${lines.join('\n')}`);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(`Aperçu de 10 000 lignes : ${seconds.toFixed(2)} s, RSS +${Math.round((process.memoryUsage().rss - memory) / 2 ** 20)} Mo`);
    expect(response.json()).toMatchObject({ total: 10_000, importable: false, rows_with_problems: 2 });
    const faulty = response.json().rows.filter((r: { problems: string[] }) => r.problems.length > 0);
    expect(faulty.map((r: { line: number; problems: string[] }) => [r.line, r.problems])).toEqual([
      [19, [`L’adresse e-mail « p17.${x}@exemple.fr » figure aussi à la ligne 9001.`]],
      [9001, ["La date de sortie précède la date d'entrée.", `L’adresse e-mail « p17.${x}@exemple.fr » figure aussi à la ligne 19.`]],
    ]);
  }, 120_000);
});

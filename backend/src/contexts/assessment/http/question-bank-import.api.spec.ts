// What the review of issue 28 item 2 found missing (ADR 0045 « What is left »), against the real
// app and PostgreSQL: importing a file of questions into the bank (preview, all-or-nothing, the
// template), copying a quiz question into the bank, request keys on bank questions and improvement
// actions (ADR 0022), and QuestionAnswered naming the bank question drawn.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

const HEADER = 'Catégorie;Type;Question;Réponse 1;Réponse 2;Réponse 3;Réponse 4;Bonne(s) réponse(s);Explication;Étiquettes';
const GOOD = [
  'Excel;choix unique;Quelle fonction additionne ?;SOMME;MOYENNE;NB;MAX;SOMME;Elle additionne.;formules',
  'Excel;choix multiples;Lesquelles cherchent ?;RECHERCHEV;SOMME;RECHERCHEX;ARRONDI;RECHERCHEV | RECHERCHEX;;recherche, formules',
  'Excel;vrai-faux;Un classeur a plusieurs feuilles.;;;;;Vrai;;',
];

const csv = (lines: string[], bom = false) => Buffer.from(`${bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`, 'utf8');
const form = (bytes: Buffer, name = 'questions.csv') => {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)]), name);
  return data;
};
const preview = (who: { token: string }, bytes: Buffer, name?: string) => call(t, 'POST', '/api/question-bank-import/preview', who.token, form(bytes, name));
const importFile = (who: { token: string }, bytes: Buffer, name?: string, key?: string) => {
  const data = form(bytes, name);
  if (key) data.append('request_key', key);
  return call(t, 'POST', '/api/question-bank-import', who.token, data);
};
const bankOf = async (teacher: GivenTeacher) => (await call(t, 'GET', '/api/question-bank', teacher.token)).json() as { id: number; questions: string; kind: string; right_answers: number[]; tags: string[]; category: string }[];
const events = (type: string, teacherId: number) =>
  db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = $1 and (payload->>'teacherId')::int = $2 order by position`, [type, teacherId]);

describe('importing questions into the bank', () => {
  it('previews every row with its problems, writes nothing, then imports all rows once fixed (one event each, owned by the trainer)', async () => {
    const teacher = await givenTeacher(t);
    const broken = csv([
      HEADER,
      ...GOOD,
      'Excel;choix ouvert;Question ?;a;b;c;d;a;;',
      'Excel;choix unique;Quelle touche ?;Entrée;Échap;Tab;Suppr;Espace;;',
      'Excel;choix unique;;A;B;C;D;A;;',
      ';vrai-faux;Sans catégorie.;;;;;Peut-être;;',
    ]);
    const seen = await preview(teacher, broken);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ total: 7, valid: 3 });
    const problems = Object.fromEntries((seen.json().rows as { line: number; problems: string[] }[]).map((r) => [r.line, r.problems]));
    expect(problems[2]).toEqual([]);
    expect(problems[5]).toEqual(['Type inconnu : « choix ouvert » (choix unique, choix multiples ou vrai-faux).']);
    expect(problems[6]).toEqual(['La bonne réponse « Espace » n’est pas parmi les réponses.']);
    expect(problems[7]).toEqual(['La question est obligatoire.']);
    expect(problems[8]).toEqual(['La catégorie est obligatoire.', 'Pour une question vrai/faux, la bonne réponse est « Vrai » ou « Faux ».']);
    const refused = await importFile(teacher, broken);
    expect([refused.statusCode, refused.json().message]).toEqual([400, '4 lignes ont des erreurs (lignes 5, 6, 7, 8) : corrigez le fichier, rien n’a été importé.']);
    expect(await bankOf(teacher)).toEqual([]);

    const key = randomUUID();
    const done = await importFile(teacher, csv([HEADER, ...GOOD], true), undefined, key);
    expect([done.statusCode, done.json()]).toEqual([201, { created: 3 }]);
    // Sent again with its key (a retry after a lost answer): its outcome, nothing added; another trainer's reuse is refused.
    expect((await importFile(teacher, csv([HEADER, ...GOOD], true), undefined, key)).json()).toEqual({ created: 3 });
    const stolen = await importFile(await givenTeacher(t), csv([HEADER, ...GOOD]), undefined, key);
    expect([stolen.statusCode, stolen.json().message]).toEqual([409, 'Cette demande a déjà été envoyée par quelqu’un d’autre : rechargez la page et recommencez.']);
    const bank = await bankOf(teacher);
    expect(bank.map((q) => [q.kind, q.right_answers, q.category]).sort()).toEqual([
      ['multiple', [1, 3], 'Excel'], ['single', [1], 'Excel'], ['true-false', [1], 'Excel'],
    ]);
    expect(bank.find((q) => q.kind === 'multiple')!.tags).toEqual(['recherche', 'formules']);
    const written = await events('BankQuestionWritten', teacher.teacherId);
    expect(written).toHaveLength(3);
    expect(written.every((e) => e.payload.origin === 'import')).toBe(true);
  });

  it('reads a comma-separated CSV with « Réponses » in one column, numbers for right answers and neutralised cells', async () => {
    const teacher = await givenTeacher(t);
    const file = csv([
      'Categorie,Type,Question,Réponses,Bonnes réponses',
      `Tableur,choix unique,"'=1+1, combien ?",'=2 | 3 | 4 | 5,1`,
      'Tableur,choix multiples,"Des nombres pairs ?",2 | 3 | 4 | 5,1|3',
    ]);
    const seen = (await preview(teacher, file)).json();
    expect(seen).toMatchObject({ total: 2, valid: 2 });
    expect((await importFile(teacher, file)).json()).toEqual({ created: 2 });
    const bank = await bankOf(teacher);
    expect(bank.map((q) => q.questions).sort()).toEqual(['=1+1, combien ?', 'Des nombres pairs ?']);
  });

  it('reads an .xlsx workbook, and the template it offers imports as is', async () => {
    const teacher = await givenTeacher(t);
    const template = await call(t, 'GET', '/api/question-bank-import/template', teacher.token);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const bytes = template.rawPayload;
    expect((await preview(teacher, bytes, 'modele.xlsx')).json()).toMatchObject({ total: 3, valid: 3 });
    expect((await importFile(teacher, bytes, 'modele.xlsx')).json()).toEqual({ created: 3 });
    // A workbook with an error in a cell is previewed as a CSV is.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Q');
    sheet.addRow(HEADER.split(';'));
    sheet.addRow(['Word', 'choix unique', 'Raccourci pour copier ?', 'Ctrl+C', 'Ctrl+V', 'Ctrl+X', 'Ctrl+Z', 'Ctrl+Y', '', '']);
    const broken = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await preview(teacher, broken, 'q.xlsx')).json().rows[0].problems).toEqual(['La bonne réponse « Ctrl+Y » n’est pas parmi les réponses.']);
  });

  it('refuses broken files in French: wrong columns, no file, not UTF-8, 2,000 rows; and any non-trainer', async () => {
    const teacher = await givenTeacher(t);
    const unknown = await preview(teacher, csv(['Catégorie;Type;Question;Réponse 1;Réponse 2;Réponse 3;Réponse 4;Bonne réponse;Note', ...GOOD]));
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Colonne inconnue : « Note » (colonne 9). Partez du modèle d’import.']);
    const missing = await preview(teacher, csv(['Catégorie;Question;Réponse 1', 'Excel;Q;A']));
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Colonnes manquantes : « Type », « Bonne(s) réponse(s) », « Réponse 1 à Réponse 4 (ou Réponses) ».']);
    const latin1 = await preview(teacher, Buffer.from(`${HEADER}\nExcel;vrai-faux;Un classeur a plusieurs feuilles;;;;;Vrai;;\n`, 'latin1'));
    expect([latin1.statusCode, latin1.json().message]).toEqual([400, 'Le fichier n’est ni un classeur .xlsx ni un CSV en UTF-8 : enregistrez-le en « CSV UTF-8 » ou en .xlsx.']);
    const empty = await preview(teacher, csv([HEADER]));
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Le fichier ne contient aucune question.']);
    const none = await call(t, 'POST', '/api/question-bank-import', teacher.token, { file: 'questions.csv' });
    expect([none.statusCode, none.json().message]).toEqual([400, 'Choisissez le fichier à importer (.xlsx ou .csv).']);
    const many = csv([HEADER, ...Array.from({ length: 2000 }, (_, i) => `Excel;vrai-faux;Affirmation ${i + 1};;;;;Vrai;;`)]);
    const tooMany = await importFile(teacher, many);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, 'Le fichier contient 2000 questions : 1 000 au plus par import. Découpez-le en plusieurs fichiers.']);
    const tooBig = await importFile(teacher, Buffer.concat([csv([HEADER]), Buffer.alloc(2 * 1024 * 1024, 'a')]));
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([400, 'Le fichier dépasse 2 Mo : découpez-le en plusieurs imports.']);
    expect(await bankOf(teacher)).toEqual([]);

    const student = await givenStudent(t);
    const admin = await givenAdmin(t);
    expect((await importFile(student, csv([HEADER, ...GOOD]))).statusCode).toBe(403);
    const byAdmin = await importFile(admin, csv([HEADER, ...GOOD]));
    expect(byAdmin.statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/question-bank-import/template', student.token)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/question-bank-import/preview', undefined, form(csv([HEADER, ...GOOD])))).statusCode).toBe(401);
  });
});

describe('copying a quiz question into the bank', () => {
  it('makes a bank question of the quiz’s trainer with its text, answers, type and explanation; refused to another trainer', async () => {
    const teacher = await givenTeacher(t);
    const quiz = (await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Bureautique', detail: '' })).json();
    const added = await call(t, 'POST', `/api/quiz-questions/${quiz.id}`, teacher.token, {
      kind: 'multiple', questions: 'Lesquels sont des tableurs ?', ans1: 'Excel', ans2: 'Word', ans3: 'Calc', ans4: 'Impress', right_answers: [1, 3], explanation: 'Excel et Calc.',
    });
    const questionId = added.json().id as number;
    const key = randomUUID();
    const copy = await call(t, 'POST', `/api/quiz-questions/${questionId}/copy-to-bank`, teacher.token, { category: 'Tableurs', tags: ['bases'], request_key: key });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      teacher: teacher.teacherId, category: 'Tableurs', tags: ['bases'], kind: 'multiple', questions: 'Lesquels sont des tableurs ?',
      ans1: 'Excel', ans2: 'Word', ans3: 'Calc', ans4: 'Impress', right_answers: [1, 3], explanation: 'Excel et Calc.', revision: 1,
    });
    const again = await call(t, 'POST', `/api/quiz-questions/${questionId}/copy-to-bank`, teacher.token, { category: 'Tableurs', request_key: key });
    expect(again.json().id).toBe(copy.json().id);
    const written = await events('BankQuestionWritten', teacher.teacherId);
    expect(written.map((e) => e.payload)).toEqual([expect.objectContaining({ origin: 'quiz', copiedFrom: { quizId: quiz.id, questionId } })]);

    const other = await givenTeacher(t);
    const stranger = await call(t, 'POST', `/api/quiz-questions/${questionId}/copy-to-bank`, other.token, { category: 'Tableurs' });
    expect([stranger.statusCode, stranger.json().message]).toEqual([403, "Ce quiz n'est pas le vôtre."]);
    const noCategory = await call(t, 'POST', `/api/quiz-questions/${questionId}/copy-to-bank`, teacher.token, { category: ' ' });
    expect(noCategory.statusCode).toBe(400);
    const unknownQuestion = await call(t, 'POST', '/api/quiz-questions/999999/copy-to-bank', teacher.token, { category: 'Tableurs' });
    expect(unknownQuestion.statusCode).toBe(404);
    const student = await givenStudent(t);
    expect((await call(t, 'POST', `/api/quiz-questions/${questionId}/copy-to-bank`, student.token, { category: 'Tableurs' })).statusCode).toBe(403);
    // An admin copies for the quiz's trainer: into the trainer's bank.
    const admin = await givenAdmin(t);
    const byAdmin = await call(t, 'POST', `/api/quiz-questions/${questionId}/copy-to-bank`, admin.token, { category: 'Tableurs' });
    expect([byAdmin.statusCode, byAdmin.json().teacher]).toEqual([201, teacher.teacherId]);
  });
});

describe('creations answer their first outcome on retry (ADR 0022)', () => {
  const TF = { kind: 'true-false', questions: 'Ctrl+Z annule.', right_ans: 'Vrai', category: 'Raccourcis' };

  it('a bank question sent twice (one after the other, or at once) is written once; another trainer’s reuse of the key is refused', async () => {
    const teacher = await givenTeacher(t);
    const key = randomUUID();
    const answers = await Promise.all([1, 2].map(() => call(t, 'POST', '/api/question-bank', teacher.token, { ...TF, request_key: key })));
    const again = await call(t, 'POST', '/api/question-bank', teacher.token, { ...TF, request_key: key });
    expect([...answers, again].map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set([...answers, again].map((a) => a.json().id)).size).toBe(1);
    expect(await events('BankQuestionWritten', teacher.teacherId)).toHaveLength(1);
    const other = await givenTeacher(t);
    const stolen = await call(t, 'POST', '/api/question-bank', other.token, { ...TF, questions: 'Autre', request_key: key });
    expect([stolen.statusCode, stolen.json().message]).toEqual([409, 'Cette demande a déjà été envoyée par quelqu’un d’autre : rechargez la page et recommencez.']);
    const bad = await call(t, 'POST', '/api/question-bank', teacher.token, { ...TF, request_key: 'pas-une-clé' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'La clé de la demande doit être un UUID.']);
  });

  it('an improvement action opened twice is opened once; another admin’s reuse of the key is refused', async () => {
    const admin = await givenAdmin(t);
    const key = randomUUID();
    const body = { source: 'audit', description: 'Relire les supports du module 2', request_key: key };
    const answers = await Promise.all([1, 2].map(() => call(t, 'POST', '/api/admin/improvement-actions', admin.token, body)));
    const again = await call(t, 'POST', '/api/admin/improvement-actions', admin.token, body);
    expect([...answers, again].map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set([...answers, again].map((a) => a.json().id));
    expect(ids.size).toBe(1);
    const opened = await db.query(`select 1 from eventlog.event where event_type = 'ImprovementActionOpened' and (payload->>'actionId')::int = $1`, [[...ids][0]]);
    expect(opened).toHaveLength(1);
    const other = await givenAdmin(t);
    const stolen = await call(t, 'POST', '/api/admin/improvement-actions', other.token, body);
    expect([stolen.statusCode, stolen.json().message]).toEqual([409, 'Cette demande a déjà été envoyée par quelqu’un d’autre : rechargez la page et recommencez.']);
  });
});

describe('QuestionAnswered says where a drawn question came from', () => {
  it('names the bank question, its revision and hash, as QuizAttemptStarted records them', async () => {
    const teacher = await givenTeacher(t);
    const student = await givenStudent(t);
    const written = await call(t, 'POST', '/api/question-bank', teacher.token, { kind: 'true-false', questions: 'Ctrl+S enregistre.', right_ans: 'Vrai', category: 'Tirage' });
    const bankId = written.json().id as number;
    const quiz = (await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Tiré', detail: '', draw_category: 'Tirage', draw_count: 1 })).json();
    const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Évaluer', contentType: 'quiz', duration: 0, quizId: quiz.id }] });
    await givenEnrolled(t, student, course);
    const served = (await call(t, 'GET', `/api/quiz-questions/${quiz.id}/1`, student.token)).json();
    expect(served[0].id).toBe(bankId);
    const answered = await call(t, 'POST', '/api/attempt-quiz/', student.token, { student: student.studentId, quiz: quiz.id, question: bankId, choices: [1] });
    expect(answered.statusCode).toBe(201);
    const [started] = await db.query<{ payload: { questions: { questionId: number; version: number; hash: string }[] } }>(
      `select payload from eventlog.event where event_type = 'QuizAttemptStarted' and (payload->>'quizId')::int = $1`, [quiz.id]);
    const [event] = await db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = 'QuestionAnswered' and (payload->>'quizId')::int = $1`, [quiz.id]);
    expect(event!.payload).toMatchObject({ questionId: bankId, source: 'bank', version: started!.payload.questions[0]!.version, hash: started!.payload.questions[0]!.hash });
  });
});

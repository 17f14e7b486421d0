// Every test arranges its own accounts (platform/testing/fixtures.ts): a test that edits, suspends or
// logs out an account edits its own, so the tests pass in any order or alone.
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenStudent, givenTeacher, login, uniqueKey, type GivenStudent } from '../../../testing/fixtures.js';
import { PNG } from '../../../platform/testing/images.js';
import { startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  Object.entries(fields).forEach(([k, v]) => data.append(k, v));
  return data;
};
const record = (student: Pick<GivenStudent, 'studentId'>, token?: string) => call(t, 'GET', `/api/student/${student.studentId}/`, token);
const refresh = (token: string) => call(t, 'POST', '/api/token/refresh/', undefined, { refresh: token });

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('POST /student-login-jwt/', () => {
  it('answers the spec fields on success', async () => {
    const student = await givenStudent(t);
    const response = await login(t, 'student', `${student.email.toUpperCase()} `, student.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'bool', 'error', 'refresh', 'student_id', 'username']);
    expect(body).toMatchObject({ bool: true, student_id: student.studentId, username: student.username, error: null });
    expect(body.access.split('.')).toHaveLength(3);
  });

  it("answers bool false and 'Identifiants incorrects.' on a wrong password", async () => {
    const student = await givenStudent(t);
    const body = (await login(t, 'student', student.email, 'mauvais-mot-de-passe')).json();
    expect(body).toMatchObject({ bool: false, error: 'Identifiants incorrects.', access: null });
  });

  it('refuses a trainer on the student login', async () => {
    const teacher = await givenTeacher(t);
    expect((await login(t, 'student', teacher.email, teacher.password)).json().bool).toBe(false);
  });

  it('refuses an invalid e-mail with a French 400', async () => {
    const response = await login(t, 'student', 'pas-un-email', 'x');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.email).toEqual(["L'adresse e-mail n'est pas valide."]);
  });
});

describe('POST /formateur/token/ and /admin/token/', () => {
  it('answers the trainer fields', async () => {
    const teacher = await givenTeacher(t);
    const body = (await login(t, 'teacher', teacher.email, teacher.password)).json();
    expect(Object.keys(body).sort()).toEqual(['access', 'bool', 'error', 'formateur_id', 'refresh', 'username']);
    expect(body).toMatchObject({ bool: true, formateur_id: teacher.teacherId, username: teacher.username });
  });

  it('answers the admin fields, and 401 on a wrong password', async () => {
    const admin = await givenAdmin(t);
    const ok = await login(t, 'admin', admin.email, admin.password);
    expect(Object.keys(ok.json()).sort()).toEqual(['access', 'admin_id', 'refresh', 'username']);
    const wrong = await login(t, 'admin', admin.email, 'nope-nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Identifiants incorrects.');
  });
});

describe('login throttling', () => {
  it('answers 429 after five failures on one account, even with the right password', async () => {
    const target = await givenStudent(t);
    for (let i = 0; i < 5; i++) expect((await login(t, 'student', target.email, `faux-${i}-xxxxxxxx`)).statusCode).toBe(200);
    const blocked = await login(t, 'student', target.email, target.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Trop de tentatives');
  });
});

describe('login throttling under a burst', () => {
  it('lets at most five of ten simultaneous guesses reach the password check', async () => {
    const target = await givenStudent(t);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(t, 'student', target.email, `essai-${i}-xxxxxxxx`)));
    const checked = answers.filter((a) => a.statusCode === 200);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(5);
  });
});

describe('GET/PUT /student/{id}/', () => {
  it('gives a student their own record without the password', async () => {
    const alice = await givenStudent(t, { fullname: 'Alice Aubert', interests: 'Excel' });
    const response = await record(alice, alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: alice.studentId, fullname: 'Alice Aubert', email: alice.email, username: alice.username, interseted_categories: 'Excel',
      profile_img: null, is_active: true, formation_title: null,
    });
  });

  it("refuses another student's record with 403, on read, update and password change", async () => {
    const [alice, bruno] = await Promise.all([givenStudent(t), givenStudent(t)]);
    expect((await record(bruno, alice.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/student/${bruno.studentId}`, alice.token)).statusCode).toBe(403);
    const profile = form({ fullname: 'Pirate', email: bruno.email, username: bruno.username, interseted_categories: '' });
    expect((await call(t, 'PUT', `/api/student/${bruno.studentId}/`, alice.token, profile)).statusCode).toBe(403);
    const password = form({ password: 'nouveau-mot-de-passe' });
    expect((await call(t, 'POST', `/api/student/change-password/${bruno.studentId}/`, alice.token, password)).statusCode).toBe(403);
    expect((await login(t, 'student', bruno.email, bruno.password)).json().bool).toBe(true);
    expect((await record(bruno, bruno.token)).json().fullname).toBe(bruno.fullname);
  });

  it('refuses a visitor with 401 and a trainer with 403', async () => {
    const [alice, trainer] = await Promise.all([givenStudent(t), givenTeacher(t)]);
    expect((await record(alice)).statusCode).toBe(401);
    expect((await record(alice, trainer.token)).statusCode).toBe(403);
  });

  it('lets an admin read any student', async () => {
    const [admin, bruno] = await Promise.all([givenAdmin(t), givenStudent(t)]);
    expect((await record(bruno, admin.token)).json().username).toBe(bruno.username);
  });

  it('updates the profile from multipart with a photo checked by content', async () => {
    const alice = await givenStudent(t, { fullname: 'Alice Aubert', interests: 'Excel' });
    const profile = form({ fullname: 'Alice Aubert-Martin', email: alice.email, username: alice.username, interseted_categories: 'Excel, Word' });
    profile.append('profile_img', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    const response = await call(t, 'PUT', `/api/student/${alice.studentId}/`, alice.token, profile);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullname: 'Alice Aubert-Martin', interseted_categories: 'Excel, Word' });
    const image = await call(t, 'GET', response.json().profile_img);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a disguised file and changes nothing', async () => {
    const alice = await givenStudent(t, { fullname: 'Alice Aubert' });
    const profile = form({ fullname: 'Changé', email: alice.email, username: alice.username });
    profile.append('profile_img', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'photo.png');
    const response = await call(t, 'PUT', `/api/student/${alice.studentId}/`, alice.token, profile);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.profile_img[0]).toContain('JPG, PNG, GIF ou WEBP');
    expect((await record(alice, alice.token)).json()).toMatchObject({ fullname: 'Alice Aubert', profile_img: null });
  });

  it("refuses taking another account's e-mail", async () => {
    const [alice, bruno] = await Promise.all([givenStudent(t), givenStudent(t)]);
    const response = await call(t, 'PUT', `/api/student/${alice.studentId}/`, alice.token, { fullname: 'Alice', email: bruno.email.toUpperCase(), username: alice.username });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors.email).toEqual(['Cette adresse e-mail est déjà utilisée par un autre compte.']);
  });
});

describe('POST /student/ (registration)', () => {
  const register = (fields: Record<string, string>) => call(t, 'POST', '/api/student/', undefined, form(fields));
  /** A valid registration no other test uses. */
  const valid = () => {
    const username = uniqueKey('zoe');
    return { fullname: 'Zoé Zidane', email: `${username}@test.fr`, username, password: 'douze-caracteres', interseted_categories: 'Web' };
  };

  it('creates a student who can then log in', async () => {
    const fields = valid();
    const response = await register(fields);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ fullname: 'Zoé Zidane', username: fields.username, is_active: true });
    expect((await login(t, 'student', fields.email, 'douze-caracteres')).json().bool).toBe(true);
  });

  it('refuses a password under 12 characters', async () => {
    const response = await register({ ...valid(), password: 'onze-caract' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.password).toEqual(['Le mot de passe doit contenir au moins 12 caractères.']);
  });

  it('refuses a duplicate e-mail or username, whatever the case', async () => {
    const existing = await givenStudent(t);
    const email = await register({ ...valid(), email: existing.email.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Cette adresse e-mail est déjà utilisée par un autre compte.');
    const username = await register({ ...valid(), username: existing.username.toUpperCase() });
    expect(username.statusCode).toBe(409);
    expect(username.json().errors.username).toEqual(["Ce nom d'utilisateur est déjà pris."]);
  });

  it('lists every missing field in French', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'fullname', 'password', 'username']);
  });
});

describe('trainer registration and profile', () => {
  // The e-mails here are this describe's own: no fixture account derives a username from them.
  it('registers a trainer with a username derived from the e-mail', async () => {
    const fields = form({ full_name: 'Marc Moulin', email: 'marc.moulin@test.fr', password: 'motdepasse-marc', skills: 'SQL,  Python ,', web_url: 'https://marc.example.fr' });
    const response = await call(t, 'POST', '/api/formateur-register/', undefined, fields);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: 'marc.moulin', skills: 'SQL, Python', skill_list: ['SQL', 'Python'] });
  });

  it('derives a free, clean username when the form gives none', async () => {
    const register = (email: string) => call(t, 'POST', '/api/formateur-register/', undefined, { full_name: 'Jean Dupont', email, password: 'motdepasse-jean' });
    expect((await register('jean.dupont@a.fr')).json().username).toBe('jean.dupont');
    expect((await register('jean.dupont@b.fr')).json().username).toBe('jean.dupont-2');
    expect((await register("o'brien@c.fr")).json().username).toBe('obrien');
  });

  it('refuses a social link that is not a web address', async () => {
    const response = await call(t, 'POST', '/api/formateur-register/', undefined, { full_name: 'X', email: 'x@test.fr', password: 'motdepasse-xxxx', face_url: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.face_url[0]).toContain('adresse web complète');
  });

  it('shows the public profile to visitors without the phone number, and with it to the trainer', async () => {
    const teacher = await givenTeacher(t, { fullName: 'Paula Prof', qualification: 'Master', mobileNo: '0601020304', skills: 'Excel, Word' });
    const publicView = (await call(t, 'GET', `/api/teacher/${teacher.teacherId}`)).json();
    expect(publicView).toMatchObject({ full_name: 'Paula Prof', skill_list: ['Excel', 'Word'] });
    expect(publicView.mobile_no).toBeUndefined();
    expect((await call(t, 'GET', `/api/teacher/${teacher.teacherId}/`, teacher.token)).json().mobile_no).toBe('0601020304');
  });

  it('answers 401 to an invalid bearer token even on a public call, so that the client refreshes it', async () => {
    const teacher = await givenTeacher(t);
    expect((await call(t, 'GET', `/api/teacher/${teacher.teacherId}/`, 'perime.ou.faux')).statusCode).toBe(401);
  });

  it('empties the optional fields of a trainer’s profile sent null, and refuses null on the name or the e-mail in French (issue 22)', async () => {
    const teacher = await givenTeacher(t);
    const url = `/api/teacher/${teacher.teacherId}/`;
    const base = { full_name: 'Paula Prof', email: teacher.email };
    expect((await call(t, 'PUT', url, teacher.token, { ...base, mobile_no: '0601020304', skills: 'Excel', web_url: 'https://exemple.fr' })).statusCode).toBe(200);
    const cleared = await call(t, 'PUT', url, teacher.token, { ...base, mobile_no: null, skills: null, web_url: null, detail: null, profile_img: null });
    expect(cleared.statusCode).toBe(200);
    const read = (await call(t, 'GET', url, teacher.token)).json();
    expect(read).toMatchObject({ full_name: 'Paula Prof', mobile_no: '', skills: '', web_url: '' });
    for (const field of ['full_name', 'email']) {
      const refused = await call(t, 'PUT', url, teacher.token, { ...base, [field]: null, skills: 'Word' });
      expect([field, refused.statusCode, refused.json().message]).toEqual([field, 400, `Le champ « ${field} » est obligatoire.`]);
    }
    expect((await call(t, 'GET', url, teacher.token)).json()).toEqual(read);
  });

  it("refuses a student updating a trainer's profile", async () => {
    const [student, teacher] = await Promise.all([givenStudent(t), givenTeacher(t)]);
    const response = await call(t, 'PUT', `/api/teacher/${teacher.teacherId}/`, student.token, { full_name: 'Pirate', email: teacher.email });
    expect(response.statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/teacher/${teacher.teacherId}`)).json().full_name).toBe(teacher.details.fullName);
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates the refresh token on every use', async () => {
    const student = await givenStudent(t);
    const response = await refresh(student.refresh);
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.refresh).not.toEqual(student.refresh);
    expect((await record(student, second.access)).statusCode).toBe(200);
  });

  it('answers 401 to a reused refresh token and kills its whole family, once the rotation it came from went on', async () => {
    const student = await givenStudent(t);
    const second = (await call(t, 'POST', '/api/token/refresh', undefined, { refresh: student.refresh })).json();
    const third = (await refresh(second.refresh)).json();
    const reuse = await refresh(student.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toContain('déjà été utilisé');
    expect((await refresh(third.refresh)).statusCode).toBe(401);
    expect((await record(student, third.access)).statusCode).toBe(401);
  });

  it('gives a lost rotation its outcome: the token just rotated, presented again within the grace, gets a new token of the family', async () => {
    const student = await givenStudent(t);
    // The answer of this rotation never reaches the browser (a reload cut the request): its token is lost.
    expect((await refresh(student.refresh)).statusCode).toBe(200);
    const again = await refresh(student.refresh);
    expect(again.statusCode).toBe(200);
    const next = again.json();
    expect((await record(student, next.access)).statusCode).toBe(200);
    expect((await refresh(next.refresh)).statusCode).toBe(200);
    // The rotation went on: the first token is now a replay, and closes the family.
    expect((await refresh(student.refresh)).statusCode).toBe(401);
  });

  it('closes the family when the token comes back after the grace, even if its rotation was never used', async () => {
    const student = await givenStudent(t);
    expect((await refresh(student.refresh)).statusCode).toBe(200);
    await t.app.get(Database).query(`update identity.refresh_token set used_at = used_at - interval '1 minute', issued_at = issued_at - interval '1 minute' where used_at is not null and account_id = (select account_id from identity.student where id = $1)`, [student.studentId]);
    const late = await refresh(student.refresh);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toContain('déjà été utilisé');
  });

  it('answers both of two simultaneous uses of a token (two tabs, a retry) with a session of the same family', async () => {
    const student = await givenStudent(t);
    const answers = await Promise.all([1, 2].map(() => refresh(student.refresh)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    for (const answer of answers) expect((await record(student, answer.json().access)).statusCode).toBe(200);
  });

  it('answers 401 to a forged token', async () => {
    expect((await refresh('abc.def.ghi')).statusCode).toBe(401);
  });
});

describe('suspension', () => {
  it('refuses login and stops existing tokens at once, then reactivation restores login', async () => {
    const [student, admin] = await Promise.all([givenStudent(t), givenAdmin(t)]);
    const toggle = (token: string) => call(t, 'POST', `/api/student/${student.studentId}/toggle-active/`, token);

    expect((await toggle(student.token)).statusCode).toBe(403);

    expect((await toggle(admin.token)).json()).toEqual({ success: true, is_active: false });
    expect((await record(student, student.token)).statusCode).toBe(401);
    expect((await refresh(student.refresh)).statusCode).toBe(401);
    const refused = (await login(t, 'student', student.email, student.password)).json();
    expect(refused).toMatchObject({ bool: false, error: "Vous avez ete deconnecte, Votre compte a ete desactive. Contactez l'administration." });

    expect((await toggle(admin.token)).json().is_active).toBe(true);
    expect((await login(t, 'student', student.email, student.password)).json().bool).toBe(true);
  });

  it('lets an admin revoke every token of a student (blacklist-user-tokens)', async () => {
    const [student, admin] = await Promise.all([givenStudent(t), givenAdmin(t)]);
    expect((await call(t, 'POST', `/api/blacklist-user-tokens/${student.studentId}/`, student.token)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/blacklist-user-tokens/${student.studentId}/`, admin.token)).statusCode).toBe(200);
    expect((await record(student, student.token)).statusCode).toBe(401);
  });

  it('suspends a trainer through the /api/api/ path of the spec', async () => {
    const [teacher, admin] = await Promise.all([givenTeacher(t), givenAdmin(t)]);
    const toggle = () => call(t, 'POST', `/api/api/toggle-formateur-active/${teacher.teacherId}/`, admin.token);
    expect((await toggle()).json()).toEqual({ success: true, is_active: false });
    expect((await login(t, 'teacher', teacher.email, teacher.password)).json().bool).toBe(false);
    expect((await call(t, 'GET', `/api/teacher/${teacher.teacherId}/`)).statusCode).toBe(404);
    expect((await toggle()).json()).toEqual({ success: true, is_active: true });
    expect((await login(t, 'teacher', teacher.email, teacher.password)).json().bool).toBe(true);
  });
});

describe('password change and logout', () => {
  it('changes the password, revokes the sessions and e-mails the owner', async () => {
    const student = await givenStudent(t);
    const change = (password: string) => call(t, 'POST', `/api/student/change-password/${student.studentId}/`, student.token, form({ password }));
    expect((await change('court')).statusCode).toBe(400);

    expect((await change('nouveau-mot-de-passe')).statusCode).toBe(200);
    expect((await record(student, student.token)).statusCode).toBe(401);
    expect((await login(t, 'student', student.email, student.password)).json().bool).toBe(false);
    expect((await login(t, 'student', student.email, 'nouveau-mot-de-passe')).json().bool).toBe(true);
    const mail = await eventually(async () => {
      const found = smtp.mails.find((m) => m.to.includes(student.email));
      expect(found).toBeDefined();
      return found!;
    });
    expect(mail.raw).toContain('Subject: =?UTF-8?Q?Votre_mot_de_passe_a_');
    expect(mail.raw).toContain('toutes vos sessions ont =C3=A9t=C3=A9 ferm=C3=A9es');
  });

  it('logout denies the access token and closes the refresh family', async () => {
    const student = await givenStudent(t);
    const response = await call(t, 'POST', '/api/logout/', student.token, { refresh: student.refresh });
    expect(response.statusCode).toBe(204);
    expect((await record(student, student.token)).statusCode).toBe(401);
    expect((await refresh(student.refresh)).statusCode).toBe(401);
  });

  it('logout still closes the refresh family when the access token is no longer valid', async () => {
    const student = await givenStudent(t);
    expect((await call(t, 'POST', '/api/logout/', 'expire.ou.invalide', { refresh: student.refresh })).statusCode).toBe(204);
    expect((await refresh(student.refresh)).statusCode).toBe(401);
  });
});

describe('platform', () => {
  it('answers health with the database checked', async () => {
    expect((await call(t, 'GET', '/api/health')).json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers a JSON 404 in French for an unknown API path', async () => {
    const response = await call(t, 'GET', '/api/nexiste-pas');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, message: 'Ressource introuvable.' });
  });

  it('serves the OpenAPI document', async () => {
    const response = await call(t, 'GET', '/api/docs-json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/student-login-jwt', '/api/token/refresh']));
  });

  it('answers 404 for a non-numeric id', async () => {
    const student = await givenStudent(t);
    expect((await call(t, 'GET', '/api/student/abc/', student.token)).statusCode).toBe(404);
  });
});

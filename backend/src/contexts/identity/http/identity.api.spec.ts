import { CommandBus } from '@nestjs/cqrs';
import { startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { startTestApp, type TestApp } from '../../../platform/testing/test-app.js';
import { CreateAdmin, RegisterStudent, RegisterTeacher } from '../testing.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let studentA: number;
let studentB: number;
let teacher: number;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, options: { token?: string; json?: object; form?: FormData } = {}) =>
  t.app.inject({
    method,
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.json ? { payload: options.json } : {}),
    ...(options.form ? { payload: options.form } : {}),
  });

async function login(kind: 'student' | 'teacher' | 'admin', email: string, password: string) {
  const path = { student: '/api/student-login-jwt/', teacher: '/api/formateur/token/', admin: '/api/admin/token/' }[kind];
  return call('POST', path, { json: { email, password } });
}

async function studentTokens(email = 'a@test.fr', password = 'motdepasse-A-123') {
  return (await login('student', email, password)).json() as { access: string; refresh: string; student_id: number };
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  const commands = t.app.get(CommandBus);
  await commands.execute(new CreateAdmin('Admin Test', 'admin@test.fr', 'admin', 'motdepasse-admin'));
  studentA = await commands.execute(new RegisterStudent('Alice Aubert', 'a@test.fr', 'alice', 'motdepasse-A-123', 'Excel'));
  studentB = await commands.execute(new RegisterStudent('Bruno Blanc', 'b@test.fr', 'bruno', 'motdepasse-B-123', 'Web'));
  teacher = await commands.execute(
    new RegisterTeacher('prof@test.fr', 'prof', 'motdepasse-prof', {
      fullName: 'Paula Prof', qualification: 'Master', mobileNo: '0601020304', skills: 'Excel, Word', detail: '',
      faceUrl: '', instaUrl: '', twitUrl: '', webUrl: '', youUrl: '',
    }),
  );
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('POST /student-login-jwt/', () => {
  it('answers the spec fields on success', async () => {
    const response = await login('student', 'A@Test.fr ', 'motdepasse-A-123');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'bool', 'error', 'refresh', 'student_id', 'username']);
    expect(body).toMatchObject({ bool: true, student_id: studentA, username: 'alice', error: null });
    expect(body.access.split('.')).toHaveLength(3);
  });

  it("answers bool false and 'Identifiants incorrects.' on a wrong password", async () => {
    const body = (await login('student', 'b@test.fr', 'mauvais-mot-de-passe')).json();
    expect(body).toMatchObject({ bool: false, error: 'Identifiants incorrects.', access: null });
  });

  it('refuses a trainer on the student login', async () => {
    expect((await login('student', 'prof@test.fr', 'motdepasse-prof')).json().bool).toBe(false);
  });

  it('refuses an invalid e-mail with a French 400', async () => {
    const response = await login('student', 'pas-un-email', 'x');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.email).toEqual(["L'adresse e-mail n'est pas valide."]);
  });
});

describe('POST /formateur/token/ and /admin/token/', () => {
  it('answers the trainer fields', async () => {
    const body = (await login('teacher', 'prof@test.fr', 'motdepasse-prof')).json();
    expect(Object.keys(body).sort()).toEqual(['access', 'bool', 'error', 'formateur_id', 'refresh', 'username']);
    expect(body).toMatchObject({ bool: true, formateur_id: teacher, username: 'prof' });
  });

  it('answers the admin fields, and 401 on a wrong password', async () => {
    const ok = await login('admin', 'admin@test.fr', 'motdepasse-admin');
    expect(Object.keys(ok.json()).sort()).toEqual(['access', 'admin_id', 'refresh', 'username']);
    const wrong = await login('admin', 'admin@test.fr', 'nope-nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Identifiants incorrects.');
  });
});

describe('login throttling', () => {
  it('answers 429 after five failures on one account, even with the right password', async () => {
    const commands = t.app.get(CommandBus);
    await commands.execute(new RegisterStudent('Cible', 'cible@test.fr', 'cible', 'motdepasse-cible', ''));
    for (let i = 0; i < 5; i++) expect((await login('student', 'cible@test.fr', `faux-${i}-xxxxxxxx`)).statusCode).toBe(200);
    const blocked = await login('student', 'cible@test.fr', 'motdepasse-cible');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Trop de tentatives');
  });
});

describe('login throttling under a burst', () => {
  it('lets at most five of ten simultaneous guesses reach the password check', async () => {
    await t.app.get(CommandBus).execute(new RegisterStudent('Rafale', 'rafale@test.fr', 'rafale', 'motdepasse-rafale', ''));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login('student', 'rafale@test.fr', `essai-${i}-xxxxxxxx`)));
    const checked = answers.filter((a) => a.statusCode === 200);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(5);
  });
});

describe('GET/PUT /student/{id}/', () => {
  it("gives a student their own record without the password", async () => {
    const { access } = await studentTokens();
    const response = await call('GET', `/api/student/${studentA}/`, { token: access });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: studentA, fullname: 'Alice Aubert', email: 'a@test.fr', username: 'alice', interseted_categories: 'Excel',
      profile_img: null, is_active: true, formation_title: null,
    });
  });

  it("refuses another student's record with 403, on read, update and password change", async () => {
    const { access } = await studentTokens();
    expect((await call('GET', `/api/student/${studentB}/`, { token: access })).statusCode).toBe(403);
    expect((await call('GET', `/api/student/${studentB}`, { token: access })).statusCode).toBe(403);
    const form = new FormData();
    Object.entries({ fullname: 'Pirate', email: 'b@test.fr', username: 'bruno', interseted_categories: '' }).forEach(([k, v]) => form.append(k, v));
    expect((await call('PUT', `/api/student/${studentB}/`, { token: access, form })).statusCode).toBe(403);
    const pw = new FormData();
    pw.append('password', 'nouveau-mot-de-passe');
    expect((await call('POST', `/api/student/change-password/${studentB}/`, { token: access, form: pw })).statusCode).toBe(403);
    expect((await login('student', 'b@test.fr', 'motdepasse-B-123')).json().bool).toBe(true);
  });

  it('refuses a visitor with 401 and a trainer with 403', async () => {
    expect((await call('GET', `/api/student/${studentA}/`)).statusCode).toBe(401);
    const trainer = (await login('teacher', 'prof@test.fr', 'motdepasse-prof')).json();
    expect((await call('GET', `/api/student/${studentA}/`, { token: trainer.access })).statusCode).toBe(403);
  });

  it('lets an admin read any student', async () => {
    const admin = (await login('admin', 'admin@test.fr', 'motdepasse-admin')).json();
    expect((await call('GET', `/api/student/${studentB}/`, { token: admin.access })).json().username).toBe('bruno');
  });

  it('updates the profile from multipart with a photo checked by content', async () => {
    const { access } = await studentTokens();
    const form = new FormData();
    Object.entries({ fullname: 'Alice Aubert-Martin', email: 'a@test.fr', username: 'alice', interseted_categories: 'Excel, Word' }).forEach(([k, v]) => form.append(k, v));
    form.append('profile_img', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    const response = await call('PUT', `/api/student/${studentA}/`, { token: access, form });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullname: 'Alice Aubert-Martin', interseted_categories: 'Excel, Word' });
    const image = await t.app.inject({ method: 'GET', url: response.json().profile_img });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a disguised file and changes nothing', async () => {
    const { access } = await studentTokens();
    const form = new FormData();
    Object.entries({ fullname: 'Changé', email: 'a@test.fr', username: 'alice' }).forEach(([k, v]) => form.append(k, v));
    form.append('profile_img', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'photo.png');
    const response = await call('PUT', `/api/student/${studentA}/`, { token: access, form });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.profile_img[0]).toContain('JPG, PNG, GIF ou WEBP');
    expect((await call('GET', `/api/student/${studentA}/`, { token: access })).json().fullname).toBe('Alice Aubert-Martin');
  });

  it("refuses taking another account's e-mail", async () => {
    const { access } = await studentTokens();
    const response = await call('PUT', `/api/student/${studentA}/`, {
      token: access, json: { fullname: 'Alice', email: 'B@test.fr', username: 'alice' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors.email).toEqual(['Cette adresse e-mail est déjà utilisée par un autre compte.']);
  });
});

describe('POST /student/ (registration)', () => {
  const register = (fields: Record<string, string>) => {
    const form = new FormData();
    Object.entries(fields).forEach(([k, v]) => form.append(k, v));
    return call('POST', '/api/student/', { form });
  };
  const valid = { fullname: 'Zoé Zidane', email: 'zoe@test.fr', username: 'zoe', password: 'douze-caracteres', interseted_categories: 'Web' };

  it('creates a student who can then log in', async () => {
    const response = await register(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ fullname: 'Zoé Zidane', username: 'zoe', is_active: true });
    expect((await login('student', 'zoe@test.fr', 'douze-caracteres')).json().bool).toBe(true);
  });

  it('refuses a password under 12 characters', async () => {
    const response = await register({ ...valid, email: 'z2@test.fr', username: 'z2', password: 'onze-caract' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.password).toEqual(['Le mot de passe doit contenir au moins 12 caractères.']);
  });

  it('refuses a duplicate e-mail or username, whatever the case', async () => {
    const email = await register({ ...valid, email: 'ZOE@test.fr', username: 'autre' });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Cette adresse e-mail est déjà utilisée par un autre compte.');
    const username = await register({ ...valid, email: 'autre@test.fr', username: 'ZOE' });
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
  it('registers a trainer with a username derived from the e-mail', async () => {
    const form = new FormData();
    Object.entries({ full_name: 'Marc Moulin', email: 'marc.moulin@test.fr', password: 'motdepasse-marc', skills: 'SQL,  Python ,', web_url: 'https://marc.example.fr' }).forEach(([k, v]) => form.append(k, v));
    const response = await call('POST', '/api/formateur-register/', { form });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: 'marc.moulin', skills: 'SQL, Python', skill_list: ['SQL', 'Python'] });
  });

  it('derives a free, clean username when the form gives none', async () => {
    const register = (email: string) => call('POST', '/api/formateur-register/', { json: { full_name: 'Jean Dupont', email, password: 'motdepasse-jean' } });
    expect((await register('jean.dupont@a.fr')).json().username).toBe('jean.dupont');
    expect((await register('jean.dupont@b.fr')).json().username).toBe('jean.dupont-2');
    expect((await register("o'brien@c.fr")).json().username).toBe('obrien');
  });

  it('refuses a social link that is not a web address', async () => {
    const response = await call('POST', '/api/formateur-register/', {
      json: { full_name: 'X', email: 'x@test.fr', password: 'motdepasse-xxxx', face_url: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.face_url[0]).toContain('adresse web complète');
  });

  it('shows the public profile to visitors without the phone number, and with it to the trainer', async () => {
    const publicView = (await call('GET', `/api/teacher/${teacher}`)).json();
    expect(publicView).toMatchObject({ full_name: 'Paula Prof', skill_list: ['Excel', 'Word'] });
    expect(publicView.mobile_no).toBeUndefined();
    const own = (await login('teacher', 'prof@test.fr', 'motdepasse-prof')).json();
    expect((await call('GET', `/api/teacher/${teacher}/`, { token: own.access })).json().mobile_no).toBe('0601020304');
  });

  it('answers 401 to an invalid bearer token even on a public call, so that the client refreshes it', async () => {
    expect((await call('GET', `/api/teacher/${teacher}/`, { token: 'perime.ou.faux' })).statusCode).toBe(401);
  });

  it("refuses a student updating a trainer's profile", async () => {
    const { access } = await studentTokens();
    const response = await call('PUT', `/api/teacher/${teacher}/`, { token: access, json: { full_name: 'Pirate', email: 'prof@test.fr' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates the refresh token on every use', async () => {
    const first = await studentTokens();
    const response = await call('POST', '/api/token/refresh/', { json: { refresh: first.refresh } });
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.refresh).not.toEqual(first.refresh);
    expect((await call('GET', `/api/student/${studentA}/`, { token: second.access })).statusCode).toBe(200);
  });

  it('answers 401 to a reused refresh token and kills its whole family', async () => {
    const first = await studentTokens();
    const second = (await call('POST', '/api/token/refresh', { json: { refresh: first.refresh } })).json();
    const reuse = await call('POST', '/api/token/refresh/', { json: { refresh: first.refresh } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toContain('déjà été utilisé');
    expect((await call('POST', '/api/token/refresh/', { json: { refresh: second.refresh } })).statusCode).toBe(401);
    expect((await call('GET', `/api/student/${studentA}/`, { token: second.access })).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous uses of a token through, and then ends that family', async () => {
    const first = await studentTokens();
    const answers = await Promise.all([1, 2].map(() => call('POST', '/api/token/refresh/', { json: { refresh: first.refresh } })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await call('POST', '/api/token/refresh/', { json: { refresh: winner.refresh } })).statusCode).toBe(401);
    expect((await call('GET', `/api/student/${studentA}/`, { token: winner.access })).statusCode).toBe(401);
  });

  it('answers 401 to a forged token', async () => {
    expect((await call('POST', '/api/token/refresh/', { json: { refresh: 'abc.def.ghi' } })).statusCode).toBe(401);
  });
});

describe('suspension', () => {
  it('refuses login and stops existing tokens at once, then reactivation restores login', async () => {
    const commands = t.app.get(CommandBus);
    const id = await commands.execute(new RegisterStudent('Susie Suspendue', 'susie@test.fr', 'susie', 'motdepasse-susie', ''));
    const session = (await login('student', 'susie@test.fr', 'motdepasse-susie')).json();
    const admin = (await login('admin', 'admin@test.fr', 'motdepasse-admin')).json();

    const studentTries = await call('POST', `/api/student/${id}/toggle-active/`, { token: session.access });
    expect(studentTries.statusCode).toBe(403);

    const toggled = await call('POST', `/api/student/${id}/toggle-active/`, { token: admin.access });
    expect(toggled.json()).toEqual({ success: true, is_active: false });
    expect((await call('GET', `/api/student/${id}/`, { token: session.access })).statusCode).toBe(401);
    expect((await call('POST', '/api/token/refresh/', { json: { refresh: session.refresh } })).statusCode).toBe(401);
    const refused = (await login('student', 'susie@test.fr', 'motdepasse-susie')).json();
    expect(refused).toMatchObject({ bool: false, error: "Vous avez ete deconnecte, Votre compte a ete desactive. Contactez l'administration." });

    expect((await call('POST', `/api/student/${id}/toggle-active/`, { token: admin.access })).json().is_active).toBe(true);
    expect((await login('student', 'susie@test.fr', 'motdepasse-susie')).json().bool).toBe(true);
  });

  it('lets an admin revoke every token of a student (blacklist-user-tokens)', async () => {
    const session = await studentTokens('b@test.fr', 'motdepasse-B-123');
    const admin = (await login('admin', 'admin@test.fr', 'motdepasse-admin')).json();
    expect((await call('POST', `/api/blacklist-user-tokens/${studentB}/`, { token: session.access })).statusCode).toBe(403);
    expect((await call('POST', `/api/blacklist-user-tokens/${studentB}/`, { token: admin.access })).statusCode).toBe(200);
    expect((await call('GET', `/api/student/${studentB}/`, { token: session.access })).statusCode).toBe(401);
  });

  it('suspends a trainer through the /api/api/ path of the spec', async () => {
    const admin = (await login('admin', 'admin@test.fr', 'motdepasse-admin')).json();
    const response = await call('POST', `/api/api/toggle-formateur-active/${teacher}/`, { token: admin.access });
    expect(response.json()).toEqual({ success: true, is_active: false });
    expect((await login('teacher', 'prof@test.fr', 'motdepasse-prof')).json().bool).toBe(false);
    expect((await call('GET', `/api/teacher/${teacher}/`)).statusCode).toBe(404);
    await call('POST', `/api/api/toggle-formateur-active/${teacher}/`, { token: admin.access });
  });
});

describe('password change and logout', () => {
  it('changes the password, revokes the sessions and e-mails the owner', async () => {
    const commands = t.app.get(CommandBus);
    const id = await commands.execute(new RegisterStudent('Paul Passe', 'paul@test.fr', 'paul', 'ancien-mot-de-passe', ''));
    const session = (await login('student', 'paul@test.fr', 'ancien-mot-de-passe')).json();
    const short = new FormData();
    short.append('password', 'court');
    expect((await call('POST', `/api/student/change-password/${id}/`, { token: session.access, form: short })).statusCode).toBe(400);

    const form = new FormData();
    form.append('password', 'nouveau-mot-de-passe');
    const response = await call('POST', `/api/student/change-password/${id}/`, { token: session.access, form });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', `/api/student/${id}/`, { token: session.access })).statusCode).toBe(401);
    expect((await login('student', 'paul@test.fr', 'ancien-mot-de-passe')).json().bool).toBe(false);
    expect((await login('student', 'paul@test.fr', 'nouveau-mot-de-passe')).json().bool).toBe(true);
    const mails = await smtp.waitFor(1);
    const mail = mails.find((m) => m.to.includes('paul@test.fr'));
    expect(mail?.raw).toContain('Subject: =?UTF-8?Q?Votre_mot_de_passe_a_');
    expect(mail?.raw).toContain('toutes vos sessions ont =C3=A9t=C3=A9 ferm=C3=A9es');
  });

  it('logout denies the access token and closes the refresh family', async () => {
    const session = await studentTokens();
    const response = await call('POST', '/api/logout/', { token: session.access, json: { refresh: session.refresh } });
    expect(response.statusCode).toBe(204);
    expect((await call('GET', `/api/student/${studentA}/`, { token: session.access })).statusCode).toBe(401);
    expect((await call('POST', '/api/token/refresh/', { json: { refresh: session.refresh } })).statusCode).toBe(401);
  });

  it('logout still closes the refresh family when the access token is no longer valid', async () => {
    const session = await studentTokens();
    expect((await call('POST', '/api/logout/', { token: 'expire.ou.invalide', json: { refresh: session.refresh } })).statusCode).toBe(204);
    expect((await call('POST', '/api/token/refresh/', { json: { refresh: session.refresh } })).statusCode).toBe(401);
  });
});

describe('platform', () => {
  it('answers health with the database checked', async () => {
    expect((await call('GET', '/api/health')).json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers a JSON 404 in French for an unknown API path', async () => {
    const response = await call('GET', '/api/nexiste-pas');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, message: 'Ressource introuvable.' });
  });

  it('serves the OpenAPI document', async () => {
    const response = await call('GET', '/api/docs-json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/student-login-jwt', '/api/token/refresh']));
  });

  it('answers 404 for a non-numeric id', async () => {
    const { access } = await studentTokens();
    expect((await call('GET', '/api/student/abc/', { token: access })).statusCode).toBe(404);
  });
});

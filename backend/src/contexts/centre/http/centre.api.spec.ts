// The centre's identity (issue 26 item 2, docs/adr/0032): GET/PUT /api/admin/centre/, its images, its events, the e-mails it signs.
import { Database } from '../../../platform/database/database.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../platform/config/config.js';
import { call, givenAdmin, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

// Real images, whole: the centre keeps only images the documents can draw (pdfkit decodes them at upload).
const ASSETS = join(projectRoot, 'backend/src/demo/assets');
const PNG = readFileSync(join(ASSETS, 'centre/logo.png'));
const JPEG = readFileSync(join(ASSETS, 'courses/javascript.jpg'));
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

function imageForm(bytes: Buffer, name = 'logo.png'): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

async function events() {
  return t.app.get(Database).query<{ type: string; payload: { changes: Record<string, unknown> } }>(
    `select event_type as type, payload from eventlog.event where stream_type = 'centre.identity' order by position`,
  );
}

const FULL = {
  nom: 'Centre de formation Horizon Compétences',
  siret: '891 234 567 00008',
  nda: '11 75 12345 75',
  rue: '12 rue des Arts',
  code_postal: '69002',
  ville: 'Lyon',
  signataire_nom: 'Claire Dumas',
  signataire_qualite: 'Représentant légal du dispensateur',
  lieu: 'Lyon',
};

it('answers roles: 401 without a token, 403 for a student or a trainer, on every call', async () => {
  const student = await givenStudent(t);
  const teacher = await givenTeacher(t);
  const calls: [Parameters<typeof call>[1], string, object?][] = [
    ['GET', '/api/admin/centre/'], ['PUT', '/api/admin/centre/', { nom: 'X' }], ['PUT', '/api/admin/centre/images/logo/', imageForm(PNG)],
    ['DELETE', '/api/admin/centre/images/logo/'], ['GET', '/api/admin/centre/images/logo/'],
  ];
  for (const [method, url, body] of calls) {
    expect((await call(t, method, url, undefined, body)).statusCode).toBe(401);
    expect((await call(t, method, url, student.token, body)).statusCode).toBe(403);
    expect((await call(t, method, url, teacher.token, body)).statusCode).toBe(403);
  }
  expect(await events()).toEqual([]);
});

it('sets the identity in parts, lists what is missing, appends one event per change and none for the same values', async () => {
  const admin = await givenAdmin(t);
  const empty = (await call(t, 'GET', '/api/admin/centre/', admin.token)).json();
  expect(empty).toEqual({
    nom: null, siret: null, nda: null, adresse: { rue: null, code_postal: null, ville: null }, signataire: { nom: null, qualite: null }, lieu: null,
    logo: null, signature: null, missing: ['nom', 'siret', 'nda', 'adresse', 'signataire', 'qualite_signataire', 'lieu', 'logo', 'signature'],
    base_heures: 'temps_actif_mesure',
  });
  const first = await call(t, 'PUT', '/api/admin/centre/', admin.token, { nom: FULL.nom, siret: FULL.siret, rue: FULL.rue });
  expect(first.statusCode).toBe(200);
  expect(first.json()).toMatchObject({ nom: FULL.nom, siret: '89123456700008', adresse: { rue: FULL.rue, code_postal: null }, missing: ['nda', 'adresse', 'signataire', 'qualite_signataire', 'lieu', 'logo', 'signature'] });
  const second = (await call(t, 'PUT', '/api/admin/centre/', admin.token, { ...FULL, nom: `  ${FULL.nom}  ` })).json();
  expect(second).toMatchObject({
    nom: FULL.nom, siret: '89123456700008', nda: '11751234575', adresse: { rue: FULL.rue, code_postal: '69002', ville: 'Lyon' },
    signataire: { nom: 'Claire Dumas', qualite: 'Représentant légal du dispensateur' }, lieu: 'Lyon', missing: ['logo', 'signature'],
  });
  // The same values again: the same answer, no event.
  expect((await call(t, 'PUT', '/api/admin/centre/', admin.token, FULL)).json()).toEqual(second);
  const log = await events();
  expect(log.map((e) => e.type)).toEqual(['CentreIdentityChanged', 'CentreIdentityChanged']);
  expect(log[0].payload.changes).toEqual({ nom: FULL.nom, siret: '89123456700008', rue: FULL.rue });
  // Only what changed, the signatory's name as its hash (a person's name never enters the log).
  expect(Object.keys(log[1].payload.changes).sort()).toEqual(['codePostal', 'lieu', 'nda', 'signataireNomSha256', 'signataireQualite', 'ville']);
  expect(log[1].payload.changes.signataireNomSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(log)).not.toContain('Claire Dumas');
  // null clears, a field left out stays.
  const cleared = (await call(t, 'PUT', '/api/admin/centre/', admin.token, { lieu: null, signataire_qualite: '' })).json();
  expect(cleared).toMatchObject({ nom: FULL.nom, lieu: null, signataire: { nom: 'Claire Dumas', qualite: null }, missing: ['qualite_signataire', 'lieu', 'logo', 'signature'] });
  expect((await events()).at(-1)!.payload.changes).toEqual({ lieu: null, signataireQualite: null });
  await call(t, 'PUT', '/api/admin/centre/', admin.token, { lieu: 'Lyon', signataire_qualite: 'Directrice pédagogique, par délégation' });
});

it('refuses a bad SIRET, NDA, postcode, a non-text or too long value in French and keeps everything as it was', async () => {
  const admin = await givenAdmin(t);
  const before = (await call(t, 'GET', '/api/admin/centre/', admin.token)).json();
  const count = (await events()).length;
  const cases: [object, string][] = [
    [{ siret: '89123456700009' }, 'Ce SIRET n’est pas valide : sa clé de contrôle ne correspond pas.'],
    [{ siret: '1234' }, 'Le SIRET doit comporter exactement 14 chiffres.'],
    [{ nda: '1175123457' }, 'Le numéro de déclaration d’activité doit comporter exactement 11 chiffres.'],
    [{ code_postal: '6900' }, 'Le code postal doit comporter exactement 5 chiffres.'],
    [{ nom: 'Nouveau nom', siret: 'abc' }, 'Le SIRET doit comporter exactement 14 chiffres.'],
    [{ nom: 42 }, 'Le nom du centre doit être du texte.'],
    [{ ville: 'x'.repeat(101) }, 'La ville ne doit pas dépasser 100 caractères.'],
  ];
  for (const [body, message] of cases) {
    const response = await call(t, 'PUT', '/api/admin/centre/', admin.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  }
  expect((await call(t, 'GET', '/api/admin/centre/', admin.token)).json()).toEqual(before);
  expect(await events()).toHaveLength(count);
});

it('takes a PNG or JPEG logo and signature by content, serves them to admins, refuses SVG and others, removes them', async () => {
  const admin = await givenAdmin(t);
  const count = (await events()).length;
  for (const [bytes, name] of [[SVG, 'logo.png'], [GIF, 'logo.gif'], [Buffer.from('pas une image'), 'logo.jpg'], [Buffer.alloc(2 * 1024 * 1024 + 1, 0x89), 'gros.png']] as const) {
    const refused = await call(t, 'PUT', '/api/admin/centre/images/logo/', admin.token, imageForm(bytes, name));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Le logo (doit être une image PNG ou JPEG|ne doit pas dépasser 2 Mo)\.$/);
  }
  // A PNG cut short (its end chunk lost): its first bytes say PNG, but no document could draw it.
  const cut = await call(t, 'PUT', '/api/admin/centre/images/logo/', admin.token, imageForm(PNG.subarray(0, PNG.length - 12), 'logo.png'));
  expect([cut.statusCode, cut.json().message]).toEqual([400, 'Fichier illisible ou incomplet pour le logo : déposez-le de nouveau (PNG ou JPEG).']);
  const text = await call(t, 'PUT', '/api/admin/centre/images/logo/', admin.token, { image: 'texte' });
  expect(text.statusCode).toBe(400);
  expect((await call(t, 'PUT', '/api/admin/centre/images/cachet/', admin.token, imageForm(PNG))).statusCode).toBe(404);
  expect(await events()).toHaveLength(count);

  const logo = await call(t, 'PUT', '/api/admin/centre/images/logo/', admin.token, imageForm(PNG));
  expect(logo.statusCode).toBe(200);
  expect(logo.json().logo).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), content_type: 'image/png' });
  expect(logo.json().missing).not.toContain('logo');
  const signature = (await call(t, 'PUT', '/api/admin/centre/images/signature/', admin.token, imageForm(JPEG, 'cachet.jpg'))).json();
  expect(signature.signature.content_type).toBe('image/jpeg');
  const served = await call(t, 'GET', '/api/admin/centre/images/signature/', admin.token);
  expect(served.headers['content-type']).toBe('image/jpeg');
  expect(served.rawPayload.equals(JPEG)).toBe(true);
  // Stored out of the public media route: only the admin's call above serves the stamp.
  const [stored] = await t.app.get(Database).query<{ signature_path: string }>('select signature_path from centre.centre_identity');
  expect(stored!.signature_path).toMatch(/^\/media\/centre\//);
  expect((await t.app.inject({ method: 'GET', url: stored!.signature_path })).statusCode).toBe(404);
  // The same image again: no event.
  await call(t, 'PUT', '/api/admin/centre/images/logo/', admin.token, imageForm(PNG));
  let log = await events();
  expect(log.slice(count).map((e) => e.payload.changes)).toEqual([
    { logo: { sha256: logo.json().logo.sha256, contentType: 'image/png' } },
    { signature: { sha256: signature.signature.sha256, contentType: 'image/jpeg' } },
  ]);
  // Removal clears it (a second removal changes nothing).
  const removed = (await call(t, 'DELETE', '/api/admin/centre/images/logo/', admin.token)).json();
  expect(removed.logo).toBeNull();
  expect(removed.missing).toContain('logo');
  await call(t, 'DELETE', '/api/admin/centre/images/logo/', admin.token);
  expect((await call(t, 'GET', '/api/admin/centre/images/logo/', admin.token)).statusCode).toBe(404);
  log = await events();
  expect(log.slice(count).map((e) => e.payload.changes).at(-1)).toEqual({ logo: null });
  expect(log).toHaveLength(count + 3);
});

it('signs every e-mail with the centre’s name once it is set', async () => {
  const admin = await givenAdmin(t);
  const student = await givenStudent(t);
  await call(t, 'PUT', '/api/admin/centre/', admin.token, { nom: 'Centre de formation Horizon Compétences' });
  const before = smtp.mails.length;
  const response = await call(t, 'PUT', `/api/users/${student.accountId}/change_password/`, admin.token, { password: 'NouveauSecret-2026', send_email: true });
  expect(response.statusCode).toBe(200);
  const mail = (await smtp.waitFor(before + 1))[before];
  expect(readMail(mail).text).toMatch(/\n-- \nCentre de formation Horizon Compétences\s*$/);
});

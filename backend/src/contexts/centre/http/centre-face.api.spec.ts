// The centre's face (issue 29 item 8, docs/adr/0049): its name and logo on every page and e-mail, the accessibility statement.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../../platform/database/database.js';
import { projectRoot } from '../../../platform/config/config.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { CommandBus } from '@nestjs/cqrs';
import { DEMO_ACCESSIBILITY, seedDemoAccessibility } from '../../../demo/demo-centre.js';

// A build as Vite leaves it (docs/adr/0029): the server writes the centre's head in place of its title.
const dist = mkdtempSync(join(tmpdir(), 'lms-face-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="fr"><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><title>LMS | Centre de formation</title></head><body><div id="root"></div></body></html>');
const LOGO = readFileSync(join(projectRoot, 'backend/src/demo/assets/centre/logo.png'));

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ FRONTEND_DIST: dist, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'LMS Centre de formation <no-reply@lms.local>' });
  t.clock.set(new Date('2026-11-27T09:00:00Z'));
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

async function events() {
  return t.app.get(Database).query<{ type: string; payload: Record<string, unknown> & { changes: Record<string, unknown> }; recorded_at: Date }>(
    `select event_type as type, payload from eventlog.event where stream_type = 'centre.accessibility' order by position`,
  );
}
const page = (url = '/') => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const faceOf = (html: string) => JSON.parse(/<meta name="centre-face" content="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&#39;', "'"));

const STATEMENT = {
  rgaa_version: '4.1.2',
  audit_date: '2026-03-12',
  auditeur: 'Access Conseil Lyon',
  criteres_applicables: 53,
  criteres_conformes: 41,
  non_conformites: 'Les vidéos des modules n’ont pas toutes de sous-titres.\nLe lecteur SCORM de deux modules ne se pilote pas au clavier.',
  derogations: 'Les modules SCORM de partenaires antérieurs à 2024.',
  hors_champ: 'Les documents bureautiques publiés avant le 23 septembre 2018.',
  technologies: 'HTML5, CSS, JavaScript, WAI-ARIA',
  environnement_test: 'Firefox 132 et NVDA 2024.4 (Windows 11)\nSafari et VoiceOver (macOS 15)',
  outils_evaluation: 'Colour Contrast Analyser, axe DevTools',
  pages_verifiees: 'Accueil /\nCatalogue /all-courses',
  contact_email: 'accessibilite@horizon-competences.fr',
  contact_formulaire: '/assistance',
  schema_pluriannuel_url: 'https://horizon-competences.fr/accessibilite/schema-2026-2028.pdf',
  plan_action_url: 'https://horizon-competences.fr/accessibilite/plan-2026.pdf',
};

it('answers roles: the statement, the face and the logo are public; only an admin reads or edits the statement under /admin', async () => {
  const student = await givenStudent(t);
  const teacher = await givenTeacher(t);
  for (const url of ['/api/centre/face/', '/api/centre/accessibility/']) {
    expect((await call(t, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, 'GET', url, student.token)).statusCode).toBe(200);
  }
  const calls: [Parameters<typeof call>[1], string, object?][] = [
    ['GET', '/api/admin/centre/accessibility/'], ['PUT', '/api/admin/centre/accessibility/', { criteres_applicables: 10 }],
  ];
  for (const [method, url, body] of calls) {
    expect((await call(t, method, url, undefined, body)).statusCode).toBe(401);
    expect((await call(t, method, url, student.token, body)).statusCode).toBe(403);
    expect((await call(t, method, url, teacher.token, body)).statusCode).toBe(403);
  }
  expect(await events()).toEqual([]);
});

it('before anything is set: « non conforme », RGAA 4.1.2, « LMS » in the title and no logo', async () => {
  const statement = (await call(t, 'GET', '/api/centre/accessibility/')).json();
  expect(statement).toMatchObject({ centre: null, statut: 'non_conforme', taux: null, rgaa_version: '4.1.2', audit_date: null, criteres_applicables: null, mis_a_jour_le: null });
  expect((await call(t, 'GET', '/api/centre/face/')).json()).toEqual({ nom: null, logo: null, accessibilite: { statut: 'non_conforme', taux: null } });
  expect((await call(t, 'GET', '/api/centre/logo/')).statusCode).toBe(404);
  const html = (await page('/student-dashboard')).body;
  expect(html).toContain('<title>LMS | Centre de formation</title>');
  expect(faceOf(html)).toEqual({ nom: null, logo: null, accessibilite: { statut: 'non_conforme', taux: null } });
});

it('sets the statement, computes the status, appends one event with values and hashes, none for the same values', async () => {
  const admin = await givenAdmin(t);
  const response = await call(t, 'PUT', '/api/admin/centre/accessibility/', admin.token, STATEMENT);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ ...STATEMENT, centre: null, statut: 'partiellement_conforme', taux: 77.3, mis_a_jour_le: '2026-11-27T09:00:00.000Z' });
  // Public, as set.
  expect((await call(t, 'GET', '/api/centre/accessibility/')).json()).toEqual(response.json());
  expect((await call(t, 'GET', '/api/admin/centre/accessibility/', admin.token)).json()).toEqual(response.json());
  // The same values again: no event, the statement's date kept.
  t.clock.advance(60_000);
  expect((await call(t, 'PUT', '/api/admin/centre/accessibility/', admin.token, STATEMENT)).json().mis_a_jour_le).toBe('2026-11-27T09:00:00.000Z');
  const log = await events();
  expect(log).toHaveLength(1);
  expect(log[0]!.type).toBe('AccessibilityStatementChanged');
  expect(log[0]!.payload).toMatchObject({
    statut: 'partiellement_conforme', statutAvant: 'non_conforme',
    changes: {
      auditDate: '2026-03-12', criteresApplicables: 53, criteresConformes: 41, contactFormulaire: '/assistance',
      schemaPluriannuelUrl: STATEMENT.schema_pluriannuel_url, planActionUrl: STATEMENT.plan_action_url,
    },
  });
  // Free texts and the contact's address go as hashes only (ADR 0032's rule).
  for (const key of ['auditeurSha256', 'nonConformitesSha256', 'derogationsSha256', 'horsChampSha256', 'technologiesSha256', 'environnementTestSha256', 'outilsEvaluationSha256', 'pagesVerifieesSha256', 'contactEmailSha256']) {
    expect(log[0]!.payload.changes[key]).toMatch(/^[0-9a-f]{64}$/);
  }
  expect(JSON.stringify(log)).not.toMatch(/Access Conseil|vidéos|accessibilite@|NVDA/i);
  // Every criterion met: « totalement conforme », and back.
  expect((await call(t, 'PUT', '/api/admin/centre/accessibility/', admin.token, { criteres_conformes: 53 })).json()).toMatchObject({ statut: 'totalement_conforme', taux: 100 });
  expect((await call(t, 'GET', '/api/centre/face/')).json().accessibilite).toEqual({ statut: 'totalement_conforme', taux: 100 });
  expect((await call(t, 'PUT', '/api/admin/centre/accessibility/', admin.token, { criteres_conformes: 20 })).json()).toMatchObject({ statut: 'non_conforme', taux: 37.7 });
  expect((await events()).slice(1).map((e) => [e.payload.statut, e.payload.statutAvant])).toEqual([['totalement_conforme', 'partiellement_conforme'], ['non_conforme', 'totalement_conforme']]);
  await call(t, 'PUT', '/api/admin/centre/accessibility/', admin.token, { criteres_conformes: 41 });
});

it('refuses impossible figures, a future audit, bad links and e-mails, wrong types, in French, changing nothing', async () => {
  const admin = await givenAdmin(t);
  const before = (await call(t, 'GET', '/api/centre/accessibility/')).json();
  const count = (await events()).length;
  const cases: [object, string, string][] = [
    [{ criteres_conformes: 60 }, 'criteres_conformes', 'Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.'],
    [{ criteres_applicables: 107 }, 'criteres_applicables', 'Le nombre de critères applicables doit être un nombre entier de 1 à 106.'],
    [{ criteres_conformes: -1 }, 'criteres_conformes', 'Le nombre de critères respectés doit être un nombre entier de 0 à 106.'],
    [{ criteres_conformes: true }, 'criteres_conformes', 'Le nombre de critères respectés doit être un nombre entier de 0 à 106.'],
    [{ audit_date: null }, 'audit_date', 'Indiquez la date de l’audit : sans audit, le site est « non conforme ».'],
    [{ audit_date: '2026-11-28' }, 'audit_date', 'La date de l’audit ne peut pas être dans le futur.'],
    [{ audit_date: '2026-13-01' }, 'audit_date', 'La date de l’audit doit être une date valide (AAAA-MM-JJ).'],
    [{ rgaa_version: '3' }, 'rgaa_version', 'La version du RGAA doit être l’une de : 4.1.2, 4.1.1, 4.1.'],
    [{ plan_action_url: 'javascript:alert(1)' }, 'plan_action_url', 'Le lien du plan d’action annuel doit être une adresse web (https://…) ou une page du site (/…).'],
    [{ contact_email: 'accessibilite' }, 'contact_email', 'L’adresse e-mail de contact n’est pas valide.'],
    [{ technologies: ['HTML'] }, 'technologies', 'Les technologies utilisées doivent être du texte.'],
    [{ non_conformites: 'x'.repeat(10_001) }, 'non_conformites', 'La liste des non-conformités ne doit pas dépasser 10000 caractères.'],
    [{ auditeur: 'Nouvel auditeur', criteres_conformes: 99 }, 'criteres_conformes', 'Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.'],
  ];
  for (const [body, field, message] of cases) {
    const response = await call(t, 'PUT', '/api/admin/centre/accessibility/', admin.token, body);
    expect([response.statusCode, response.json().message, response.json().errors?.[field]]).toEqual([400, message, [message]]);
  }
  expect((await call(t, 'GET', '/api/centre/accessibility/')).json()).toEqual(before);
  expect(await events()).toHaveLength(count);
});

it('writes the centre’s name and face into every page’s head, escaped, and serves the logo publicly by its hash', async () => {
  const admin = await givenAdmin(t);
  await call(t, 'PUT', '/api/admin/centre/', admin.token, { nom: 'Horizon <Compétences> & "Co"' });
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(LOGO)]), 'logo.png');
  const sha256 = (await call(t, 'PUT', '/api/admin/centre/images/logo/', admin.token, form)).json().logo.sha256;
  const response = await page('/detail/12');
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('<title>Horizon &lt;Compétences&gt; &amp; &quot;Co&quot; | Centre de formation</title>');
  expect(response.body).not.toContain('<Compétences>');
  expect(faceOf(response.body)).toEqual({ nom: 'Horizon <Compétences> & "Co"', logo: sha256, accessibilite: { statut: 'partiellement_conforme', taux: 77.3 } });
  // The page's CSP nonce is still written (docs/adr/0029).
  expect(response.body).not.toContain('__CSP_NONCE__');

  const logo = await call(t, 'GET', `/api/centre/logo/?v=${sha256}`);
  expect([logo.statusCode, logo.headers['content-type'], logo.headers.etag, logo.headers['cache-control']]).toEqual([200, 'image/png', `"${sha256}"`, 'public, no-cache']);
  expect(logo.rawPayload.equals(LOGO)).toBe(true);
  const again = await t.app.inject({ method: 'GET', url: '/api/centre/logo/', headers: { 'if-none-match': `"${sha256}"` } });
  expect(again.statusCode).toBe(304);
  // The signature or stamp stays for admins only.
  expect((await call(t, 'GET', '/api/admin/centre/images/signature/')).statusCode).toBe(401);
  await call(t, 'PUT', '/api/admin/centre/', admin.token, { nom: 'Horizon Compétences' });
});

it('sends e-mails from the centre’s name, signed with it', async () => {
  const admin = await givenAdmin(t);
  const student = await givenStudent(t);
  await call(t, 'PUT', '/api/admin/centre/', admin.token, { nom: 'Horizon Compétences' });
  const before = smtp.mails.length;
  expect((await call(t, 'PUT', `/api/users/${student.accountId}/change_password/`, admin.token, { password: 'NouveauSecret-2026', send_email: true })).statusCode).toBe(200);
  const mail = (await smtp.waitFor(before + 1))[before]!;
  expect(readMail(mail).text).toMatch(/\n-- \nHorizon Compétences\s*$/);
  const from = /^From: (.*)$/m.exec(mail.raw.replace(/\r\n[ \t]+/g, ' '))![1]!.trim();
  expect(decodeWords(from)).toBe('Horizon Compétences <no-reply@lms.local>');
});

it('seeds the demo centre’s full statement through the real command: « partiellement conforme », 73,0 %', async () => {
  const admin = await givenAdmin(t);
  await seedDemoAccessibility(t.app.get(CommandBus), admin.actor);
  const statement = (await call(t, 'GET', '/api/centre/accessibility/')).json();
  expect(statement).toMatchObject({ ...DEMO_ACCESSIBILITY, statut: 'partiellement_conforme', taux: 73 });
  expect(statement.non_conformites.split('\n')).toHaveLength(7);
});

/** An RFC 2047 header value as read (nodemailer writes a non-ASCII name as =?UTF-8?Q?…?= or =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
    .replace(/^"(.*)"(\s*<)/, '$1$2');
}

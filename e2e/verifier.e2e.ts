import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import pg from 'pg';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// The public verification page (issue 27 item 5, ADR 0040): a demo certificate's code checked
// without login (typed, and from the address its QR code encodes); a real dossier downloaded from
// the app dropped on the page and found « conforme », then the same ZIP with one file altered, the
// altered file named « modifié » — and nothing of the dossier sent over the network. Its proofs (issue 27
// item 3) lead to the published checkpoint, whose Ed25519 signature holds: « Preuves vérifiées ». A
// manifest whose audit path was altered names the proof that fails; a checkpoint whose root the
// operator rewrote in the database (as superuser, its trigger bypassed) is named as a published
// history different from the dossier's. Each beat group and SCORM commit row is recomputed from the
// data files against the digest its event carries (ADR 0040): a beat row altered in the database
// before the dossier was generated (files and manifest then agree) is named by its session and seqs;
// so is a SCORM commit row a learner sent through the player's commit call, altered the same way.

test.beforeEach(async ({ context }) => watchCspViolations(context));

async function courseId(request: APIRequestContext, title: string): Promise<number> {
  for (let next: string | null = '/api/course/?page=1'; next; ) {
    const page = (await (await request.get(next)).json()) as { results: { id: number; title: string }[]; next: string | null };
    const course = page.results.find((c) => c.title === title);
    if (course) return course.id;
    next = page.next;
  }
  throw new Error(`no course ${title}`);
}

/** Léa's certificat de réalisation of « Piloter un projet avec la méthode agile » (backend/src/demo/demo-documents.ts), read as Léa. */
async function leaCertificateCode(request: APIRequestContext): Promise<string> {
  const { headers } = await apiLogin(request, 'student');
  const id = await courseId(request, 'Piloter un projet avec la méthode agile');
  const documents = (await (await request.get(`/api/evidence/me/courses/${id}/documents/`, { headers })).json()) as { kind: string; verification_code: string }[];
  const certificate = documents.find((d) => d.kind === 'certificat_realisation');
  expect(certificate, 'Léa’s demo certificate').toBeTruthy();
  return certificate!.verification_code;
}

test('a certificate’s code is checked without login: initials, course and dates only', async ({ page, request }) => {
  test.setTimeout(120_000);
  const code = await leaCertificateCode(request);
  await page.goto('/verifier');
  await expect(page.getByRole('heading', { level: 1, name: 'Vérifier un document ou un dossier de preuves' })).toBeVisible();
  await page.getByLabel('Code de vérification').fill(code.match(/.{4}/g)!.join('-'));
  await page.getByRole('button', { name: 'Vérifier le code' }).click();
  const result = page.getByTestId('code-result');
  await expect(result).toContainText('Document valide');
  await expect(result).toContainText('Certificat de réalisation');
  await expect(result).toContainText('Piloter un projet avec la méthode agile');
  await expect(result).toContainText('L. D.');
  await expect(result).not.toContainText('Dubois');
  await expect(result).not.toContainText('Léa');
  await page.screenshot({ path: 'test-results/verifier-code-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // What the document's QR code encodes lands on the page with the code filled in and checked.
  await page.goto(`/verification/${code}`);
  await expect(page.getByLabel('Code de vérification')).toHaveValue(code);
  await expect(page.getByTestId('code-result')).toContainText('Document valide');

  await page.goto('/verifier');
  await page.getByLabel('Code de vérification').fill('AAAA-BBBB-CCCC');
  await page.getByRole('button', { name: 'Vérifier le code' }).click();
  await expect(page.getByTestId('code-result')).toContainText('Code inconnu');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/verifier-code-390.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
});

/** A dossier de preuves of Léa for « Modèles de documents Word et Excel » (or of `learner` for `course`), generated and downloaded by her trainer in the app. */
async function downloadDossier(page: Page, request: APIRequestContext, course = 'Modèles de documents Word et Excel', learner = DEMO.student.name): Promise<Buffer> {
  const id = await courseId(request, course);
  await loginAs(page, 'trainer');
  await page.goto(`/enrolled-students/${id}`);
  await page.getByRole('link', { name: `Relevé de formation de ${learner}` }).click();
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('dossier-button').click()]);
  return readFile((await file.path())!);
}

/**
 * Only the public ledger's two GETs may reach the server once a dossier is dropped, with no body;
 * and, the page being opened by a signed-in trainer, the session's own upkeep, which carries
 * nothing of the dossier: the bell's count (a GET without a body) and a token refresh (`{}`).
 */
const PUBLIC_LEDGER = /^\/api\/ledger\/(checkpoints\/\d+|keys)\/$/;
const upkeep = (r: Request) => {
  const path = new URL(r.url()).pathname;
  return (r.method() === 'GET' && path === '/api/notifications/count' && r.postDataBuffer() === null) || (r.method() === 'POST' && path === '/api/token/refresh/' && r.postData() === '{}');
};
const sent = (requests: Request[]) =>
  requests
    .filter((r) => !upkeep(r))
    .filter((r) => r.method() !== 'GET' || r.postDataBuffer() !== null || (new URL(r.url()).pathname.startsWith('/api/') && !PUBLIC_LEDGER.test(new URL(r.url()).pathname)))
    .map((r) => `${r.method()} ${r.url()}`);

/**
 * The e2e server's embedded PostgreSQL as its superuser (the operator): found by its port
 * (E2E_PORT + 2000, playwright.config.ts) among the e2e data folders.
 */
function superuserUrl(): string {
  const port = String(Number(process.env.E2E_PORT ?? 3100) + 2000);
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('lms-e2e-'))) {
    const dir = join(tmpdir(), name, 'postgres');
    try {
      if (readFileSync(join(dir, 'cluster', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim() !== port) continue;
      return `postgres://postgres:${readFileSync(join(dir, 'password'), 'utf8').trim()}@127.0.0.1:${port}/lms`;
    } catch {
      // Another run's folder, or a stopped one.
    }
  }
  throw new Error(`no embedded PostgreSQL on port ${port}`);
}

test('a dossier downloaded from the app is checked in the browser, and an altered file is named', async ({ page, request }) => {
  test.setTimeout(180_000);
  const zip = await downloadDossier(page, request);

  await page.goto('/verifier');
  await expect(page.getByRole('heading', { level: 2, name: 'Vérifier un dossier de preuves' })).toBeVisible();
  // From here on, every request the page makes is watched: the dossier must not leave the browser.
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const input = page.locator('.ant-upload input[type=file]');
  await input.setInputFiles({ name: 'dossier.zip', mimeType: 'application/zip', buffer: zip });
  const result = page.getByTestId('dossier-result');
  await expect(result).toContainText(/Dossier conforme à son manifeste : les \d+ fichiers correspondent exactement au manifeste\./, { timeout: 60_000 });
  // The manifest itself is the centre's: its SHA-256 (computed here) is in the centre's records.
  await expect(page.getByTestId('manifest-origin')).toContainText(/Manifeste reconnu : le centre a généré ce dossier le \d{2}\/\d{2}\/\d{4}, avec exactement ce manifeste\./, { timeout: 30_000 });
  await expect(result).toContainText('Ce que la chaîne couvre');
  // Its proofs, against the checkpoint the server publishes, and that checkpoint's signature.
  const seq = (JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(zip))['manifest.json'])) as { ledger: { checkpoint: { seq: number } } }).ledger.checkpoint.seq;
  const ledger = page.getByTestId('ledger-check');
  await expect(ledger).toContainText(new RegExp(`Preuves vérifiées : les \\d+ preuve\\(s\\) d’inclusion mènent au point de contrôle n° ${seq}, identique à celui que le centre publie, et sa signature Ed25519 est valide\\.`), { timeout: 60_000 });
  await expect(ledger).toContainText('même racine et même texte signé que le dossier');
  await expect(ledger.getByText(/^valide \(clé [0-9a-f]{16}…\)$/)).toBeVisible();
  await expect(ledger).toContainText(/\d+ sur \d+ retrouvée\(s\) avec le même hash/);
  await expect(ledger.getByRole('listitem').filter({ hasText: 'ne mène pas à la racine' })).toHaveCount(0);
  // Each beat group and SCORM commit row, recomputed from the data files, has its event's digest.
  await expect(page.getByTestId('rows-check')).toContainText(/[1-9]\d* groupe\(s\) de signaux et \d+ enregistrement\(s\) SCORM recalculés : identiques aux empreintes des événements\./);
  await expect(page.getByTestId('rows-problems')).toHaveCount(0);
  // Each event's hash and link, recomputed from donnees/evenements.json.
  await expect(page.getByTestId('chain-check')).toContainText(/[1-9][\d\u202f ]* événement\(s\) de [1-9]\d* flux recalculés : chaque hash et chaque lien correspondent\./);
  await expect(page.getByTestId('chain-problems')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/verifier-dossier-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // The same dossier with its beats altered (one byte of a value), and a file added.
  const entries = unzipSync(new Uint8Array(zip));
  const beats = new TextDecoder().decode(entries['donnees/signaux-de-presence.json']);
  entries['donnees/signaux-de-presence.json'] = strToU8(beats.includes('"visible":true') ? beats.replace('"visible":true', '"visible":false') : `${beats} `);
  entries['a-lire.txt'] = strToU8('ajouté');
  await input.setInputFiles({ name: 'dossier-modifie.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
  await expect(result).toContainText(/Dossier NON conforme : 2 fichier\(s\) diffèrent du manifeste\./, { timeout: 60_000 });
  const fileRows = result.locator('.ant-table').getByRole('row');
  const altered = fileRows.filter({ hasText: 'donnees/signaux-de-presence.json' });
  await expect(altered).toContainText('modifié');
  await expect(altered).toContainText('SHA-256 attendu');
  await expect(fileRows.filter({ hasText: 'a-lire.txt' })).toContainText('en trop');
  await expect(fileRows.filter({ hasText: 'donnees/evenements.json' })).toContainText('conforme');
  // The altered beat no longer has its event's digest: its group is named.
  await expect(page.getByTestId('rows-problems')).toContainText(/Signaux de présence session [0-9a-f-]{36}, seq [\d, ]+ : modifié depuis son enregistrement/);

  // Nothing was uploaded: no request carried a body; the API was asked only for the public checkpoint and keys,
  // and whether the centre knows the manifest — by its SHA-256 alone, the one of the manifest.json dropped.
  const manifestSha256 = createHash('sha256').update(unzipSync(new Uint8Array(zip))['manifest.json']).digest('hex');
  const origin = (r: Request) => new URL(r.url()).pathname === `/api/public/dossiers/${manifestSha256}/`;
  expect(requests.some(origin)).toBe(true);
  expect(sent(requests.filter((r) => !(origin(r) && r.method() === 'GET' && r.postDataBuffer() === null)))).toEqual([]);
  expect(requests.some((r) => new URL(r.url()).pathname === `/api/ledger/checkpoints/${seq}/`)).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/verifier-dossier-390.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
});

/** The server's canonical JSON (platform/event-log/event-hash.ts): keys sorted, no white space. */
const canonical = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map(canonical).join(',')}]`
  : value !== null && typeof value === 'object' ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`
  : JSON.stringify(value);

test('an event altered in the dossier and re-hashed is named by the next link of its stream', async ({ page, request }) => {
  test.setTimeout(180_000);
  const zip = await downloadDossier(page, request);
  const entries = unzipSync(new Uint8Array(zip));
  type Line = { eventId: string; streamType: string; streamId: string; streamVersion: number; type: string; schemaVersion: number; payload: Record<string, unknown>; metadata: unknown; occurredAt: string; prevHash: string | null; hash: string };
  const events = JSON.parse(new TextDecoder().decode(entries['donnees/evenements.json'])) as Line[];
  // The first event followed by another in its stream: its occurredAt moved a minute, its hash recomputed as an operator would.
  const target = events.find((e) => events.some((n) => n.streamType === e.streamType && n.streamId === e.streamId && n.streamVersion === e.streamVersion + 1))!;
  expect(target, 'a stream of two events at least').toBeTruthy();
  const next = events.find((n) => n.streamType === target.streamType && n.streamId === target.streamId && n.streamVersion === target.streamVersion + 1)!;
  target.occurredAt = new Date(Date.parse(target.occurredAt) - 60_000).toISOString();
  target.hash = createHash('sha256').update(canonical({
    event_id: target.eventId, stream_type: target.streamType, stream_id: target.streamId, stream_version: target.streamVersion, event_type: target.type,
    schema_version: target.schemaVersion, payload: target.payload, metadata: target.metadata, occurred_at: target.occurredAt, prev_hash: target.prevHash,
  }), 'utf8').digest('hex');
  entries['donnees/evenements.json'] = strToU8(`[\n${events.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
  await page.goto('/verifier');
  await page.locator('.ant-upload input[type=file]').setInputFiles({ name: 'dossier-modifie.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
  await expect(page.getByTestId('dossier-result')).toContainText(/Dossier NON conforme : 1 fichier\(s\) diffèrent du manifeste\./, { timeout: 60_000 });
  const problems = page.getByTestId('chain-problems');
  await expect(problems.getByRole('listitem')).toHaveCount(1);
  await expect(problems).toContainText(
    `Événement ${next.type} du flux ${next.streamType}/${next.streamId}, version ${next.streamVersion} (${next.eventId}) : son lien ne correspond pas au hash de l’événement précédent`,
  );
  await page.screenshot({ path: 'test-results/verifier-event-rehashed-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
});

test('a proof altered in the manifest, and a checkpoint the operator rewrote, are named with what differs', async ({ page, request }) => {
  test.setTimeout(180_000);
  const zip = await downloadDossier(page, request);
  const entries = unzipSync(new Uint8Array(zip));
  const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json'])) as {
    ledger: { checkpoint: { seq: number; root: string }; proofs: { stream_type: string; stream_id: string; last_version: number; path: string[] }[] };
  };
  const { seq, root } = manifest.ledger.checkpoint;
  const target = manifest.ledger.proofs.find((p) => p.path.length > 0)!;
  expect(target, 'a proof with an audit path').toBeTruthy();

  // 1. One sibling hash of one proof changed in the manifest (the manifest is not in its own list of files).
  const altered = structuredClone(manifest);
  const proof = altered.ledger.proofs.find((p) => p.stream_type === target.stream_type && p.stream_id === target.stream_id)!;
  proof.path[0] = proof.path[0].replace(/^./, (c) => (c === '0' ? '1' : '0'));
  await page.goto('/verifier');
  const input = page.locator('.ant-upload input[type=file]');
  await input.setInputFiles({ name: 'dossier.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync({ ...entries, 'manifest.json': strToU8(`${JSON.stringify(altered, null, 2)}\n`) })) });
  const ledger = page.getByTestId('ledger-check');
  await expect(ledger).toContainText(`Preuves NON vérifiées (point de contrôle n° ${seq}) : 1 problème(s)`, { timeout: 60_000 });
  // A manifest changed, whatever its files say, is not one the centre generated.
  await expect(page.getByTestId('manifest-origin')).toContainText('Manifeste inconnu du centre', { timeout: 30_000 });
  await expect(page.getByTestId('ledger-problems')).toContainText(
    new RegExp(`Preuve du flux ${target.stream_type.replace(/\./g, '\\.')}/${target.stream_id} \\(version ${target.last_version}\\) : le chemin d’audit mène à la racine [0-9a-f]{64}, pas à celle du point de contrôle n° ${seq} \\(${root}\\)\\.`),
  );
  await expect(ledger.getByRole('listitem').filter({ hasText: 'ne mène pas à la racine' })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/verifier-proof-altered-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // 2. The operator rewrites the published checkpoint's root in the database, as superuser.
  const db = new pg.Client({ connectionString: superuserUrl() });
  await db.connect();
  const forged = root.replace(/^./, (c) => (c === '0' ? '1' : '0'));
  try {
    await db.query('begin');
    await db.query(`set local session_replication_role = replica`);
    await db.query('update ledger.checkpoint set root = $1 where seq = $2', [forged, seq]);
    await db.query('commit');
    await page.goto('/verifier');
    await input.setInputFiles({ name: 'dossier.zip', mimeType: 'application/zip', buffer: zip });
    await expect(page.getByTestId('dossier-result')).toContainText(/Dossier conforme/, { timeout: 60_000 });
    await expect(ledger).toContainText(`Preuves NON vérifiées (point de contrôle n° ${seq})`, { timeout: 60_000 });
    await expect(page.getByTestId('ledger-problems')).toContainText(
      `Le point de contrôle n° ${seq} publié a la racine ${forged}, le dossier a reçu ${root} : l’historique publié par l’opérateur diffère de celui qui a été donné au dossier.`,
    );
    await expect(ledger).toContainText('DIFFÉRENT de celui que porte le dossier');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/verifier-checkpoint-rewritten-390.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  } finally {
    // Put back: the other journeys run on the same server.
    await db.query('begin');
    await db.query(`set local session_replication_role = replica`);
    await db.query('update ledger.checkpoint set root = $1 where seq = $2', [root, seq]);
    await db.query('commit');
    await db.end();
  }
});

/** The first beat a LearningTimeRecorded (version ≥ 2) of the dossier binds: its session, seq, and the seqs of its group. */
function boundBeat(zip: Buffer): { sessionId: string; seq: number; seqs: number[] } {
  const events = JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(zip))['donnees/evenements.json'])) as { type: string; schemaVersion: number; payload: { sessionId?: string; beatSeqs?: number[] } }[];
  const bound = events.find((e) => e.type === 'LearningTimeRecorded' && e.schemaVersion >= 2 && (e.payload.beatSeqs ?? []).length > 0);
  expect(bound, 'a LearningTimeRecorded that binds its beats').toBeTruthy();
  const seqs = bound!.payload.beatSeqs!;
  return { sessionId: bound!.payload.sessionId!.toLowerCase(), seq: seqs[0], seqs };
}

test('a beat row altered in the database before the dossier was generated is named by the page', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  // Which beat: read from a dossier generated first, in a context of its own (the trainer's login stays there).
  const before = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await watchCspViolations(before);
  const { sessionId, seq, seqs } = boundBeat(await downloadDossier(await before.newPage(), request));
  await before.close();

  // The operator flips one stored beat's « visible », as superuser (triggers bypassed), then a dossier is generated.
  const db = new pg.Client({ connectionString: superuserUrl() });
  await db.connect();
  const flip = async () => {
    await db.query('begin');
    await db.query(`set local session_replication_role = replica`);
    const { rowCount } = await db.query('update progress.beat set visible = not visible where session_id = $1 and seq = $2', [sessionId, seq]);
    await db.query('commit');
    expect(rowCount).toBe(1);
  };
  await flip();
  try {
    const zip = await downloadDossier(page, request);
    await page.goto('/verifier');
    await page.locator('.ant-upload input[type=file]').setInputFiles({ name: 'dossier.zip', mimeType: 'application/zip', buffer: zip });
    // The files agree with their manifest, and the manifest is the centre's: only the rows' digests tell.
    await expect(page.getByTestId('dossier-result')).toContainText(/Dossier conforme à son manifeste/, { timeout: 60_000 });
    await expect(page.getByTestId('manifest-origin')).toContainText('Manifeste reconnu', { timeout: 30_000 });
    const rows = page.getByTestId('rows-check');
    await expect(rows).toContainText('1 groupe(s) de signaux ou enregistrement(s) SCORM ne correspondent plus aux empreintes des événements.');
    await expect(page.getByTestId('rows-problems').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('rows-problems')).toContainText(`Signaux de présence session ${sessionId}, seq ${seqs.join(', ')} : modifié depuis son enregistrement`);
    await page.screenshot({ path: 'test-results/verifier-beat-altered-1280.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/verifier-beat-altered-390.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  } finally {
    // Put back: the other journeys run on the same server.
    await flip();
    await db.end();
  }
});

/** Inès (backend/src/demo/demo-accounts.ts) follows Claire's pivot tables course, whose last chapter is a SCORM 2004 module (demo-media.ts). */
const INES = { email: 'ines.moreau@demo.lms-formation.fr', password: 'Etudiante2026!', name: 'Inès Moreau' };
const PIVOT_TABLES = 'Excel : tableaux croisés dynamiques';

test('a SCORM commit row altered in the database before the dossier was generated is named by the page', async ({ page, request }) => {
  test.setTimeout(240_000);
  const course = await courseId(request, PIVOT_TABLES);
  const db = new pg.Client({ connectionString: superuserUrl() });
  await db.connect();
  const chapter = (await db.query<{ id: number }>(`select id from catalogue.chapter where course_id = $1 and content_type = 'scorm' order by position limit 1`, [course])).rows[0]?.id;
  expect(chapter, 'the pivot tables’ SCORM module').toBeTruthy();

  // Inès's player commits her attempt through the runtime's call, in a session of its own.
  const login = await request.post('/api/student-login-jwt/', { data: { email: INES.email, password: INES.password } });
  expect(login.ok(), 'Inès’s login').toBe(true);
  const { access, student_id: student } = (await login.json()) as { access: string; student_id: number };
  const sessionId = randomUUID();
  const suspendData = `page=3;reponses=B,A,C;${sessionId.slice(0, 8)}`;
  const committed = await request.post('/api/scorm-progress/', {
    headers: { Authorization: `Bearer ${access}` },
    data: { student, course, chapter, session_id: sessionId, seq: 1, cmi_data: { completion_status: 'incomplete', location: 'page-3', suspend_data: suspendData, session_time: 'PT2M5S' } },
  });
  expect(committed.status(), await committed.text()).toBe(201);
  const stored = (await db.query<{ sco: string; suspend_data: string }>(`select sco, cmi->>'suspend_data' as suspend_data from progress.scorm_commit where session_id = $1 and seq = 1`, [sessionId])).rows;
  expect(stored).toEqual([{ sco: expect.any(String), suspend_data: suspendData }]);
  const bound = await db.query(`select 1 from eventlog.event where event_type = 'ScormCommitted' and schema_version >= 3 and payload->>'sessionId' = $1`, [sessionId]);
  expect(bound.rowCount, 'its ScormCommitted binds the row').toBe(1);

  // The operator rewrites the commit's suspend_data, as superuser (triggers bypassed), then the dossier is generated.
  const setSuspendData = async (value: string) => {
    await db.query('begin');
    await db.query(`set local session_replication_role = replica`);
    const { rowCount } = await db.query(`update progress.scorm_commit set cmi = jsonb_set(cmi, '{suspend_data}', to_jsonb($1::text)) where session_id = $2 and seq = 1`, [value, sessionId]);
    await db.query('commit');
    expect(rowCount).toBe(1);
  };
  await setSuspendData('page=9;reponses=A,A,A');
  try {
    const zip = await downloadDossier(page, request, PIVOT_TABLES, INES.name);
    const commits = JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(zip))['donnees/enregistrements-scorm.json'])) as unknown[];
    expect(JSON.stringify(commits)).toContain('page=9;reponses=A,A,A');
    await page.goto('/verifier');
    await page.locator('.ant-upload input[type=file]').setInputFiles({ name: 'dossier.zip', mimeType: 'application/zip', buffer: zip });
    // The files agree with their manifest, and the manifest is the centre's: only the row's digest tells.
    await expect(page.getByTestId('dossier-result')).toContainText(/Dossier conforme à son manifeste/, { timeout: 60_000 });
    await expect(page.getByTestId('manifest-origin')).toContainText('Manifeste reconnu', { timeout: 30_000 });
    await expect(page.getByTestId('rows-check')).toContainText('1 groupe(s) de signaux ou enregistrement(s) SCORM ne correspondent plus aux empreintes des événements.');
    const problems = page.getByTestId('rows-problems');
    await expect(problems.getByRole('listitem')).toHaveCount(1);
    await expect(problems).toContainText(`Enregistrement SCORM SCO « ${stored[0]!.sco} », session ${sessionId}, seq 1 : modifié depuis son enregistrement`);
    await page.screenshot({ path: 'test-results/verifier-scorm-altered-1280.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/verifier-scorm-altered-390.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  } finally {
    // Put back: the other journeys run on the same server.
    await setSuspendData(suspendData);
    await db.end();
  }
});

// Issue 27 item 3 (docs/adr/0038, docs/adr/0040): each dossier's manifest carries the checkpoint written
// for it and one Merkle inclusion proof per stream head; every proof verifies with the ledger's own
// verifyInclusion against the PUBLISHED checkpoint (GET /api/ledger/checkpoints/{seq}/), whose signature
// verifies with the published key; each proved head is in donnees/evenements.json with its hash. A
// technical-support request opened without a course is in the events file with its proof (ADR 0037).
// A batch asks for one checkpoint: every learner's proofs lead to it.
import { createHash, randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { verifyBody, verifyInclusion } from '../../../platform/ledger/index.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher} from '../../../testing/fixtures.js';
import { unzip } from '../../../testing/zip.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { subscriptionsBehind } from '../../../platform/event-log/checkpoints.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp({ JOBS_ENABLED: 'true', SHUTDOWN_GRACE_SECONDS: '5' });
  db = t.app.get(Database);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

interface LedgerSlot {
  checkpoint: { seq: number; root: string; streams: number; events: number; at: string; key_id: string; body: string; signature: string; timestamp_token: string | null };
  proofs: { stream_type: string; stream_id: string; last_version: number; last_hash: string; leaf_index: number; path: string[] }[];
  events_after_checkpoint: number;
  streams_after_checkpoint: string[];
  problems: string[];
}
interface Manifest {
  streams: { stream_type: string; stream_id: string; last_version: number; last_hash: string }[];
  ledger: LedgerSlot;
}
interface RawEvent { streamType: string; streamId: string; streamVersion: number; hash: string; type: string; payload: Record<string, unknown> }

/** Checks a learner's manifest against the server's published checkpoint and key, and its events file; returns the checkpoint's seq. */
async function expectProofsHold(manifest: Manifest, events: RawEvent[]): Promise<number> {
  const { checkpoint, proofs } = manifest.ledger;
  expect(manifest.ledger.problems).toEqual([]);
  const published = await call(t, 'GET', `/api/ledger/checkpoints/${checkpoint.seq}/`, undefined);
  expect(published.statusCode).toBe(200);
  expect(published.json()).toMatchObject({ seq: checkpoint.seq, root: checkpoint.root, body: checkpoint.body, signature: checkpoint.signature, key_id: checkpoint.key_id, stream_count: checkpoint.streams, event_count: checkpoint.events });
  const keys = (await call(t, 'GET', '/api/ledger/keys/', undefined)).json().keys as { key_id: string; public_key_pem: string }[];
  const key = keys.find((k) => k.key_id === checkpoint.key_id)!;
  expect(verifyBody(checkpoint.body, checkpoint.signature, key.public_key_pem)).toBe(true);
  // Every stream of the file is proved (the checkpoint was written for the dossier: nothing after it here).
  expect(manifest.ledger.events_after_checkpoint).toBe(0);
  expect(manifest.ledger.streams_after_checkpoint).toEqual([]);
  expect(proofs.map((p) => `${p.stream_type}/${p.stream_id}@${p.last_version}:${p.last_hash}`)).toEqual(manifest.streams.map((s) => `${s.stream_type}/${s.stream_id}@${s.last_version}:${s.last_hash}`));
  for (const p of proofs) {
    const leaf = `${p.stream_type}/${p.stream_id}@${p.last_version}:${p.last_hash}`;
    expect(verifyInclusion({ leaf, index: p.leaf_index, treeSize: checkpoint.streams, path: p.path }, published.json().root)).toBe(true);
    // The proved head is in the events file, same version and hash.
    expect(events.some((e) => e.streamType === p.stream_type && e.streamId === p.stream_id && e.streamVersion === p.last_version && e.hash === p.last_hash)).toBe(true);
    // A head altered does not prove.
    expect(verifyInclusion({ leaf: leaf.slice(0, -1) + (leaf.endsWith('0') ? '1' : '0'), index: p.leaf_index, treeSize: checkpoint.streams, path: p.path }, published.json().root)).toBe(false);
  }
  return checkpoint.seq;
}

async function world() {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId, title: 'Gestes et postures', chapters: [{ title: 'Porter une charge', contentType: 'text', duration: 0, textContent: 'Plier les genoux.' }] });
  const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [course.courseId]);
  const learners = [await givenStudent(t), await givenStudent(t)];
  for (const learner of learners) {
    await givenEnrolled(t, learner, course);
    const now = Date.now();
    const saved = await call(t, 'POST', '/api/progress/', learner.token, {
      student: learner.studentId, course: course.courseId, content_type: 'text', chapter: chapter!.id, session_id: randomUUID(),
      beats: [{ seq: 1, at: now - 1000, visible: true, focused: true, playing: false, last_input_at: now - 1000 }],
    });
    expect(saved.statusCode).toBe(201);
  }
  // The course's trainer follows each learner (tutoring's policy on the enrolment, after it commits): a
  // dossier asked before that would rightly count the follow-up among the events after its checkpoint
  // (a flake of this test on a loaded machine, not of the product).
  await eventually(async () => {
    const followed = await db.query('select 1 from tutoring.tutorship where teacher_id = $1 and student_id = any($2::int[]) and active', [teacher.teacherId, learners.map((l) => l.studentId)]);
    expect(followed).toHaveLength(learners.length);
    // …and every other reaction to what they did (the LRS's statements of their saves) has run.
    expect(await subscriptionsBehind(db)).toBe(0);
  });
  return { teacher, course, learners };
}

describe('the proofs in each dossier de preuves', () => {
  it('lead every stream head of one learner’s dossier to the published, signed checkpoint, a support request without a course included', async () => {
    const { course, learners } = await world();
    const [learner] = learners;
    // A request without a course, opened after the enrolment: the transcript takes it (ADR 0037), the events file too.
    const opened = await call(t, 'POST', '/api/support-requests', learner.token, { request_key: randomUUID(), category: 'connexion', message: 'Je ne reçois pas le lien de connexion.' });
    expect(opened.statusCode).toBe(201);
    const requestId = opened.json().id as number;
    const admin = await givenAdmin(t);

    const generated = await call(t, 'POST', `/api/evidence/students/${learner.studentId}/courses/${course.courseId}/dossier/`, admin.token);
    expect(generated.statusCode).toBe(201);
    const download = await call(t, 'GET', generated.json().download_url, admin.token);
    expect(download.statusCode).toBe(200);
    const entries = await unzip(download.rawPayload);
    const manifestBytes = entries.get('manifest.json')!;
    // The manifest with its proofs is still the one DossierGenerated hashes.
    expect(sha256(manifestBytes)).toBe(generated.json().manifest_sha256);
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
    const events = JSON.parse(entries.get('donnees/evenements.json')!.toString('utf8')) as RawEvent[];

    const request = events.filter((e) => e.type === 'SupportRequestOpened' && e.payload.requestId === requestId);
    expect(request).toHaveLength(1);
    expect(request[0].payload).toMatchObject({ studentId: learner.studentId, courseId: null });
    expect(manifest.ledger.proofs.some((p) => p.stream_type === request[0].streamType && p.stream_id === request[0].streamId)).toBe(true);
    // The other learner's request without a course is not in it.
    const other = await call(t, 'POST', '/api/support-requests', learners[1].token, { request_key: randomUUID(), category: 'autre', message: 'Autre demande.' });
    expect(other.statusCode).toBe(201);
    expect(events.some((e) => e.payload.requestId === other.json().id)).toBe(false);

    await expectProofsHold(manifest, events);
  }, 180_000);

  it('gives every learner of a batch proofs to the one checkpoint the batch asked for', async () => {
    const { course, learners } = await world();
    const admin = await givenAdmin(t);
    const asked = await call(t, 'POST', `/api/evidence/courses/${course.courseId}/dossiers/`, admin.token, {});
    expect(asked.statusCode).toBe(202);
    let dossier: { download_url: string } | null = null;
    await eventually(async () => {
      const state = (await call(t, 'GET', `/api/evidence/dossier-batches/${asked.json().job_id}/`, admin.token)).json();
      expect(state.state).toBe('completed');
      dossier = state.dossier;
    }, 120_000);
    const entries = await unzip((await call(t, 'GET', dossier!.download_url, admin.token)).rawPayload);
    const top = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { learners: { student_id: number; manifest: string; manifest_sha256: string }[] };
    expect(top.learners.map((l) => l.student_id).sort()).toEqual(learners.map((l) => l.studentId).sort());
    const seqs = new Set<number>();
    for (const entry of top.learners) {
      const bytes = entries.get(entry.manifest)!;
      expect(sha256(bytes)).toBe(entry.manifest_sha256);
      const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
      const events = JSON.parse(entries.get(entry.manifest.replace('manifest.json', 'donnees/evenements.json'))!.toString('utf8')) as RawEvent[];
      expect(manifest.ledger.proofs.length).toBeGreaterThan(0);
      seqs.add(await expectProofsHold(manifest, events));
    }
    expect(seqs.size).toBe(1);
  }, 240_000);
});

// Work at start done by one node of the deployment (docs/adr/0059): the image-variant backfill
// runs under onceAcrossNodes, so two nodes starting together never both do it, and a node that dies
// while doing it leaves it to the next start.
import pg from 'pg';
import { IMAGE_VARIANTS_BACKFILL } from '../storage/image-variants.js';
import { eventually } from '../testing/eventually.js';
import { createTestDatabase } from '../testing/test-database.js';
import { onceAcrossNodes } from './once-across-nodes.js';

let database: { url: string; drop: () => Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

/** A piece of work that runs until released, counting its runs. */
function heldWork() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { runs: 0, started: false };
  const work = async () => {
    state.runs += 1;
    state.started = true;
    await released;
  };
  return { state, work, release };
}

describe('work done once across nodes', () => {
  it('runs on the node that takes the lock; a node starting meanwhile skips it at once; a later start runs it again', async () => {
    const first = heldWork();
    const second = heldWork();
    const nodeA = onceAcrossNodes(database.url, IMAGE_VARIANTS_BACKFILL, first.work);
    await eventually(async () => expect(first.state.started).toBe(true), 10_000);
    // Node B starts while A is at it: it does not wait, and does not do it.
    await expect(onceAcrossNodes(database.url, IMAGE_VARIANTS_BACKFILL, second.work)).resolves.toBe(false);
    expect(second.state.runs).toBe(0);
    first.release();
    await expect(nodeA).resolves.toBe(true);
    expect(first.state.runs).toBe(1);
    // Another key is not held by it.
    await expect(onceAcrossNodes(database.url, 'platform:autre-travail', async () => undefined)).resolves.toBe(true);
    // Done and unlocked: the next node to start checks again (the backfill then finds nothing to make).
    const later = heldWork();
    later.release();
    await expect(onceAcrossNodes(database.url, IMAGE_VARIANTS_BACKFILL, later.work)).resolves.toBe(true);
    expect(later.state.runs).toBe(1);
  });

  it('leaves the work to another node once the node holding it is gone (its connection ends)', async () => {
    const dying = heldWork();
    const nodeA = onceAcrossNodes(database.url, IMAGE_VARIANTS_BACKFILL, dying.work);
    await eventually(async () => expect(dying.state.started).toBe(true), 10_000);
    const skipped = heldWork();
    await expect(onceAcrossNodes(database.url, IMAGE_VARIANTS_BACKFILL, skipped.work)).resolves.toBe(false);
    // The node dies: PostgreSQL ends its lock connection, as it does for a process killed or cut off.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`lms-lock:${IMAGE_VARIANTS_BACKFILL}`]);
    } finally {
      await admin.end();
    }
    const next = heldWork();
    next.release();
    await eventually(async () => expect(await onceAcrossNodes(database.url, IMAGE_VARIANTS_BACKFILL, next.work)).toBe(true), 10_000);
    expect(next.state.runs).toBe(1);
    dying.release();
    await nodeA.catch(() => undefined);
  });
});

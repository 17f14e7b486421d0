import { Database } from '../../../platform/database/database.js';
import { startSecondNode, startTestApp, type TestApp } from '../../../testing/test-app.js';
import { ConversationPresence, PRESENCE_WINDOW_MS } from './presence.js';

/** Presence shared by every node through PostgreSQL (docs/adr/0059): two instances stand for two nodes. */
describe('ConversationPresence', () => {
  let t: TestApp;
  let nodeA: ConversationPresence;
  let nodeB: ConversationPresence;
  let pair = 0;
  const nextPair = () => ({ teacher: 1000 + ++pair, student: 2000 + pair });

  beforeAll(async () => {
    t = await startTestApp();
    t.clock.set(new Date('2026-11-23T09:00:00Z'));
    nodeA = new ConversationPresence(t.app.get(Database), t.clock);
    nodeB = new ConversationPresence(t.app.get(Database), t.clock);
  });

  afterAll(() => t.close());

  it('counts a side that never polled absent (they will be e-mailed)', async () => {
    const { teacher, student } = nextPair();
    expect(await nodeB.isActive(teacher, student, 'student')).toBe(false);
  });

  it('sees on one node the poll another node served, up to 45 s after and not a millisecond later', async () => {
    const { teacher, student } = nextPair();
    await nodeA.mark(teacher, student, 'student');
    t.clock.advance(PRESENCE_WINDOW_MS);
    expect(await nodeB.isActive(teacher, student, 'student')).toBe(true);
    t.clock.advance(1);
    expect(await nodeB.isActive(teacher, student, 'student')).toBe(false);
  });

  it('keeps a chat polled every 4 s present, writing at most every 15 s per node', async () => {
    const { teacher, student } = nextPair();
    const db = t.app.get(Database);
    let writes = 0;
    const counted = { query: (...args: Parameters<Database['query']>) => (writes++, db.query(...args)), one: db.one.bind(db) } as unknown as Database;
    const node = new ConversationPresence(counted, t.clock);
    await node.mark(teacher, student, 'teacher');
    for (let i = 0; i < 20; i++) {
      t.clock.advance(4_000);
      await node.mark(teacher, student, 'teacher');
      expect(await nodeB.isActive(teacher, student, 'teacher')).toBe(true);
    }
    // 21 polls over 80 s: a write at 0 s, then once 15 s have passed (16, 32, 48, 64, 80 s).
    expect(writes).toBe(6);
  });

  it('says nothing of the other side, nor of another pair', async () => {
    const { teacher, student } = nextPair();
    await nodeA.mark(teacher, student, 'student');
    expect(await nodeB.isActive(teacher, student, 'teacher')).toBe(false);
    expect(await nodeB.isActive(teacher, student + 1, 'student')).toBe(false);
    expect(await nodeB.isActive(teacher + 1, student, 'student')).toBe(false);
  });

  it('never moves a presence back in time (a node whose write arrives late)', async () => {
    const { teacher, student } = nextPair();
    await nodeA.mark(teacher, student, 'student');
    t.clock.advance(-10_000);
    await nodeB.mark(teacher, student, 'student');
    t.clock.advance(10_000 + PRESENCE_WINDOW_MS);
    expect(await nodeA.isActive(teacher, student, 'student')).toBe(true);
  });

  it('is the same for two app nodes on one database: a poll served by one, seen by the other', async () => {
    const second = await startSecondNode(t);
    try {
      const { teacher, student } = nextPair();
      const onA = t.app.get(ConversationPresence);
      const onB = second.app.get(ConversationPresence);
      second.clock.set(t.clock.now());
      expect(await onB.isActive(teacher, student, 'student')).toBe(false);
      await onA.mark(teacher, student, 'student');
      expect(await onB.isActive(teacher, student, 'student')).toBe(true);
      second.clock.advance(PRESENCE_WINDOW_MS + 1);
      expect(await onB.isActive(teacher, student, 'student')).toBe(false);
    } finally {
      await second.close();
    }
  });
});

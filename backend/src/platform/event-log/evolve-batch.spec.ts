import { evolveBatch, planKeys } from './evolve-batch.js';
import type { Projection } from './projection.js';
import type { RecordedEvent } from './recorded-event.js';

interface Counter extends Record<string, unknown> {
  course_id: number;
  completions: number;
}

const counter: Projection<Counter> = {
  name: 'test.completions',
  table: 'test.completions',
  primaryKey: ['course_id'],
  handles: ['CourseCompleted', 'CourseDeleted'],
  key: (event) => (event.payload.courseId === undefined ? null : { course_id: event.payload.courseId as number }),
  evolve: (row, event) => {
    if (event.payload.boom) throw new Error('boom');
    if (event.type === 'CourseDeleted') return null;
    return { course_id: event.payload.courseId as number, completions: (row?.completions ?? 0) + 1 };
  },
};

let position = 0;
function event(type: string, payload: Record<string, unknown>): RecordedEvent {
  position += 1;
  return {
    position,
    transactionId: String(1000 + position),
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamType: 'test.course',
    streamId: String(payload.courseId ?? 0),
    streamVersion: 1,
    type,
    schemaVersion: 1,
    payload,
    metadata: { actorId: null, actorRole: null, correlationId: null, causationId: null },
    occurredAt: '2026-11-21T10:00:00.000Z',
    recordedAt: '2026-11-21T10:00:00.000Z',
    prevHash: null,
    hash: 'h',
  };
}

const run = (rows: Map<string, Counter>, events: RecordedEvent[]) => {
  const plan = planKeys(counter as unknown as Projection, events);
  return evolveBatch(counter as unknown as Projection, rows, events.slice(0, plan.keys.length), plan.keys);
};

describe('evolveBatch', () => {
  it('folds the events over the stored rows, in order', () => {
    const stored = new Map([['["1"]', { course_id: 1, completions: 5 }]]);
    const result = run(stored, [event('CourseCompleted', { courseId: 1 }), event('CourseCompleted', { courseId: 2 }), event('CourseCompleted', { courseId: 1 })]);
    expect(result.failure).toBeUndefined();
    expect(result.applied).toBe(3);
    expect([...result.changes.values()].map((c) => c.row)).toEqual([
      { course_id: 1, completions: 7 },
      { course_id: 2, completions: 1 },
    ]);
  });

  it('ignores an event the projection has no row for', () => {
    const result = run(new Map(), [event('CourseCompleted', {})]);
    expect(result.applied).toBe(1);
    expect(result.changes.size).toBe(0);
  });

  it('marks a row for deletion when evolve returns null', () => {
    const stored = new Map([['["3"]', { course_id: 3, completions: 2 }]]);
    expect(run(stored, [event('CourseDeleted', { courseId: 3 })]).changes.get('["3"]')).toEqual({ key: { course_id: 3 }, row: null });
  });

  it('stops at the event that throws, keeping the state of the events before it', () => {
    const events = [event('CourseCompleted', { courseId: 1 }), event('CourseCompleted', { courseId: 1, boom: true }), event('CourseCompleted', { courseId: 1 })];
    const result = run(new Map(), events);
    expect(result.applied).toBe(1);
    expect(result.failure).toMatchObject({ index: 1, event: events[1] });
    expect(result.changes.get('["1"]')?.row).toEqual({ course_id: 1, completions: 1 });
  });

  it('does not let evolve change the stored row it was given', () => {
    const row = { course_id: 1, completions: 1 };
    const mutating = { ...counter, evolve: (r: Counter | null) => Object.assign(r!, { completions: 99 }) };
    evolveBatch(mutating as unknown as Projection, new Map([['["1"]', row]]), [event('CourseCompleted', { courseId: 1 })], [{ course_id: 1 }]);
    expect(row.completions).toBe(1);
  });

  it('refuses an evolve that moves the row to another key', () => {
    const moving = { ...counter, evolve: () => ({ course_id: 42, completions: 1 }) };
    const result = evolveBatch(moving as unknown as Projection, new Map(), [event('CourseCompleted', { courseId: 1 })], [{ course_id: 1 }]);
    expect(String(result.failure?.error)).toContain('changé la clé');
  });
});

describe('planKeys', () => {
  it('stops at the first event whose key cannot be computed', () => {
    const broken = { ...counter, key: (e: RecordedEvent) => (e.payload.bad ? { course_id: null } : { course_id: 1 }) };
    const plan = planKeys(broken as unknown as Projection, [event('CourseCompleted', { courseId: 1 }), event('CourseCompleted', { bad: true })]);
    expect(plan.keys).toHaveLength(1);
    expect(plan.failure?.index).toBe(1);
  });
});

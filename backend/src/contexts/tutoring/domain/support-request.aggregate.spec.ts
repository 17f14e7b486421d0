import { createHash } from 'node:crypto';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import { SUPPORT_MESSAGES, SUPPORT_TEXT_MAX, SupportAnswer, SupportRequest } from './support-request.aggregate.js';

// The answers collection needs the ORM's metadata, not a database: discovered once, never connected.
let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [SupportRequest, SupportAnswer], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(async () => {
  await orm.close();
});

const OPENED = new Date('2026-11-23T09:00:00Z');
const LATER = new Date('2026-11-23T11:30:00Z');
const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const subject = { category: 'video', courseId: 4, stepKind: 'chapter' as const, stepId: 9 };
const refused = (kind: string, message: string, field?: string) => expect.objectContaining({ kind, message, ...(field ? { field } : {}) });

function opened(): SupportRequest {
  const request = new SupportRequest(3, 'a1e0b6f2-5c7d-4f1e-9b0a-2d3c4e5f6a7b');
  request.id = 12;
  request.open(subject, 'La vidéo ne démarre pas.', OPENED);
  return request;
}

describe('SupportRequest', () => {
  it('opens with its category, course and step, recording the text’s hash, not the text', () => {
    const request = opened();
    expect(request.stream()).toEqual({ type: 'tutoring.support-request', id: 12 });
    expect([request.status, request.openedAt, request.body]).toEqual(['ouverte', OPENED, 'La vidéo ne démarre pas.']);
    expect(request.takeEvents()).toEqual([
      { type: 'SupportRequestOpened', payload: { requestId: 12, studentId: 3, category: 'video', courseId: 4, stepKind: 'chapter', stepId: 9, sha256: hash('La vidéo ne démarre pas.'), length: [...'La vidéo ne démarre pas.'].length } },
    ]);
  });

  it('refuses an unknown category, a blank or too long text, recording nothing', () => {
    for (const [category, text, message] of [
      ['imprimante', 'Bonjour', SUPPORT_MESSAGES.category],
      ['video', '  \n ', SUPPORT_MESSAGES.emptyRequest],
      ['video', 42, SUPPORT_MESSAGES.emptyRequest],
      ['video', 'é'.repeat(SUPPORT_TEXT_MAX + 1), SUPPORT_MESSAGES.tooLong],
    ] as const) {
      const request = new SupportRequest(3, 'k');
      expect(() => request.open({ ...subject, category }, text, OPENED)).toThrow(refused('invalid', message));
      expect(request.takeEvents()).toEqual([]);
    }
    const request = new SupportRequest(3, 'k');
    request.open(subject, 'é'.repeat(SUPPORT_TEXT_MAX), OPENED);
    expect(request.hasPendingEvents).toBe(true);
  });

  it('the first answer sets the response delay from the server’s times and the status « répondue »; later ones do not', () => {
    const request = opened();
    request.takeEvents();
    const first = request.answer(7, 'teacher', 'Videz le cache.', 'key-1', LATER);
    expect([request.status, request.firstAnsweredAt, request.responseSeconds]).toEqual(['repondue', LATER, 9000]);
    const second = request.answer(1, 'admin', 'Est-ce réglé ?', 'key-2', new Date(LATER.getTime() + 60_000));
    expect(request.responseSeconds).toBe(9000);
    expect(request.takeEvents().map((e) => e.payload)).toEqual([
      expect.objectContaining({ answererId: 7, answererRole: 'teacher', sha256: first.sha256, responseSeconds: 9000, length: 15 }),
      expect.objectContaining({ answererId: 1, answererRole: 'admin', sha256: second.sha256, responseSeconds: null }),
    ]);
  });

  it('answers the answer already stored when its key comes again, recording nothing', () => {
    const request = opened();
    const first = request.answer(7, 'teacher', 'Videz le cache.', 'key-1', LATER);
    request.takeEvents();
    expect(request.answer(7, 'teacher', 'Videz le cache.', 'key-1', LATER)).toBe(first);
    expect(request.takeEvents()).toEqual([]);
    expect(request.answers.getItems()).toHaveLength(1);
  });

  it('resolves once; a resolved request takes no answer', () => {
    const request = opened();
    request.takeEvents();
    expect(request.resolve(1, 'admin', LATER)).toBe(true);
    expect(request.resolve(7, 'teacher', LATER)).toBe(false);
    expect(request.takeEvents()).toEqual([{ type: 'SupportRequestResolved', payload: { requestId: 12, studentId: 3, courseId: 4, resolvedById: 1, resolvedByRole: 'admin' } }]);
    expect([request.status, request.resolvedAt, request.resolvedByRole]).toEqual(['resolue', LATER, 'admin']);
    expect(() => request.answer(7, 'teacher', 'Encore', 'key-3', LATER)).toThrow(refused('conflict', SUPPORT_MESSAGES.resolved));
  });
});

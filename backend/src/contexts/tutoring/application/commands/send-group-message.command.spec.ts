import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Database } from '../../../../platform/database/database.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { Conversation, Message } from '../../domain/conversation.aggregate.js';
import { InMemoryStore } from '../testing/in-memory-store.js';
import { NOBODY_FOLLOWED, SendGroupMessage, SendGroupMessageHandler } from './send-group-message.command.js';
import { NOT_IN_YOUR_NAME } from './send-message.command.js';

let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [Conversation, Message], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(() => orm?.close());

const NOW = new Date('2026-11-23T09:00:00Z');
const clock = new (class extends Clock {
  now = () => NOW;
})();
const actor = (role: Actor['role'], profileId: number): Actor => ({ accountId: 100 + profileId, role, profileId, username: `${role}${profileId}`, jti: 'j' });
const trainer = actor('teacher', 7);
const refused = (name: string, message: string) => expect.objectContaining({ name, message });

/** Trainer 7 follows `followed`; the conversations in `store` already exist. */
function given(followed: number[], store = new InMemoryStore()) {
  const asked: unknown[][] = [];
  const db = { query: (_sql: string, params: unknown[]) => (asked.push(params), Promise.resolve(followed.map((student_id) => ({ student_id })))) } as unknown as Database;
  return { store, asked, send: (command: SendGroupMessage) => new SendGroupMessageHandler(store.asStore(), db, clock).execute(command) };
}

describe('SendGroupMessage', () => {
  describe('when the trainer writes to every student they follow', () => {
    it('sends one message to each, all with one group id, in one go', async () => {
      const { store, send } = given([3, 4]);
      expect(await send(new SendGroupMessage(trainer, 7, 'formateur', 'Classe virtuelle jeudi'))).toEqual({ recipients: 2 });
      const sent = store.events.map((e) => e.payload as { studentId: number; from: string; groupId: string });
      expect(sent.map((p) => [p.studentId, p.from])).toEqual([[3, 'teacher'], [4, 'teacher']]);
      expect(sent[0]!.groupId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(sent.map((p) => p.groupId)).size).toBe(1);
    });

    it('writes into the conversations that exist and opens the others', async () => {
      const existing = new Conversation(7, 3);
      existing.id = 50;
      const { store, send } = given([3, 4], new InMemoryStore([existing]));
      await send(new SendGroupMessage(trainer, 7, undefined, 'Bonjour'));
      expect(store.rows.map((c) => [c.id, (c as Conversation).studentId])).toEqual([[50, 3], [1, 4]]);
      expect(existing.messages.getItems().map((m) => [m.sender, m.body, m.sentAt])).toEqual([['teacher', 'Bonjour', NOW]]);
    });

    it.each([['formateur'], ['teacher'], [undefined]])('accepts msg_from %p', async (msgFrom) => {
      expect(await given([3]).send(new SendGroupMessage(trainer, 7, msgFrom, 'Bonjour'))).toEqual({ recipients: 1 });
    });
  });

  describe('when someone else than the trainer sends it', () => {
    it.each<[string, Actor]>([
      ['an admin', actor('admin', 1)],
      ['another trainer', actor('teacher', 8)],
      ['a student', actor('student', 7)],
    ])('refuses %s before asking who is followed', async (_, who) => {
      const { asked, send } = given([3]);
      await expect(send(new SendGroupMessage(who, 7, undefined, 'Bonjour'))).rejects.toThrow(refused('ForbiddenError', "Vous n'avez pas accès à cette ressource."));
      expect(asked).toEqual([]);
    });
  });

  describe("when the trainer writes in the students' name", () => {
    it('refuses it', async () => {
      await expect(given([3]).send(new SendGroupMessage(trainer, 7, 'student', 'Bonjour'))).rejects.toThrow(refused('ForbiddenError', NOT_IN_YOUR_NAME));
    });
  });

  describe('when the text is blank', () => {
    it('refuses it before asking who is followed', async () => {
      const { asked, store, send } = given([3]);
      await expect(send(new SendGroupMessage(trainer, 7, undefined, '  '))).rejects.toThrow(refused('InvalidInputError', "Veuillez saisir un message avant d'envoyer."));
      expect([asked, store.events]).toEqual([[], []]);
    });
  });

  describe('when the trainer follows nobody', () => {
    it('refuses with « Aucun étudiant ne vous est assigné » on the message field, sending nothing', async () => {
      const { store, send } = given([]);
      await expect(send(new SendGroupMessage(trainer, 7, undefined, 'Bonjour'))).rejects.toThrow(
        expect.objectContaining({ name: 'InvalidInputError', message: NOBODY_FOLLOWED, field: 'msg_to' }),
      );
      expect(store.events).toEqual([]);
    });
  });
});

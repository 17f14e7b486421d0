import type { QueryBus } from '@nestjs/cqrs';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Database } from '../../../../platform/database/database.js';
import type { MailMessage, MailService } from '../../../../platform/mail/mail.service.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { GetStudentSummaries, GetTeacherContacts } from '../../../identity/contracts/identity.queries.js';
import type { Side } from '../../contracts/tutoring.events.js';
import { Conversation, Message } from '../../domain/conversation.aggregate.js';
import { ConversationPresence } from '../presence.js';
import { InMemoryStore } from '../testing/in-memory-store.js';
import { NotifyRecipient, NotifyRecipientHandler } from './notify-recipient.command.js';

let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [Conversation, Message], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(() => orm?.close());

const clock = new (class extends Clock {
  now = () => new Date('2026-11-23T09:00:00Z');
})();
const teacher = { id: 7, email: 'claire@exemple.fr', full_name: 'Claire Martin' };
const student = { id: 3, email: 'lea@exemple.fr', fullname: 'Léa Durand' };

/**
 * Conversation 20 between trainer 7 and student 3, and message `messageId` in it from `sender`
 * (none when null). The mail server answers `delivers`.
 */
function given({ sender = 'teacher' as Side | null, delivers = true, contacts = true } = {}) {
  const conversation = new Conversation(7, 3);
  conversation.id = 20;
  const store = new InMemoryStore([conversation]);
  const db = { one: () => Promise.resolve(sender ? { sender, teacher_id: 7, student_id: 3 } : null) } as unknown as Database;
  const queries = {
    execute: (query: unknown) =>
      Promise.resolve(
        query instanceof GetTeacherContacts ? new Map(contacts ? [[7, teacher]] : []) : query instanceof GetStudentSummaries ? new Map(contacts ? [[3, student]] : []) : null,
      ),
  } as unknown as QueryBus;
  const mails: MailMessage[] = [];
  const mail = { sendSafely: (message: MailMessage) => (mails.push(message), Promise.resolve(delivers)) } as unknown as MailService;
  const presence = new ConversationPresence(clock);
  const handler = new NotifyRecipientHandler(store.asStore(), db, queries, mail, presence);
  return { conversation, store, mails, presence, notify: (messageId: number) => handler.execute(new NotifyRecipient(20, messageId)) };
}

describe('NotifyRecipient', () => {
  describe("when the trainer's message reaches a student who is away", () => {
    it('e-mails the student, naming the trainer and where to read it', async () => {
      const { mails, notify } = given();
      expect(await notify(301)).toBe(true);
      expect(mails).toEqual([
        {
          to: 'lea@exemple.fr',
          subject: 'Nouveau message de Claire Martin',
          text: expect.stringContaining('Bonjour Léa Durand,\n\nClaire Martin vous a écrit sur la plateforme de formation.'),
        },
      ]);
      expect(mails[0]!.text).toContain('« Mes formateurs »');
    });

    it('records RecipientNotified for the student, up to that message', async () => {
      const { store, conversation, notify } = given();
      await notify(301);
      expect(store.events).toEqual([
        { type: 'RecipientNotified', payload: { conversationId: 20, teacherId: 7, studentId: 3, recipient: 'student', upToMessageId: 301 } },
      ]);
      expect(conversation.studentNotifiedUpto).toBe(301);
    });
  });

  describe("when the student's message reaches a trainer who is away", () => {
    it('e-mails the trainer, pointing to « Mes étudiants »', async () => {
      const { mails, notify } = given({ sender: 'student' });
      await notify(302);
      expect(mails.map((m) => [m.to, m.subject])).toEqual([['claire@exemple.fr', 'Nouveau message de Léa Durand']]);
      expect(mails[0]!.text).toContain('« Mes étudiants »');
    });
  });

  describe('when the recipient has the conversation open', () => {
    it('sends nothing: the message appears in front of them', async () => {
      const { mails, store, presence, notify } = given();
      presence.mark(7, 3, 'student');
      expect(await notify(301)).toBe(false);
      expect([mails, store.events]).toEqual([[], []]);
    });
  });

  describe('when an e-mail already went out and the recipient has not read since', () => {
    it('sends no second one', async () => {
      const { mails, notify } = given();
      await notify(301);
      expect(await notify(302)).toBe(false);
      expect(mails).toHaveLength(1);
    });
  });

  describe('when the recipient read after the last e-mail', () => {
    it('e-mails again about a newer message', async () => {
      const { conversation, mails, notify } = given();
      await notify(301);
      conversation.markRead('student', 301);
      expect(await notify(305)).toBe(true);
      expect(mails).toHaveLength(2);
    });
  });

  describe('when the e-mail cannot be sent', () => {
    it('records nothing, so that the next message tries again', async () => {
      const { store, conversation, notify } = given({ delivers: false });
      expect(await notify(301)).toBe(false);
      expect([store.events, conversation.studentNotifiedUpto]).toEqual([[], 0]);
    });
  });

  describe('when the message, or one of the two people, is gone', () => {
    it('sends nothing for a message that no longer exists', async () => {
      const { mails, notify } = given({ sender: null });
      expect(await notify(301)).toBe(false);
      expect(mails).toEqual([]);
    });

    it('sends nothing when a contact cannot be found', async () => {
      const { mails, store, notify } = given({ contacts: false });
      expect(await notify(301)).toBe(false);
      expect([mails, store.events]).toEqual([[], []]);
    });
  });
});

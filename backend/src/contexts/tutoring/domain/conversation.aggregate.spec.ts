import { createHash } from 'node:crypto';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import { InvalidInputError } from '../../../shared-kernel/index.js';
import { checkMessageText, Conversation, EMPTY_MESSAGE, Message, MESSAGE_MAX, sha256 } from './conversation.aggregate.js';
import { NotFollowedError } from './tutoring.errors.js';

// The messages collection needs the ORM's metadata, not a database: discovered once, never connected.
let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [Conversation, Message], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(() => orm?.close());

const NOW = new Date('2026-11-23T09:00:00Z');
const FOLLOWS = true;

/** Trainer 7 and student 3's conversation, as loaded: the row has its id. */
function conversation(): Conversation {
  const c = new Conversation(7, 3);
  c.id = 20;
  return c;
}

/** Sends a message and gives it the id its insert would. */
function sent(c: Conversation, from: 'student' | 'teacher', id: number, text = 'Bonjour'): Message {
  const message = c.send(from, text, NOW, FOLLOWS);
  message.id = id;
  return message;
}

describe('a message text', () => {
  it('is kept as written, spaces and HTML included', () => {
    expect(checkMessageText('  <b>Bonjour</b>\n')).toBe('  <b>Bonjour</b>\n');
  });

  it.each([[''], ['   \n\t'], [undefined], [null], [42]])('refuses %p with « Veuillez saisir un message avant d\'envoyer. »', (text) => {
    expect(() => checkMessageText(text)).toThrow(InvalidInputError);
    expect(() => checkMessageText(text)).toThrow(EMPTY_MESSAGE);
  });

  it('accepts 5,000 characters, counting an emoji as one, and refuses one more', () => {
    expect(checkMessageText('😀'.repeat(MESSAGE_MAX))).toHaveLength(MESSAGE_MAX * 2);
    expect(() => checkMessageText('a'.repeat(MESSAGE_MAX + 1))).toThrow('Le message ne doit pas dépasser 5000 caractères.');
  });

  it('is proven by the sha256 of its UTF-8 text', () => {
    expect(sha256('Élève')).toBe(createHash('sha256').update(Buffer.from('Élève', 'utf8')).digest('hex'));
  });
});

describe('Conversation', () => {
  it('writes to the conversation stream of its row', () => {
    expect(conversation().stream()).toEqual({ type: 'tutoring.conversation', id: 20 });
  });

  describe('when the student writes to the trainer who follows them', () => {
    it('records MessageSent with the hash and length of the text, not the text', () => {
      const c = conversation();
      sent(c, 'student', 301, 'Où est le chapitre 2 ? 😀');
      expect(c.takeEvents()).toEqual([
        {
          type: 'MessageSent',
          payload: {
            conversationId: 20, messageId: 301, teacherId: 7, studentId: 3, from: 'student',
            sha256: sha256('Où est le chapitre 2 ? 😀'), length: 24, groupId: null,
          },
        },
      ]);
    });

    it('appends the message as written, with its sender and time', () => {
      const c = conversation();
      const message = sent(c, 'student', 301, ' <i>Merci</i> ');
      expect([message.sender, message.body, message.sentAt, message.groupId, message.sha256]).toEqual(['student', ' <i>Merci</i> ', NOW, null, sha256(' <i>Merci</i> ')]);
      expect(c.messages.getItems()).toEqual([message]);
      expect(message.conversation).toBe(c);
    });
  });

  describe('when the trainer writes to every student at once', () => {
    it('records the group id in the event and on the message', () => {
      const c = conversation();
      const message = c.send('teacher', 'À tous', NOW, FOLLOWS, '0b6d1f8e-0000-4000-8000-000000000001');
      message.id = 302;
      expect(message.groupId).toBe('0b6d1f8e-0000-4000-8000-000000000001');
      expect(c.takeEvents()[0]!.payload).toMatchObject({ from: 'teacher', messageId: 302, groupId: '0b6d1f8e-0000-4000-8000-000000000001' });
    });
  });

  describe('when the trainer no longer follows the student', () => {
    it('refuses either side with NotFollowedError, appending and recording nothing', () => {
      const c = conversation();
      for (const from of ['student', 'teacher'] as const) {
        expect(() => c.send(from, 'Bonjour', NOW, false)).toThrow(NotFollowedError);
      }
      expect([c.messages.length, c.hasPendingEvents, c.version]).toEqual([0, false, 0]);
    });
  });

  describe('when the text is blank or too long', () => {
    it('refuses it, appending and recording nothing', () => {
      const c = conversation();
      expect(() => c.send('teacher', ' ', NOW, FOLLOWS)).toThrow(EMPTY_MESSAGE);
      expect(() => c.send('teacher', 'x'.repeat(MESSAGE_MAX + 1), NOW, FOLLOWS)).toThrow('ne doit pas dépasser');
      expect([c.messages.length, c.hasPendingEvents]).toEqual([0, false]);
    });
  });

  describe('when a side reads up to the newest message', () => {
    it('records MessagesRead for that side only', () => {
      const c = conversation();
      expect(c.markRead('teacher', 301)).toBe(true);
      expect(c.takeEvents()).toEqual([{ type: 'MessagesRead', payload: { conversationId: 20, teacherId: 7, studentId: 3, reader: 'teacher', upToMessageId: 301 } }]);
      expect([c.teacherReadUpto, c.studentReadUpto]).toEqual([301, 0]);
    });
  });

  describe('when the reading does not move forward', () => {
    it.each([[301], [250], [0]])('ignores reading up to %i after 301, recording nothing', (upTo) => {
      const c = conversation();
      c.markRead('student', 301);
      c.takeEvents();
      expect(c.markRead('student', upTo)).toBe(false);
      expect([c.studentReadUpto, c.hasPendingEvents]).toEqual([301, false]);
    });

    it('ignores an empty conversation (nothing to read)', () => {
      const c = conversation();
      expect(c.markRead('teacher', 0)).toBe(false);
      expect(c.hasPendingEvents).toBe(false);
    });
  });

  describe('when deciding whether to e-mail the recipient of a message', () => {
    it('e-mails about an unread message when no e-mail is pending', () => {
      expect(conversation().needsNotice('teacher', 301)).toBe(true);
    });

    it('does not e-mail about a message already read', () => {
      const c = conversation();
      c.markRead('teacher', 301);
      expect(c.needsNotice('teacher', 301)).toBe(false);
    });

    it('sends one e-mail until they read, however many messages follow', () => {
      const c = conversation();
      c.notified('teacher', 301);
      expect(c.needsNotice('teacher', 302)).toBe(false);
      expect(c.needsNotice('teacher', 310)).toBe(false);
    });

    it('e-mails again about a message that came after they read', () => {
      const c = conversation();
      c.notified('teacher', 301);
      c.markRead('teacher', 301);
      expect(c.needsNotice('teacher', 302)).toBe(true);
    });

    it('counts each side apart', () => {
      const c = conversation();
      c.notified('teacher', 301);
      expect(c.needsNotice('student', 302)).toBe(true);
    });
  });

  describe('when the recipient has been e-mailed', () => {
    it('records RecipientNotified and remembers up to which message', () => {
      const c = conversation();
      c.notified('student', 305);
      expect(c.takeEvents()).toEqual([
        { type: 'RecipientNotified', payload: { conversationId: 20, teacherId: 7, studentId: 3, recipient: 'student', upToMessageId: 305 } },
      ]);
      expect([c.studentNotifiedUpto, c.teacherNotifiedUpto]).toEqual([305, 0]);
    });
  });

  describe('when a new conversation records its first message before the insert', () => {
    it('names the ids the inserts gave the conversation and the message', () => {
      const c = new Conversation(7, 3);
      const message = c.send('teacher', 'Bienvenue', NOW, FOLLOWS);
      c.id = 21;
      message.id = 400;
      expect(c.takeEvents()[0]!.payload).toMatchObject({ conversationId: 21, messageId: 400 });
    });
  });
});

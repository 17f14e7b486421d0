// The e-mail to the recipient of a message who is away, on the real application: messages are sent
// through the CommandBus, the notification policy reacts to their MessageSent events, and the mail
// reaches a real SMTP server on loopback. What is checked: the mails received, the
// RecipientNotified events and the conversation's notified-up-to marks.
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { eventually } from '../../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../../platform/testing/smtp-catcher.js';
import { call, givenFollowing, givenStudent, givenTeacher, type GivenStudent, type GivenTeacher } from '../../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../../testing/test-app.js';
import { PRESENCE_WINDOW_MS } from '../presence.js';
import { MarkMessagesRead } from './mark-messages-read.command.js';
import { NotifyRecipient } from './notify-recipient.command.js';
import { SendMessage } from './send-message.command.js';

let t: TestApp;
let db: Database;
let commands: CommandBus;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  db = t.app.get(Database);
  commands = t.app.get(CommandBus);
});

afterEach(() => t.clock.release());

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** A new trainer following a new student. */
async function pair() {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  await givenFollowing(t, teacher, student);
  return { teacher, student };
}

type Pair = { teacher: GivenTeacher; student: GivenStudent };

/** One message from `from`'s side; its id and its conversation's. */
async function send({ teacher, student }: Pair, from: 'teacher' | 'student', text = 'Bonjour') {
  const actor = from === 'teacher' ? teacher.actor : student.actor;
  const { id } = await commands.execute(new SendMessage(actor, teacher.teacherId, student.studentId, undefined, text));
  const [conversation] = await db.query<{ id: number }>('select id from tutoring.conversation where teacher_id = $1 and student_id = $2', [teacher.teacherId, student.studentId]);
  return { messageId: id, conversationId: conversation!.id };
}

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => ({ to: m.to, ...readMail(m) }));
const notices = (studentId: number) =>
  db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = 'RecipientNotified' and (payload->>'studentId')::int = $1 order by position`, [
    studentId,
  ]);
const marks = async (conversationId: number) =>
  (
    await db.query<{ student: number; teacher: number }>('select student_notified_upto::int as student, teacher_notified_upto::int as teacher from tutoring.conversation where id = $1', [
      conversationId,
    ])
  )[0];

/** The notification policy has handled every message sent so far (its checkpoint is past them all). */
const policyCaughtUp = () =>
  eventually(async () => {
    const [status] = await db.query<{ lag: number }>(
      `select count(*)::int as lag from eventlog.event e, eventlog.checkpoint c
        where c.name = 'tutoring.message-notification' and (e.transaction_id, e.position) > (c.transaction_id, c.position) and e.event_type = 'MessageSent'`,
    );
    expect(status!.lag).toBe(0);
  }, 10_000);

describe('tutoring.message-notification', () => {
  describe('when a message is sent', () => {
    it('notifies its recipient about that message of that conversation', async () => {
      const p = await pair();
      const { messageId, conversationId } = await send(p, 'teacher');
      await eventually(async () => expect(await notices(p.student.studentId)).toHaveLength(1), 10_000);
      expect((await notices(p.student.studentId))[0]!.payload).toEqual({
        conversationId, teacherId: p.teacher.teacherId, studentId: p.student.studentId, recipient: 'student', upToMessageId: messageId,
      });
      expect(await marks(conversationId)).toEqual({ student: messageId, teacher: 0 });
    });
  });
});

describe('NotifyRecipient', () => {
  describe("when the trainer's message reaches a student who is away", () => {
    it('e-mails the student, naming the trainer and where to read it, but not the text', async () => {
      const p = await pair();
      await send(p, 'teacher', 'Voici la correction du module 2');
      await eventually(async () => expect(mailsTo(p.student.email)).toHaveLength(1), 10_000);
      const [mail] = mailsTo(p.student.email);
      expect(mail).toEqual({
        to: [p.student.email],
        subject: `Nouveau message de ${p.teacher.details.fullName}`,
        text: expect.stringContaining(`Bonjour ${p.student.fullname},\n\n${p.teacher.details.fullName} vous a écrit sur la plateforme de formation.`),
      });
      expect(mail!.text).toContain('« Mes formateurs »');
      expect(mail!.text).not.toContain('correction');
    });
  });

  describe("when the student's message reaches a trainer who is away", () => {
    it('e-mails the trainer, pointing to « Mes étudiants », and records it for the trainer', async () => {
      const p = await pair();
      const { messageId, conversationId } = await send(p, 'student');
      await eventually(async () => expect(mailsTo(p.teacher.email)).toHaveLength(1), 10_000);
      const [mail] = mailsTo(p.teacher.email);
      expect(mail!.subject).toBe(`Nouveau message de ${p.student.fullname}`);
      expect(mail!.text).toContain('« Mes étudiants »');
      await eventually(async () => expect((await notices(p.student.studentId)).map((e) => e.payload.recipient)).toEqual(['teacher']));
      expect(await marks(conversationId)).toEqual({ student: 0, teacher: messageId });
    });
  });

  describe('when the recipient has the conversation open', () => {
    it('sends nothing: the message appears in front of them', async () => {
      const p = await pair();
      // The student's chat polls the history, which marks them present.
      expect((await call(t, 'GET', `/api/get-message/${p.teacher.teacherId}/${p.student.studentId}`, p.student.token)).statusCode).toBe(200);
      const { messageId, conversationId } = await send(p, 'teacher');
      await policyCaughtUp();
      expect(await commands.execute(new NotifyRecipient(conversationId, messageId))).toBe(false);
      expect([mailsTo(p.student.email), await notices(p.student.studentId)]).toEqual([[], []]);
    });

    it('e-mails once the chat has not asked for news within the presence window', async () => {
      const p = await pair();
      await call(t, 'GET', `/api/get-message/${p.teacher.teacherId}/${p.student.studentId}`, p.student.token);
      const { messageId, conversationId } = await send(p, 'teacher');
      await policyCaughtUp();
      t.clock.advance(PRESENCE_WINDOW_MS + 1000);
      expect(await commands.execute(new NotifyRecipient(conversationId, messageId))).toBe(true);
      expect(mailsTo(p.student.email)).toHaveLength(1);
    });
  });

  describe('when an e-mail already went out and the recipient has not read since', () => {
    it('sends no second one', async () => {
      const p = await pair();
      await send(p, 'teacher', 'Premier');
      await eventually(async () => expect(mailsTo(p.student.email)).toHaveLength(1), 10_000);
      const second = await send(p, 'teacher', 'Second');
      await policyCaughtUp();
      expect(await commands.execute(new NotifyRecipient(second.conversationId, second.messageId))).toBe(false);
      expect(mailsTo(p.student.email)).toHaveLength(1);
      expect(await notices(p.student.studentId)).toHaveLength(1);
    });
  });

  describe('when the recipient read after the last e-mail', () => {
    it('e-mails again about a newer message', async () => {
      const p = await pair();
      await send(p, 'teacher', 'Premier');
      await eventually(async () => expect(mailsTo(p.student.email)).toHaveLength(1), 10_000);
      expect(await commands.execute(new MarkMessagesRead(p.student.actor, p.teacher.teacherId, p.student.studentId))).toBe(true);
      const newer = await send(p, 'teacher', 'Nouveau');
      await eventually(async () => expect(mailsTo(p.student.email)).toHaveLength(2), 10_000);
      await eventually(async () => expect((await notices(p.student.studentId)).map((e) => e.payload.upToMessageId)).toHaveLength(2));
      expect((await notices(p.student.studentId))[1]!.payload.upToMessageId).toBe(newer.messageId);
    });
  });

  describe('when the e-mail cannot be sent', () => {
    it('records nothing, so that the next message tries again', async () => {
      const p = await pair();
      smtp.refused.add(p.student.email);
      const first = await send(p, 'teacher', 'Premier');
      await policyCaughtUp();
      expect([mailsTo(p.student.email), await notices(p.student.studentId), await marks(first.conversationId)]).toEqual([[], [], { student: 0, teacher: 0 }]);

      smtp.refused.delete(p.student.email);
      const next = await send(p, 'teacher', 'Second');
      await eventually(async () => expect(mailsTo(p.student.email)).toHaveLength(1), 10_000);
      await eventually(async () => expect((await notices(p.student.studentId)).map((e) => e.payload.upToMessageId)).toEqual([next.messageId]));
    });
  });

  describe('when the message is gone', () => {
    it('sends nothing for a message that no longer exists, or is not of that conversation', async () => {
      const p = await pair();
      const other = await pair();
      const { conversationId } = await send(p, 'teacher');
      const elsewhere = await send(other, 'teacher');
      await policyCaughtUp();
      const before = smtp.mails.length;
      expect(await commands.execute(new NotifyRecipient(conversationId, 999_999_999))).toBe(false);
      expect(await commands.execute(new NotifyRecipient(conversationId, elsewhere.messageId))).toBe(false);
      expect(smtp.mails.length).toBe(before);
    });
  });
});

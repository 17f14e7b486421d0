// A trainer's message to every student they follow, through the application's CommandBus on a real
// PostgreSQL: the conversations and messages stored and the MessageSent events are what is checked.
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { givenAdmin, givenFollowing, givenStudent, givenTeacher, type GivenAdmin, type GivenTeacher } from '../../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../../testing/test-app.js';
import { NOBODY_FOLLOWED, SendGroupMessage } from './send-group-message.command.js';
import { NOT_IN_YOUR_NAME, SendMessage } from './send-message.command.js';

let t: TestApp;
let db: Database;
let commands: CommandBus;
let admin: GivenAdmin;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  commands = t.app.get(CommandBus);
  admin = await givenAdmin(t);
});

afterEach(() => t.clock.release());
afterAll(() => t?.close());

/** A new trainer following `followed` new students. */
async function trainerFollowing(followed: number) {
  const [teacher, ...students] = await Promise.all([givenTeacher(t), ...Array.from({ length: followed }, () => givenStudent(t))]);
  for (const student of students) await givenFollowing(t, teacher, student);
  return { teacher: teacher!, students };
}

/** The messages the trainer's MessageSent events record, in log order, with the transaction that appended each. */
const sentBy = (teacher: GivenTeacher) =>
  db.query<{ studentId: number; from: string; groupId: string | null; transaction_id: string }>(
    `select (payload->>'studentId')::int as "studentId", payload->>'from' as "from", payload->>'groupId' as "groupId", transaction_id::text
       from eventlog.event where event_type = 'MessageSent' and (payload->>'teacherId')::int = $1 order by position`,
    [teacher.teacherId],
  );
const refused = (name: string, message: string, more: object = {}) => expect.objectContaining({ name, message, ...more });

describe('SendGroupMessage', () => {
  describe('when the trainer writes to every student they follow', () => {
    it('sends one message to each, all with one group id, in one go', async () => {
      const { teacher, students } = await trainerFollowing(2);
      expect(await commands.execute(new SendGroupMessage(teacher.actor, teacher.teacherId, 'formateur', 'Classe virtuelle jeudi'))).toEqual({ recipients: 2 });
      const sent = await sentBy(teacher);
      expect(sent.map((e) => [e.studentId, e.from]).sort()).toEqual(students.map((s) => [s.studentId, 'teacher']).sort());
      expect(sent[0]!.groupId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(sent.map((e) => e.groupId)).size).toBe(1);
      // In one go: both events were appended by the one transaction.
      expect(new Set(sent.map((e) => e.transaction_id)).size).toBe(1);
    });

    it('writes into the conversations that exist and opens the others', async () => {
      const { teacher, students } = await trainerFollowing(2);
      const [known, fresh] = students as [(typeof students)[number], (typeof students)[number]];
      await commands.execute(new SendMessage(known.actor, teacher.teacherId, known.studentId, 'student', 'Bonjour, une question'));
      const [existing] = await db.query<{ id: number }>('select id from tutoring.conversation where teacher_id = $1', [teacher.teacherId]);
      const NOW = new Date('2026-11-23T09:00:00Z');
      t.clock.set(NOW);

      await commands.execute(new SendGroupMessage(teacher.actor, teacher.teacherId, undefined, 'Bonjour'));
      const conversations = await db.query<{ id: number; student_id: number }>('select id, student_id from tutoring.conversation where teacher_id = $1 order by id', [
        teacher.teacherId,
      ]);
      expect(conversations).toEqual([
        { id: existing!.id, student_id: known.studentId },
        { id: expect.any(Number), student_id: fresh.studentId },
      ]);
      const messages = await db.query<{ sender: string; body: string; sent_at: Date }>(
        'select sender, body, sent_at from tutoring.message where conversation_id = $1 order by id',
        [existing!.id],
      );
      expect(messages.map((m) => [m.sender, m.body])).toEqual([['student', 'Bonjour, une question'], ['teacher', 'Bonjour']]);
      expect(messages[1]!.sent_at).toEqual(NOW);
    });

    it.each([['formateur'], ['teacher'], [undefined]])('accepts msg_from %p', async (msgFrom) => {
      const { teacher } = await trainerFollowing(1);
      expect(await commands.execute(new SendGroupMessage(teacher.actor, teacher.teacherId, msgFrom, 'Bonjour'))).toEqual({ recipients: 1 });
    });
  });

  describe('when someone else than the trainer sends it', () => {
    it.each<[string, (teacher: GivenTeacher) => Promise<Actor>]>([
      ['an admin', () => Promise.resolve(admin.actor)],
      ['another trainer', async () => (await givenTeacher(t)).actor],
      // The role is checked, not only the number: a student whose profile id is the trainer's.
      ['a student', async (teacher) => ({ ...(await givenStudent(t)).actor, profileId: teacher.teacherId })],
    ])('refuses %s, sending nothing', async (_, who) => {
      const { teacher } = await trainerFollowing(1);
      await expect(commands.execute(new SendGroupMessage(await who(teacher), teacher.teacherId, undefined, 'Bonjour'))).rejects.toThrow(
        refused('ForbiddenError', "Vous n'avez pas accès à cette ressource."),
      );
      expect(await sentBy(teacher)).toEqual([]);
    });
  });

  describe("when the trainer writes in the students' name", () => {
    it('refuses it', async () => {
      const { teacher } = await trainerFollowing(1);
      await expect(commands.execute(new SendGroupMessage(teacher.actor, teacher.teacherId, 'student', 'Bonjour'))).rejects.toThrow(
        refused('ForbiddenError', NOT_IN_YOUR_NAME),
      );
      expect(await sentBy(teacher)).toEqual([]);
    });
  });

  describe('when the text is blank', () => {
    it('refuses it, sending nothing', async () => {
      const { teacher } = await trainerFollowing(1);
      await expect(commands.execute(new SendGroupMessage(teacher.actor, teacher.teacherId, undefined, '  '))).rejects.toThrow(
        refused('InvalidInputError', "Veuillez saisir un message avant d'envoyer."),
      );
      expect(await sentBy(teacher)).toEqual([]);
    });
  });

  describe('when the trainer follows nobody', () => {
    it('refuses with « Aucun étudiant ne vous est assigné » on the message field, sending nothing', async () => {
      const { teacher } = await trainerFollowing(0);
      await expect(commands.execute(new SendGroupMessage(teacher.actor, teacher.teacherId, undefined, 'Bonjour'))).rejects.toThrow(
        refused('InvalidInputError', NOBODY_FOLLOWED, { field: 'msg_to' }),
      );
      expect(await sentBy(teacher)).toEqual([]);
    });
  });
});

// Who follows whom, through the application's CommandBus on a real PostgreSQL: the link row in
// tutoring.tutorship and the events in the log are what is checked.
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { givenAdmin, givenCourse, givenStudent, givenTeacher, type GivenAdmin } from '../../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../../testing/test-app.js';
import { AssignTrainer } from './assign-trainer.command.js';
import { UnassignTrainer } from './unassign-trainer.command.js';

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

afterAll(() => t?.close());

/** A new trainer and a new student, no link between them. */
async function pair() {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  return { teacher, student };
}

/** The student's tutoring links as stored, and the tutoring events about them, in log order. */
const links = (studentId: number) =>
  db.query<{ id: number; teacher_id: number; active: boolean }>('select id, teacher_id, active from tutoring.tutorship where student_id = $1 order by id', [studentId]);
const linkEvents = (studentId: number) =>
  db.query<{ type: string; payload: Record<string, unknown> }>(
    `select event_type as type, payload from eventlog.event
      where event_type in ('TrainerAssignedToStudent', 'TrainerUnassignedFromStudent') and (payload->>'studentId')::int = $1 order by position`,
    [studentId],
  );
const refused = (name: string, message?: string) => expect.objectContaining({ name, ...(message ? { message } : {}) });

describe('AssignTrainer', () => {
  describe('when an admin assigns a trainer to a student', () => {
    it('starts the link and records it', async () => {
      const { teacher, student } = await pair();
      expect(await commands.execute(new AssignTrainer(admin.actor, teacher.teacherId, student.studentId))).toBe(true);
      const [link] = await links(student.studentId);
      expect(link).toEqual({ id: expect.any(Number), teacher_id: teacher.teacherId, active: true });
      expect(await linkEvents(student.studentId)).toEqual([
        {
          type: 'TrainerAssignedToStudent',
          payload: { tutorshipId: link!.id, teacherId: teacher.teacherId, studentId: student.studentId, origin: 'admin', courseId: null },
        },
      ]);
    });

    it('changes nothing the second time, on the same row', async () => {
      const { teacher, student } = await pair();
      await commands.execute(new AssignTrainer(admin.actor, teacher.teacherId, student.studentId));
      expect(await commands.execute(new AssignTrainer(admin.actor, teacher.teacherId, student.studentId))).toBe(false);
      expect([(await links(student.studentId)).length, (await linkEvents(student.studentId)).length]).toEqual([1, 1]);
    });
  });

  describe('when the system assigns (an enrolment, a student created with their trainer)', () => {
    it('needs no admin', async () => {
      const { teacher, student } = await pair();
      const course = await givenCourse(t, { teacherId: teacher.teacherId });
      expect(await commands.execute(new AssignTrainer('system', teacher.teacherId, student.studentId, 'enrolment', course.courseId))).toBe(true);
      const [assigned] = await linkEvents(student.studentId);
      expect(assigned!.payload).toMatchObject({ origin: 'enrolment', courseId: course.courseId });
    });
  });

  describe('when someone else than an admin assigns', () => {
    it.each<[string, (p: Awaited<ReturnType<typeof pair>>) => Actor]>([
      ['the trainer', ({ teacher }) => teacher.actor],
      ['the student', ({ student }) => student.actor],
    ])('refuses %s', async (_, who) => {
      const p = await pair();
      await expect(commands.execute(new AssignTrainer(who(p), p.teacher.teacherId, p.student.studentId))).rejects.toThrow(
        refused('ForbiddenError', "Vous n'avez pas accès à cette ressource."),
      );
      expect(await links(p.student.studentId)).toEqual([]);
    });
  });

  describe('when the trainer or the student does not exist', () => {
    it('refuses with « Formateur introuvable. » or « Étudiant non trouvé. »', async () => {
      const { teacher, student } = await pair();
      await expect(commands.execute(new AssignTrainer(admin.actor, 999_999, student.studentId))).rejects.toThrow(refused('NotFoundError', 'Formateur introuvable.'));
      await expect(commands.execute(new AssignTrainer('system', teacher.teacherId, 999_999))).rejects.toThrow(refused('NotFoundError', 'Étudiant non trouvé.'));
      expect(await db.query('select 1 from tutoring.tutorship where teacher_id = $1 or student_id = $2', [teacher.teacherId, student.studentId])).toEqual([]);
    });
  });
});

describe('UnassignTrainer', () => {
  describe('when an admin ends a link', () => {
    it('records it, and a later assignment starts the same row again', async () => {
      const { teacher, student } = await pair();
      await commands.execute(new AssignTrainer(admin.actor, teacher.teacherId, student.studentId));
      const [first] = await links(student.studentId);
      await commands.execute(new UnassignTrainer(admin.actor, teacher.teacherId, student.studentId));
      expect((await links(student.studentId)).map((l) => l.active)).toEqual([false]);
      await commands.execute(new AssignTrainer(admin.actor, teacher.teacherId, student.studentId));
      expect((await linkEvents(student.studentId)).map((e) => e.type)).toEqual(['TrainerAssignedToStudent', 'TrainerUnassignedFromStudent', 'TrainerAssignedToStudent']);
      expect((await links(student.studentId)).map((l) => [l.id, l.active])).toEqual([[first!.id, true]]);
    });
  });

  describe('when there is no link', () => {
    it("refuses with 'Aucune assignation trouvée'", async () => {
      const { teacher, student } = await pair();
      await expect(commands.execute(new UnassignTrainer(admin.actor, teacher.teacherId, student.studentId))).rejects.toThrow(
        refused('TutorshipNotFoundError', 'Aucune assignation trouvée'),
      );
      expect(await linkEvents(student.studentId)).toEqual([]);
    });
  });

  describe('when someone else than an admin unassigns', () => {
    it('refuses the trainer, and the link stays', async () => {
      const { teacher, student } = await pair();
      await commands.execute(new AssignTrainer(admin.actor, teacher.teacherId, student.studentId));
      await expect(commands.execute(new UnassignTrainer(teacher.actor, teacher.teacherId, student.studentId))).rejects.toThrow(refused('ForbiddenError'));
      expect((await links(student.studentId)).map((l) => l.active)).toEqual([true]);
    });
  });
});

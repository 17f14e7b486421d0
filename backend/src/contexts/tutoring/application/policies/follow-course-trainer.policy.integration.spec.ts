// The policy that makes a course's trainer follow the students who enrol in it, on the real
// application: students enrol through the CommandBus, the policy reacts to StudentEnrolled in the
// log, and the tutoring links, the TrainerAssignedToStudent events and the policy's checkpoint are
// what is checked.
import { Database } from '../../../../platform/database/database.js';
import { eventually } from '../../../../platform/testing/eventually.js';
import {
  call, givenAdmin, givenCategory, givenCourse, givenEnrolled, givenFavourite, givenPublished, givenStudent, givenTeacher, uniqueName, type GivenAdmin,
} from '../../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../../testing/test-app.js';
import { linksOf as links, policyCaughtUp, policyCheckpoint, refuseLinksOfTrainer } from '../testing/policy-checkpoint.js';

const POLICY = 'tutoring.follow-course-trainer';

let t: TestApp;
let db: Database;
let admin: GivenAdmin;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterEach(() => t.clock.release());
afterAll(() => t?.close());

/** A new student, and a new course given by a new trainer. */
async function world() {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  return { teacher, student, course };
}

const linksOf = (studentId: number) => links(db, studentId);
const assignedTo = (studentId: number) =>
  db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = 'TrainerAssignedToStudent' and (payload->>'studentId')::int = $1`, [studentId]);
const caughtUp = () => policyCaughtUp(db, POLICY, 'StudentEnrolled');

describe(POLICY, () => {
  describe('when a student only does something else with a course (a favourite)', () => {
    it('handles StudentEnrolled only, and assigns nobody', async () => {
      const { student, course } = await world();
      await givenFavourite(t, student, course);
      const status = (await call(t, 'GET', '/api/admin/projections', admin.token)).json();
      expect(status.items.find((item: { name: string }) => item.name === POLICY)).toMatchObject({ kind: 'policy', handles: ['StudentEnrolled'] });
      await caughtUp();
      expect(await linksOf(student.studentId)).toEqual([]);
    });
  });

  describe('when a student enrols in a course that has a trainer', () => {
    it('has the trainer follow the student, by the system, naming the course', async () => {
      const { teacher, student, course } = await world();
      await givenEnrolled(t, student, course);
      await eventually(async () => expect(await linksOf(student.studentId)).toEqual([{ teacher_id: teacher.teacherId, active: true, origin: 'enrolment' }]));
      expect((await assignedTo(student.studentId)).map((e) => e.payload)).toEqual([
        { tutorshipId: expect.any(Number), teacherId: teacher.teacherId, studentId: student.studentId, origin: 'enrolment', courseId: course.courseId },
      ]);
    });
  });

  describe('when the course has no trainer yet', () => {
    it('assigns nobody', async () => {
      const [student, category] = await Promise.all([givenStudent(t), givenCategory(t)]);
      // An admin's course for no trainer yet (the back office's « non assigné »).
      const created = await call(t, 'POST', '/api/course', admin.token, { title: uniqueName('Cours sans formateur'), category: category.categoryId });
      expect(created.statusCode).toBe(201);
      await givenPublished(t, admin.token, created.json().id);
      await givenEnrolled(t, student, { courseId: created.json().id }, admin);
      await caughtUp();
      expect(await linksOf(student.studentId)).toEqual([]);
    });
  });

  describe('when assigning fails otherwise', () => {
    it('fails, so that the event is tried again, and follows once it goes through', async () => {
      const { teacher, student, course } = await world();
      const lift = await refuseLinksOfTrainer(db, teacher.teacherId);
      try {
        const at = new Date();
        t.clock.set(at); // the backoff waits on the injected clock: the policy stays on this event until it moves
        await givenEnrolled(t, student, course);
        await eventually(async () => expect(await policyCheckpoint(db, POLICY, 'StudentEnrolled')).toMatchObject({ lag: 1, error_count: 1 }), 10_000);
        const failing = await policyCheckpoint(db, POLICY, 'StudentEnrolled');
        expect(failing.last_error).toContain(`test_refuse_links_of_trainer_${teacher.teacherId}`);
        expect(failing.next_retry_at!.getTime()).toBeGreaterThan(at.getTime());
        expect(await linksOf(student.studentId)).toEqual([]);
      } finally {
        await lift();
      }
      t.clock.advance(60_000);
      await caughtUp();
      expect(await linksOf(student.studentId)).toEqual([{ teacher_id: teacher.teacherId, active: true, origin: 'enrolment' }]);
    });
  });
});

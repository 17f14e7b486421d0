// The policy that makes the trainer an admin chose when creating a student follow them, on the real
// application: the admin creates students through the back office's endpoint, the policy reacts to
// StudentCreated in the log, and the tutoring links and the policy's checkpoint are what is checked.
import { Database } from '../../../../platform/database/database.js';
import { eventually } from '../../../../platform/testing/eventually.js';
import { call, givenAdmin, givenTeacher, uniqueKey, type GivenAdmin } from '../../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../../testing/test-app.js';
import { linksOf as links, policyCaughtUp, policyCheckpoint, refuseLinksOfTrainer } from '../testing/policy-checkpoint.js';

const POLICY = 'tutoring.trainer-at-creation';

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

/** An admin creates a student with their record (POST /students/), choosing `trainerId` or nobody; the new student's id. */
async function createdStudent(trainerId: number | null): Promise<number> {
  const key = uniqueKey('dossier');
  const created = await call(t, 'POST', '/api/students/', admin.token, {
    prenom: 'Camille', nom: 'Lefort', email: `${key}@test.fr`, nom_utilisateur_lms: key, mot_de_passe_lms: 'MotDePasse-2026!', numero_dossier: `D-${key}`,
    send_welcome_email: false, ...(trainerId === null ? {} : { formateur_id: trainerId }),
  });
  expect(created.statusCode).toBe(201);
  return created.json().id;
}

const linksOf = (studentId: number) => links(db, studentId);
const caughtUp = () => policyCaughtUp(db, POLICY, 'StudentCreated');

/**
 * The policy is held on a first student's creation (PostgreSQL refuses their trainer's links) and
 * waits there on the pinned clock.
 */
async function holdThePolicy() {
  const trainer = await givenTeacher(t);
  const lift = await refuseLinksOfTrainer(db, trainer.teacherId);
  t.clock.set(new Date());
  const studentId = await createdStudent(trainer.teacherId);
  await eventually(async () => expect(await policyCheckpoint(db, POLICY, 'StudentCreated')).toMatchObject({ lag: 1, error_count: 1 }), 10_000);
  return {
    trainer,
    studentId,
    /** Lifts the refusal and moves the clock past the backoff: the policy tries again. */
    release: async () => {
      await lift();
      t.clock.advance(60_000);
    },
    lift,
  };
}

describe(POLICY, () => {
  describe('when an admin creates a student choosing their trainer', () => {
    it('has that trainer follow them, as an admin assignment made by the system', async () => {
      const trainer = await givenTeacher(t);
      const studentId = await createdStudent(trainer.teacherId);
      await eventually(async () => expect(await linksOf(studentId)).toEqual([{ teacher_id: trainer.teacherId, active: true, origin: 'admin' }]));
      const [assigned] = await db.query<{ payload: object }>(
        `select payload from eventlog.event where event_type = 'TrainerAssignedToStudent' and (payload->>'studentId')::int = $1`,
        [studentId],
      );
      expect(assigned!.payload).toEqual({ tutorshipId: expect.any(Number), teacherId: trainer.teacherId, studentId, origin: 'admin', courseId: null });
    });
  });

  describe('when no trainer was chosen', () => {
    it('assigns nobody', async () => {
      const studentId = await createdStudent(null);
      await caughtUp();
      expect(await linksOf(studentId)).toEqual([]);
    });
  });

  describe('when the trainer was removed since', () => {
    it('lets the event go (retrying would block the policy)', async () => {
      const held = await holdThePolicy();
      try {
        // Created with a trainer who has no history yet; removed (deleted) before the policy gets to it.
        const trainer = await givenTeacher(t);
        const studentId = await createdStudent(trainer.teacherId);
        const removed = await call(t, 'DELETE', `/api/formateur/${trainer.teacherId}/`, admin.token);
        expect([removed.statusCode, removed.json().mode]).toEqual([200, 'delete']);
        expect((await policyCheckpoint(db, POLICY, 'StudentCreated')).lag).toBe(2);
        await held.release();
        await caughtUp();
        expect(await linksOf(held.studentId)).toEqual([{ teacher_id: held.trainer.teacherId, active: true, origin: 'admin' }]);
        expect(await linksOf(studentId)).toEqual([]);
      } finally {
        await held.lift();
      }
    });
  });

  describe('when assigning fails otherwise', () => {
    it('fails, so that the event is tried again, and follows once it goes through', async () => {
      const held = await holdThePolicy();
      try {
        const failing = await policyCheckpoint(db, POLICY, 'StudentCreated');
        expect(failing.last_error).toContain(`test_refuse_links_of_trainer_${held.trainer.teacherId}`);
        expect(failing.next_retry_at!.getTime()).toBeGreaterThan(t.clock.now().getTime());
        expect(await linksOf(held.studentId)).toEqual([]);
        await held.release();
        await caughtUp();
        expect(await linksOf(held.studentId)).toEqual([{ teacher_id: held.trainer.teacherId, active: true, origin: 'admin' }]);
      } finally {
        await held.lift();
      }
    });
  });
});

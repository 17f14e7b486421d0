import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { GetCourseOutline, type OutlineStep } from '../contexts/catalogue/contracts/catalogue.queries.js';
import { EnrolStudent, EnrolStudentHandler } from '../contexts/enrolment/testing.js';
import { actorOf } from '../contexts/identity/testing.js';
import { CompleteCourse, RecordProgress, RecordProgressHandler, RecordScormCommit } from '../contexts/learning-progress/testing.js';
import { AggregateStore } from '../platform/aggregate-store/index.js';
import { Database } from '../platform/database/database.js';
import { AppendSignal } from '../platform/event-log/append-signal.js';
import { EventLog } from '../platform/event-log/index.js';
import { MediaStorage } from '../platform/storage/media-storage.js';
import { Clock, type Actor } from '../shared-kernel/index.js';

/**
 * The time the demo's learners studied at. The server credits a video's played seconds no faster
 * than its own clock allows (docs/learning-progress.md), so the demo cannot claim a half-hour video
 * the moment it opens it: its learners studied earlier the same day, on this clock, which starts
 * hours before the seeding and runs as they play (a text read in a minute, a video played through
 * at normal speed). Only the demo's progress reports are judged on it; it never reaches the real time.
 */
class DemoStudyClock extends Clock {
  constructor(private at = Date.now() - 3 * 3600_000) {
    super();
  }

  now(): Date {
    return new Date(this.at);
  }

  /** The learner spends `seconds` on the step. */
  spend(seconds: number): void {
    this.at += seconds * 1000;
  }
}

/** The progress reports of the demo, judged by the real handler on the demo's study clock. */
interface DemoPlayer {
  clock: DemoStudyClock;
  handler: RecordProgressHandler;
}

/**
 * Plays the first `steps` steps of a course as the learner would through the player (open, a
 * minute of time beats, then the evidence each content needs), stopping at a step whose evidence
 * the demo cannot give (a quiz not taken from the player). Returns how many were validated.
 */
async function playCourse(commands: CommandBus, queries: QueryBus, player: DemoPlayer, student: Actor, courseId: number, steps: number): Promise<number> {
  const outline = await queries.execute(new GetCourseOutline(courseId));
  const order = outline.chapters.flatMap((chapter) => [{ chapter: chapter.id, step: chapter as OutlineStep, sub: false }, ...chapter.subchapters.map((s) => ({ chapter: chapter.id, step: s, sub: true }))]);
  let validated = 0;
  for (const { chapter, step, sub } of order.slice(0, steps)) {
    const sessionId = randomUUID();
    let seq = 0;
    /** A save: the beats of the `spent` seconds before it (one every 20 s), the intervals played, the finish button. */
    const report = (finish: boolean, played: [number, number][] = [], spent = 0) => {
      const now = player.clock.now().getTime();
      const beats = Array.from({ length: Math.floor(spent / 20) + 1 }, (_, i) => {
        const at = now - spent * 1000 + i * 20_000;
        return { seq: ++seq, at, visible: true, focused: true, playing: step.content_type !== 'text', lastInputAt: at };
      });
      return player.handler.execute(
        new RecordProgress(student, student.profileId, courseId, {
          step: { kind: sub ? 'subchapter' : 'chapter', id: step.id }, chapterId: chapter, contentType: step.content_type, finish, played, session: { id: sessionId, beats },
        }),
      );
    };
    await report(false);
    let done = false;
    if (step.content_type === 'text') {
      player.clock.spend(60);
      done = (await report(true, [], 60)).validated;
    }
    else if (step.content_type === 'scorm') {
      const commit = await commands.execute(
        new RecordScormCommit(student, student.profileId, courseId, {
          chapterId: chapter, sco: undefined, sessionId: randomUUID(), seq: 1,
          cmi: { completion_status: 'completed', lesson_status: 'passed', success_status: 'passed', score: 85, location: 'fin', suspend_data: '', session_time: 'PT4M30S' },
        }),
      );
      done = commit.validated;
    } else if (step.content_type !== 'quiz' && step.duration) {
      player.clock.spend(step.duration);
      done = (await report(false, [[0, step.duration]], step.duration)).validated;
    }
    if (!done) break;
    validated += 1;
  }
  return validated;
}

/**
 * The learner opened a course's interactive module (SCORM) and stopped partway: one commit, as the
 * player's runtime sends it (`RecordScormCommit`, the command behind `POST /scorm-progress/`), with a
 * resume point in suspend_data; the step stays unvalidated. Its row is bound to its `ScormCommitted`
 * (issue 27, ADR 0040), so the learner's dossier de preuves shows a SCORM commit the verifier recomputes.
 */
async function openScormModule(commands: CommandBus, queries: QueryBus, student: Actor, courseId: number): Promise<void> {
  const module = (await queries.execute(new GetCourseOutline(courseId))).chapters.find((chapter) => chapter.content_type === 'scorm');
  if (!module) return;
  await commands.execute(
    new RecordScormCommit(student, student.profileId, courseId, {
      chapterId: module.id, sco: undefined, sessionId: randomUUID(), seq: 1,
      cmi: { completion_status: 'incomplete', lesson_status: 'incomplete', location: 'page-2', suspend_data: 'page=2;reponses=B,A', session_time: 'PT3M10S' },
    }),
  );
}

/**
 * The demo's progress at every stage: Léa finished the agile course and is well into the templates
 * course; Inès followed the pivot tables course's three chapters and stopped in its interactive
 * module (a SCORM commit, not validated); Léa's cybersecurity course is not started.
 */
export async function seedDemoProgress(
  commands: CommandBus,
  queries: QueryBus,
  store: AggregateStore,
  students: { lea: Actor; ines: Actor },
  courses: { agile: number; templates: number; pivotTables: number },
): Promise<void> {
  const clock = new DemoStudyClock();
  const player: DemoPlayer = { clock, handler: new RecordProgressHandler(store, queries, clock) };
  const agile = await queries.execute(new GetCourseOutline(courses.agile));
  const agileSteps = agile.chapters.reduce((n, c) => n + 1 + c.subchapters.length, 0);
  if ((await playCourse(commands, queries, player, students.lea, courses.agile, agileSteps)) === agileSteps) {
    await commands.execute(new CompleteCourse(students.lea, students.lea.profileId, courses.agile));
  }
  await playCourse(commands, queries, player, students.lea, courses.templates, 5);
  // Her three chapters read and watched, the module is open to her (steps open in order).
  await playCourse(commands, queries, player, students.ines, courses.pivotTables, 3);
  await openScormModule(commands, queries, students.ines, courses.pivotTables);
}

/** How long ago Nadia last studied: beyond the grid's « inactif » threshold (7 days, ADR 0042) by the server's clock at seeding. */
export const NADIA_LAST_STUDIED_DAYS_AGO = 12;

/**
 * Every filter of the trainer's progress grid shows someone on Claire's pivot tables course
 * (« Progression », ADR 0042), after the staff created Nadia and Karim (demo-administration):
 * - Léa (« terminé »): she took it for the pivot table homework Claire gave her, every step
 *   validated, its interactive module passed at 85, the course completed;
 * - Inès (« en cours »): seeded above, stopped in the module today;
 * - Nadia Benali (« inactif »): enrolled on her CPF file and studied its first two steps twelve
 *   days before the seeding, nothing since. Her enrolment and progress are judged and logged on a
 *   clock twelve days back (a store whose event log runs on the demo's study clock, as the server's
 *   own would have then): her events say when she studied, so the grid's last activity is the log's;
 * - Karim Haddad (« non commencé »): enrolled by the staff on the same day as Nadia, never opened it
 *   (so that the engagement alerts, ADR 0053, list him: « non commencé » after 7 days).
 */
export async function seedDemoGridStages(app: INestApplicationContext, asAdmin: Actor, courses: { pivotTables: number }): Promise<void> {
  const commands = app.get(CommandBus);
  const queries = app.get(QueryBus);
  const db = app.get(Database);
  const studentId = async (username: string) =>
    (await db.one<{ id: number }>('select s.id from identity.student s join identity.account a on a.id = s.account_id where a.username = $1', [username]))!.id;
  const [lea, nadia, karim] = await Promise.all(['lea.dubois', 'nadia.benali', 'karim.haddad'].map(studentId));

  const store = app.get(AggregateStore);
  const today = new DemoStudyClock(Date.now() - 3600_000);
  await commands.execute(new EnrolStudent(asAdmin, lea!, courses.pivotTables));
  const leaActor = await actorOf(db, 'student', lea!);
  const steps = (await queries.execute(new GetCourseOutline(courses.pivotTables))).chapters.reduce((n, c) => n + 1 + c.subchapters.length, 0);
  if ((await playCourse(commands, queries, { clock: today, handler: new RecordProgressHandler(store, queries, today) }, leaActor, courses.pivotTables, steps)) === steps) {
    await commands.execute(new CompleteCourse(leaActor, lea!, courses.pivotTables));
  }

  const then = new DemoStudyClock(Date.now() - NADIA_LAST_STUDIED_DAYS_AGO * 86_400_000);
  const past = new AggregateStore(app.get(MikroORM), new EventLog(then, app.get(AppendSignal)), app.get(MediaStorage));
  await new EnrolStudentHandler(past, queries, then).execute(new EnrolStudent(asAdmin, nadia!, courses.pivotTables));
  then.spend(600);
  await playCourse(commands, queries, { clock: then, handler: new RecordProgressHandler(past, queries, then) }, await actorOf(db, 'student', nadia!), courses.pivotTables, 2);

  await new EnrolStudentHandler(past, queries, then).execute(new EnrolStudent(asAdmin, karim!, courses.pivotTables));
}

import { randomUUID } from 'node:crypto';
import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { GetCourseOutline, type OutlineStep } from '../contexts/catalogue/contracts/catalogue.queries.js';
import { CompleteCourse, RecordProgress, RecordScormCommit } from '../contexts/learning-progress/testing.js';
import type { Actor } from '../shared-kernel/index.js';

/**
 * Plays the first `steps` steps of a course as the learner would through the player (open, a
 * minute of time beats, then the evidence each content needs), stopping at a step whose evidence
 * the demo cannot give (a quiz not taken from the player). Returns how many were validated.
 */
async function playCourse(commands: CommandBus, queries: QueryBus, student: Actor, courseId: number, steps: number): Promise<number> {
  const outline = await queries.execute(new GetCourseOutline(courseId));
  const order = outline.chapters.flatMap((chapter) => [{ chapter: chapter.id, step: chapter as OutlineStep, sub: false }, ...chapter.subchapters.map((s) => ({ chapter: chapter.id, step: s, sub: true }))]);
  let validated = 0;
  for (const { chapter, step, sub } of order.slice(0, steps)) {
    const report = (finish: boolean, played: [number, number][] = [], beats = false) => {
      const now = Date.now();
      const session = beats
        ? { id: randomUUID(), beats: [0, 20, 40, 60].map((s, i) => ({ seq: i + 1, at: now - (60 - s) * 1000, visible: true, focused: true, playing: step.content_type !== 'text', lastInputAt: now - (60 - s) * 1000 })) }
        : null;
      return commands.execute(
        new RecordProgress(student, student.profileId, courseId, { step: { kind: sub ? 'subchapter' : 'chapter', id: step.id }, chapterId: chapter, contentType: step.content_type, finish, played, session }),
      );
    };
    await report(false, [], true);
    let done = false;
    if (step.content_type === 'text') done = (await report(true)).validated;
    else if (step.content_type === 'scorm') {
      const commit = await commands.execute(
        new RecordScormCommit(student, student.profileId, courseId, {
          chapterId: chapter, sco: undefined, sessionId: randomUUID(), seq: 1,
          cmi: { completion_status: 'completed', lesson_status: 'passed', success_status: 'passed', score: 85, location: 'fin', suspend_data: '', session_time: 'PT4M30S' },
        }),
      );
      done = commit.validated;
    } else if (step.content_type !== 'quiz' && step.duration) done = (await report(false, [[0, step.duration]])).validated;
    if (!done) break;
    validated += 1;
  }
  return validated;
}

/**
 * The demo's progress at every stage: Léa finished the agile course and is well into the templates
 * course; Inès started the pivot tables course; Léa's cybersecurity course is not started.
 */
export async function seedDemoProgress(
  commands: CommandBus,
  queries: QueryBus,
  students: { lea: Actor; ines: Actor },
  courses: { agile: number; templates: number; pivotTables: number },
): Promise<void> {
  const agile = await queries.execute(new GetCourseOutline(courses.agile));
  const agileSteps = agile.chapters.reduce((n, c) => n + 1 + c.subchapters.length, 0);
  if ((await playCourse(commands, queries, students.lea, courses.agile, agileSteps)) === agileSteps) {
    await commands.execute(new CompleteCourse(students.lea, students.lea.profileId, courses.agile));
  }
  await playCourse(commands, queries, students.lea, courses.templates, 5);
  await playCourse(commands, queries, students.ines, courses.pivotTables, 2);
}

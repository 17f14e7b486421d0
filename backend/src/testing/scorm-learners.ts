// A world for the fault tests (docs/adr/0023): a trainer's course whose one chapter is the
// project's SCORM package, and students enrolled in it, arranged by the real app in this process
// on a given database and DATA_DIR, then closed, so that a server process started on the same
// database and DATA_DIR (same token secrets, same media) serves them.
import { loadConfig } from '../platform/config/config.js';
import { TestClock } from '../platform/testing/test-clock.js';
import { buildScormPackage } from '../demo/scorm/build-package.js';
import { createApp } from '../create-app.js';
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenStudent, type GivenTeacher } from './fixtures.js';
import type { TestApp } from './test-app.js';

export interface ScormLearners {
  teacher: GivenTeacher;
  courseId: number;
  chapterId: number;
  students: GivenStudent[];
  scormPackage: Buffer;
}

export function scormUpload(fields: Record<string, string | number>, bytes: Buffer): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  data.append('scorm_file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'module.zip');
  return data;
}

export async function arrangeScormLearners(databaseUrl: string, env: Record<string, string>, studentCount: number): Promise<ScormLearners> {
  const config = loadConfig(env);
  const clock = new TestClock();
  const app = await createApp(config, databaseUrl, { logLevels: ['error'], clock });
  const t: TestApp = { app, config, databaseUrl, clock, close: () => app.close() };
  try {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const scormPackage = await buildScormPackage('scorm2004');
    const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, scormUpload({ title: 'Module', content_type: 'scorm', duration: 600 }, scormPackage));
    if (added.statusCode !== 201) throw new Error(`Chapitre SCORM refusé : ${added.statusCode} ${added.body}`);
    const students: GivenStudent[] = [];
    for (let i = 0; i < studentCount; i++) {
      const student = await givenStudent(t);
      await givenEnrolled(t, student, course);
      students.push(student);
    }
    return { teacher, courseId: course.courseId, chapterId: added.json().id as number, students, scormPackage };
  } finally {
    await app.close();
  }
}

/** One SCORM commit of a learner's player, as it sends it (`seq` in order within its session). */
export function postScormCommit(base: string, world: ScormLearners, student: GivenStudent, sessionId: string, seq: number, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}/api/scorm-progress/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      student: student.studentId,
      course: world.courseId,
      chapter: world.chapterId,
      session_id: sessionId,
      seq,
      cmi_data: { completion_status: 'incomplete', location: `page-${seq}`, suspend_data: `s${seq}`, session_time: 'PT1S' },
    }),
    signal,
  });
}

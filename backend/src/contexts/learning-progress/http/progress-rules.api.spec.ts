// The validation rules' figures over HTTP: what the course player follows is what the domain judges by.
import { call, givenAdmin, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { MAX_PLAYBACK_RATE } from '../domain/playback-bound.js';
import { FINISH_AFTER_SECONDS, VIDEO_SHARE } from '../domain/validation-rules.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /progress-rules/', () => {
  describe('when a student asks', () => {
    it("answers the domain's video figures", async () => {
      const student = await givenStudent(t);
      const answer = await call(t, 'GET', '/api/progress-rules/', student.token);
      expect([answer.statusCode, answer.json()]).toEqual([200, { video: { share: VIDEO_SHARE, finish_after_seconds: FINISH_AFTER_SECONDS, max_rate: MAX_PLAYBACK_RATE } }]);
    });
  });

  describe('when a trainer or an admin asks, with or without the trailing slash', () => {
    it('answers the same figures', async () => {
      const teacher = await givenTeacher(t);
      const admin = await givenAdmin(t);
      const byTeacher = await call(t, 'GET', '/api/progress-rules', teacher.token);
      const byAdmin = await call(t, 'GET', '/api/progress-rules/', admin.token);
      expect([byTeacher.statusCode, byTeacher.json()]).toEqual([200, { video: { share: VIDEO_SHARE, finish_after_seconds: FINISH_AFTER_SECONDS, max_rate: MAX_PLAYBACK_RATE } }]);
      expect([byAdmin.statusCode, byAdmin.json()]).toEqual([200, byTeacher.json()]);
    });
  });

  describe('when nobody is logged in (the public FAQ)', () => {
    it('answers the same figures', async () => {
      const answer = await call(t, 'GET', '/api/progress-rules/');
      expect([answer.statusCode, answer.json()]).toEqual([200, { video: { share: VIDEO_SHARE, finish_after_seconds: FINISH_AFTER_SECONDS, max_rate: MAX_PLAYBACK_RATE } }]);
    });
  });
});

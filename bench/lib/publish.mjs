// Publishing a course the benches create: the programme sheet first (docs/adr/0047: publishing is
// refused while a mandatory item is empty), with the tests' complete sheet from the build.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './deps.mjs';

const { COMPLETE_PROGRAMME_FORM } = await import(pathToFileURL(join(projectRoot, 'backend/dist/contexts/catalogue/domain/testing/programme.js')).href);

/** PUT /api/course/{id}/programme/ (complete), then POST /api/course/{id}/publish/, as `token` (its trainer or an admin). */
export async function publishCourse(appHttp, courseId, token) {
  const sheet = await appHttp.putJson(`/api/course/${courseId}/programme/`, COMPLETE_PROGRAMME_FORM, token);
  if (sheet.status !== 200) throw new Error(`fiche programme refusée : ${sheet.status} ${sheet.text.slice(0, 300)}`);
  const published = await appHttp.postJson(`/api/course/${courseId}/publish/`, {}, token);
  if (published.status !== 200) throw new Error(`publication du cours refusée : ${published.status} ${published.text.slice(0, 300)}`);
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { buildZip } from '../backend/src/contexts/catalogue/domain/scorm/testing/zip-builder';

export const PASSWORD = 'un-mot-de-passe-solide';
const DEMO_VIDEO = readFileSync(resolve(__dirname, '../backend/src/demo/assets/video/demo-video.webm'));
const SCORM_SOURCES = resolve(__dirname, '../backend/src/demo/scorm');

/** The project's own SCORM package (backend/src/demo/scorm/{name}), zipped as the demo data does. */
async function demoScorm(name: 'scorm12' | 'scorm2004'): Promise<Buffer> {
  const folder = join(SCORM_SOURCES, name);
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  return buildZip(files.map((file) => ({ name: file, content: readFileSync(join(folder, file)) })));
}

export interface World {
  courseId: number;
  title: string;
  student: { id: number; email: string };
  steps: Record<string, { chapter: number; subchapter?: number }>;
}

/**
 * A trainer of this journey builds the course through the API (text with two sub-chapters, two
 * uploaded videos, a YouTube and a Vimeo link, a quiz, the project's SCORM 1.2 and SCORM 2004
 * packages) and a new student enrols in it: the demo's learners are left as they are.
 */
export async function courseWorld(request: APIRequestContext): Promise<World> {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const trainerEmail = `formatrice.lecteur.${tag}@example.fr`;
  await request.post('/api/formateur-register/', { data: { full_name: `Inès Lecteur ${tag}`, email: trainerEmail, username: `ines.lecteur.${tag}`, password: PASSWORD, mobile_no: '06 11 22 33 44' } });
  const trainer = await (await request.post('/api/formateur/token/', { data: { email: trainerEmail, password: PASSWORD } })).json();
  const headers = { Authorization: `Bearer ${trainer.access}` };
  const post = async (url: string, options: { data?: object; multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> }) => {
    const answer = await request.post(url, { headers, ...options });
    expect(answer.ok(), `${url}: ${await answer.text()}`).toBe(true);
    return answer.json();
  };
  const categories = await (await request.get('/api/category/')).json();
  const title = `Bureautique pas à pas ${tag}`;
  const course = await post('/api/course/', { data: { formateur: trainer.formateur_id, category: categories[0].id, title, description: 'Un cours pour parcourir chaque type de contenu.' } });
  const quiz = await post('/api/quiz/', { data: { teacher: trainer.formateur_id, title: `Quiz du lecteur ${tag}`, detail: 'Une question.' } });
  await post(`/api/quiz-questions/${quiz.id}`, { data: { questions: 'Quel raccourci enregistre un document ?', ans1: 'Ctrl + S', ans2: 'Ctrl + P', ans3: 'Ctrl + Z', ans4: 'Ctrl + A', right_ans: 'Ctrl + S' } });

  const chapter = (data: object) => post(`/api/course-chapters/${course.id}/`, { data });
  const upload = (fields: Record<string, string>, field: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
    post(`/api/course-chapters/${course.id}/`, { multipart: { ...fields, [field]: file } });
  const steps: World['steps'] = {};
  const text = await chapter({ title: 'Bien démarrer', content_type: 'text', text_content: 'Bienvenue dans ce cours.\n\nChaque étape se valide à sa façon.' });
  steps.text = { chapter: text.id };
  for (const [key, title] of [['sub1', 'Le vocabulaire'], ['sub2', 'Les raccourcis']] as const) {
    const sub = await post('/api/subchapters/', { data: { chapter: text.id, title, content_type: 'text', text_content: `Le texte de ${title}.` } });
    steps[key] = { chapter: text.id, subchapter: sub.id };
  }
  const webm = { name: 'demo-video.webm', mimeType: 'video/webm', buffer: DEMO_VIDEO };
  steps.watched = { chapter: (await upload({ title: 'Une vidéo regardée', content_type: 'video_file' }, 'video', webm)).id };
  steps.skipped = { chapter: (await upload({ title: 'Une vidéo survolée', content_type: 'video_file' }, 'video', webm)).id };
  steps.youtube = { chapter: (await chapter({ title: 'Une vidéo YouTube', content_type: 'video_url', video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', duration: 20 })).id };
  steps.vimeo = { chapter: (await chapter({ title: 'Une vidéo Vimeo', content_type: 'video_url', video_url: 'https://vimeo.com/76979871', duration: 20 })).id };
  steps.quiz = { chapter: (await chapter({ title: 'Vérifier ses acquis', content_type: 'quiz', quiz: quiz.id })).id };
  const zip = async (name: 'scorm12' | 'scorm2004') => ({ name: `${name}.zip`, mimeType: 'application/zip', buffer: await demoScorm(name) });
  steps.scorm12 = { chapter: (await upload({ title: 'Module SCORM 1.2', content_type: 'scorm', duration: '900' }, 'scorm_file', await zip('scorm12'))).id };
  steps.scorm2004 = { chapter: (await upload({ title: 'Module SCORM 2004', content_type: 'scorm', duration: '600' }, 'scorm_file', await zip('scorm2004'))).id };

  const email = `apprenante.lecteur.${tag}@example.fr`;
  const student = await (await request.post('/api/student/', { data: { fullname: `Apprenante Lecteur${tag}`, email, username: `apprenante.${tag}`, password: PASSWORD } })).json();
  const login = await (await request.post('/api/student-login-jwt/', { data: { email, password: PASSWORD } })).json();
  const enrolled = await request.post('/api/student-enroll-course/', { headers: { Authorization: `Bearer ${login.access}` }, data: { student: student.id, course: course.id } });
  expect(enrolled.ok()).toBe(true);
  return { courseId: course.id, title, student: { id: student.id, email }, steps };
}

/** What the server holds for the student, each read with a token of its own (the page's, and any other, lives 10 s here). */
export function serverProgress(request: APIRequestContext, world: World) {
  const get = async (url: string) => {
    const login = await (await request.post('/api/student-login-jwt/', { data: { email: world.student.email, password: PASSWORD } })).json();
    const answer = await request.get(url, { headers: { Authorization: `Bearer ${login.access}` } });
    expect(answer.ok(), url).toBe(true);
    return answer.json();
  };
  return {
    records: () => get(`/api/progress/?student=${world.student.id}&course=${world.courseId}`),
    scorm: (chapter: number) => get(`/api/scorm-progress/?student=${world.student.id}&chapter=${chapter}`),
  };
}


import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { buildZip } from '../backend/src/contexts/catalogue/domain/scorm/testing/zip-builder';
import { sharedLaunchPackage, type SharedLaunchItem } from '../backend/src/testing/shared-launch-package';
import { acceptTrainer, publishCourse } from './support';

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

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** A trainer registered for this journey, with a course of their own in the first category. */
export async function trainerWithCourse(request: APIRequestContext, tag: string, title: string) {
  const trainerEmail = `formatrice.lecteur.${tag}@example.fr`;
  const registered = await request.post('/api/formateur-register/', { data: { full_name: `Inès Lecteur ${tag}`, email: trainerEmail, username: `ines.lecteur.${tag}`, password: PASSWORD, mobile_no: '06 11 22 33 44' } });
  // Registered through the public page, the trainer waits for the centre (ADR 0030): accepted here.
  await acceptTrainer(request, (await registered.json()).id);
  const trainer = await (await request.post('/api/formateur/token/', { data: { email: trainerEmail, password: PASSWORD } })).json();
  const headers = { Authorization: `Bearer ${trainer.access}` };
  const post = async (url: string, options: { data?: object; multipart?: Record<string, string | Upload> }) => {
    const answer = await request.post(url, { headers, ...options });
    expect(answer.ok(), `${url}: ${await answer.text()}`).toBe(true);
    return answer.json();
  };
  const categories = await (await request.get('/api/category/')).json();
  const course = await post('/api/course/', { data: { formateur: trainer.formateur_id, category: categories[0].id, title, description: 'Un cours pour parcourir chaque type de contenu.' } });
  return {
    trainer,
    email: trainerEmail,
    course,
    post,
    chapter: (data: object) => post(`/api/course-chapters/${course.id}/`, { data }),
    upload: (fields: Record<string, string>, field: string, file: Upload) => post(`/api/course-chapters/${course.id}/`, { multipart: { ...fields, [field]: file } }),
  };
}

/** A new student, registered and enrolled in the course (published first: a draft takes no enrolment, ADR 0030). */
export async function enrolledStudent(request: APIRequestContext, tag: string, courseId: number) {
  await publishCourse(request, courseId);
  const email = `apprenante.lecteur.${tag}@example.fr`;
  const student = await (await request.post('/api/student/', { data: { fullname: `Apprenante Lecteur${tag}`, email, username: `apprenante.${tag}`, password: PASSWORD } })).json();
  const login = await (await request.post('/api/student-login-jwt/', { data: { email, password: PASSWORD } })).json();
  const enrolled = await request.post('/api/student-enroll-course/', { headers: { Authorization: `Bearer ${login.access}` }, data: { student: student.id, course: courseId } });
  expect(enrolled.ok()).toBe(true);
  return { id: student.id as number, email };
}

export const journeyTag = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/**
 * A trainer of this journey builds the course through the API (text with two sub-chapters, two
 * uploaded videos, a YouTube and a Vimeo link, a quiz, the project's SCORM 1.2 and SCORM 2004
 * packages) and a new student enrols in it: the demo's learners are left as they are.
 */
export async function courseWorld(request: APIRequestContext): Promise<World> {
  const tag = journeyTag();
  const title = `Bureautique pas à pas ${tag}`;
  const { trainer, course, post, chapter, upload } = await trainerWithCourse(request, tag, title);
  const quiz = await post('/api/quiz/', { data: { teacher: trainer.formateur_id, title: `Quiz du lecteur ${tag}`, detail: 'Une question.' } });
  await post(`/api/quiz-questions/${quiz.id}`, { data: { questions: 'Quel raccourci enregistre un document ?', ans1: 'Ctrl + S', ans2: 'Ctrl + P', ans3: 'Ctrl + Z', ans4: 'Ctrl + A', right_ans: 'Ctrl + S' } });

  const steps: World['steps'] = {};
  const text = await chapter({ title: 'Bien démarrer', content_type: 'text', text_content: 'Bienvenue dans ce cours.\n\nChaque étape se valide à sa façon.' });
  steps.text = { chapter: text.id };
  for (const [key, subTitle] of [['sub1', 'Le vocabulaire'], ['sub2', 'Les raccourcis']] as const) {
    const sub = await post('/api/subchapters/', { data: { chapter: text.id, title: subTitle, content_type: 'text', text_content: `Le texte de ${subTitle}.` } });
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

  const student = await enrolledStudent(request, tag, course.id);
  return { courseId: course.id, title, student, steps };
}

/**
 * The project's SCORM 1.2 module made a package of two SCOs (the same page twice, in two
 * folders, each its own item and resource), as multi-SCO exports are: the chapter is validated
 * only once both report passed.
 */
async function twoScoPackage(): Promise<Buffer> {
  const page = readFileSync(join(SCORM_SOURCES, 'scorm12', 'index_lms.html'));
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="fr.lms-centre.e2e.deux-parties" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Sécurité en deux parties</title>
      <item identifier="partie_1" identifierref="res_1"><title>Les mots de passe</title></item>
      <item identifier="partie_2" identifierref="res_2"><title>L'hameçonnage</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res_1" type="webcontent" adlcp:scormtype="sco" href="partie1/index_lms.html"><file href="partie1/index_lms.html"/></resource>
    <resource identifier="res_2" type="webcontent" adlcp:scormtype="sco" href="partie2/index_lms.html"><file href="partie2/index_lms.html"/></resource>
  </resources>
</manifest>`;
  return buildZip([
    { name: 'imsmanifest.xml', content: Buffer.from(manifest) },
    { name: 'partie1/index_lms.html', content: page },
    { name: 'partie2/index_lms.html', content: page },
  ]);
}

/** A course whose only step is a SCORM 1.2 package of two SCOs, and a new student enrolled in it. */
export async function multiScoWorld(request: APIRequestContext): Promise<World> {
  const tag = journeyTag();
  const title = `Sécurité en deux parties ${tag}`;
  const { course, upload } = await trainerWithCourse(request, tag, title);
  const scorm = await upload({ title: 'Module en deux parties', content_type: 'scorm', duration: '900' }, 'scorm_file', { name: 'deux-parties.zip', mimeType: 'application/zip', buffer: await twoScoPackage() });
  const student = await enrolledStudent(request, tag, course.id);
  return { courseId: course.id, title, student, steps: { scorm: { chapter: scorm.id } } };
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


/**
 * A course whose only step is a package of several SCOs that all launch index.html (the
 * project's test SCO: it counts its launches in its own suspend_data), and a new student enrolled.
 */
export async function sharedLaunchWorld(request: APIRequestContext, version: '1.2' | '2004', items: readonly SharedLaunchItem[]): Promise<World> {
  const tag = journeyTag();
  const title = `Une seule page ${version} ${tag}`;
  const { course, upload } = await trainerWithCourse(request, tag, title);
  const buffer = await sharedLaunchPackage(version, items);
  const scorm = await upload({ title: 'Module à page unique', content_type: 'scorm', duration: '900' }, 'scorm_file', { name: 'page-unique.zip', mimeType: 'application/zip', buffer });
  const student = await enrolledStudent(request, tag, course.id);
  return { courseId: course.id, title, student, steps: { scorm: { chapter: scorm.id } } };
}

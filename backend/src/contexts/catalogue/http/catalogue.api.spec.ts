import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCategory, givenCourse, givenEnrolled, givenStudent, givenTeacher, type CourseOptions } from '../../../testing/fixtures.js';
import { PNG } from '../../../platform/testing/images.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { PublishCourse, PublishPage } from '../testing.js';

// The catalogue below is built once and read by many tests; no test changes what another reads (the
// ones that write arrange their own student, page or refused course): any order, or one test alone.
let t: TestApp;
let teacher: number;
let office: number;
let web: number;
const ids: Record<string, number> = {};

const get = (url: string, token?: string) => call(t, 'GET', url, token);
const titles = (body: { results: { title: string }[] }) => body.results.map((c) => c.title);

beforeAll(async () => {
  t = await startTestApp();
  ({ teacherId: teacher } = await givenTeacher(t, {
    fullName: 'Paula Prof', qualification: 'Master', mobileNo: '0601020304', skills: 'Excel, Développement web', detail: 'Formatrice', webUrl: 'https://paula.example.fr',
  }));
  ({ categoryId: office } = await givenCategory(t, { title: 'Bureautique', description: 'Les outils du quotidien' }));
  ({ categoryId: web } = await givenCategory(t, { title: 'Développement web' }));
  const publish = async (title: string, categoryId: number, techs: string, more: CourseOptions = {}) =>
    (await givenCourse(t, { title, categoryId, teacherId: teacher, techs, ...more })).courseId;
  ids.modeles = await publish('Modèles de documents', office, 'Word', {
    description: 'Des modèles réutilisables',
    featuredImg: PNG,
    chapters: [
      { title: 'Introduction', contentType: 'text', duration: 60, textContent: 'Bienvenue', subchapters: [{ title: 'Styles', contentType: 'text', duration: 30, textContent: 'Les styles' }, { title: 'Champs', contentType: 'video_url', duration: 45, videoUrl: 'https://v.example' }] },
      { title: 'Pratique', contentType: 'video_url', duration: 120, videoUrl: 'https://v.example/2' },
    ],
  });
  ids.guide = await publish("Guide de l'Étudiant", office, 'Organisation', { description: 'Un modèle de planning' });
  ids.excel = await publish('Excel avancé', office, 'Excel');
  ids.js = await publish('JavaScript', web, 'JavaScript, Développement web');
  for (let i = 1; i <= 6; i++) await publish(`Atelier ${i}`, web, '');
});

afterAll(() => t?.close());

describe('GET /course/', () => {
  it('pages the published courses with the spec fields', async () => {
    const body = (await get('/api/course/?page_size=4')).json();
    expect(body.count).toBe(10);
    expect(body.results).toHaveLength(4);
    expect(body.next).toBe('/api/course/?page_size=4&page=2');
    expect(body.previous).toBeNull();
    expect(Object.keys(body.results[0]).sort()).toEqual(
      ['category', 'course_rating', 'description', 'featured_img', 'formateur', 'id', 'rating_count', 'status', 'teacher', 'techs', 'title', 'total_chapters', 'total_duration', 'total_enrolled_students'].sort(),
    );
    const last = (await get('/api/course/?page_size=4&page=3')).json();
    expect(last.results).toHaveLength(2);
    expect(last.next).toBeNull();
  });

  it('gives the home page its three most followed courses with ?result=3', async () => {
    await givenEnrolled(t, await givenStudent(t), { courseId: ids.excel });
    await eventually(async () => {
      const body = (await get('/api/course/?result=3')).json();
      expect(body.results).toHaveLength(3);
      expect(body.results[0].title).toBe('Excel avancé');
      expect(body).toMatchObject({ count: 3, next: null, previous: null });
    });
  });

  it('filters by category', async () => {
    const body = (await get(`/api/course/?category=${office}`)).json();
    expect(body.count).toBe(3);
    expect(titles(body).sort()).toEqual(['Excel avancé', "Guide de l'Étudiant", 'Modèles de documents']);
  });

  it("filters a trainer's courses by skill", async () => {
    expect(titles((await get(`/api/course/?skill_name=Excel&teacher=${teacher}`)).json())).toEqual(['Excel avancé']);
    expect(titles((await get(`/api/course/?skill_name=${encodeURIComponent('Développement web')}&teacher=${teacher}`)).json())).toContain('JavaScript');
  });

  it('refuses a bad page in French', async () => {
    const response = await get('/api/course/?page=0');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Le numéro de page doit être un entier positif.');
  });

  it('serves the default image for a course without one, and the stored image otherwise', async () => {
    const body = (await get('/api/course/?page_size=50')).json();
    const byTitle = Object.fromEntries(body.results.map((c: { title: string; featured_img: string }) => [c.title, c.featured_img]));
    expect(byTitle['Excel avancé']).toBe('/media/defaults/course.jpg');
    const image = await get(byTitle['Modèles de documents']);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('search', () => {
  it('ignores accents and case: "modele" finds "Modèle", "etudiant" finds "Étudiant"', async () => {
    expect(titles((await get('/api/search-courses/modele')).json())[0]).toBe('Modèles de documents');
    expect(titles((await get('/api/search-courses/ETUDIANT')).json())).toEqual(["Guide de l'Étudiant"]);
    expect(titles((await get(`/api/search-courses/${encodeURIComponent('Étudiant')}`)).json())).toEqual(["Guide de l'Étudiant"]);
  });

  it('ranks title matches before description matches', async () => {
    expect(titles((await get('/api/search-courses/modele')).json())).toEqual(['Modèles de documents', "Guide de l'Étudiant"]);
  });

  it('pages its results and finds nothing for an unknown term', async () => {
    const body = (await get('/api/search-courses/atelier?page_size=4&page=2')).json();
    expect(body.count).toBe(6);
    expect(body.results).toHaveLength(2);
    expect(body.previous).toBe('/api/search-courses/atelier?page_size=4&page=1');
    expect((await get('/api/search-courses/zzzz')).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('treats LIKE wildcards as text', async () => {
    expect((await get('/api/search-courses/%25')).json().count).toBe(0);
  });

  it('answers 400, not 500, to a NUL byte, and keeps the last of repeated parameters', async () => {
    const nul = await get('/api/search-courses/a%00b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe("L'adresse demandée contient un caractère non autorisé (U+0000).");
    expect((await get('/api/course/?search=a%00b')).statusCode).toBe(400);
    expect(titles((await get('/api/course/?search=zzz&search=excel')).json())).toEqual(['Excel avancé']);
  });

  it('also answers ?search= on /course/', async () => {
    expect(titles((await get('/api/course/?search=excel')).json())).toEqual(['Excel avancé']);
  });
});

describe('GET /course/{id}', () => {
  it('gives the chapters and sub-chapters in order, with totals', async () => {
    const body = (await get(`/api/course/${ids.modeles}/`)).json();
    expect(body.course_chapters.map((c: { title: string; order: number }) => [c.order, c.title])).toEqual([[1, 'Introduction'], [2, 'Pratique']]);
    expect(body.course_chapters[0].subchapters.map((s: { title: string }) => s.title)).toEqual(['Styles', 'Champs']);
    expect(body).toMatchObject({ total_chapters: 2, total_duration: 255, teacher: { id: teacher, full_name: 'Paula Prof' }, category: { title: 'Bureautique' } });
  });

  it('answers 404 in French for an unknown course', async () => {
    const response = await get('/api/course/424242');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Cours introuvable.');
  });
});

describe('GET /category/', () => {
  it('lists categories with their course count (a projection of the log)', async () => {
    await eventually(async () => {
      const body = (await get('/api/category/')).json();
      expect(body.map((c: { title: string; total_courses: number }) => [c.title, c.total_courses])).toEqual([
        ['Bureautique', 3],
        ['Développement web', 7],
      ]);
    });
  });
});

describe('CMS pages', () => {
  it('stores page HTML sanitised: no script, handler or javascript: URL survives', async () => {
    const commands = t.app.get(CommandBus);
    const id = await commands.execute(
      new PublishPage('Sécurité', '<h2>Titre</h2><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a><p onclick="x()">ok</p>'),
    );
    const list = (await get('/api/pages/')).json();
    expect(list).toContainEqual({ id, title: 'Sécurité', slug: 'securite' });
    const page = (await get(`/api/pages/${id}/securite`)).json();
    expect(page.content).toBe('<h2>Titre</h2><img src="x" /><a>x</a><p>ok</p>');
  });

  it('answers 404 for an unknown page', async () => {
    expect((await get('/api/pages/999/nope')).statusCode).toBe(404);
  });
});

describe('GET /teacher/{id} (public profile)', () => {
  it('shows the trainer with their courses, without private fields, to a visitor', async () => {
    const body = (await get(`/api/teacher/${teacher}`)).json();
    expect(body).toMatchObject({ full_name: 'Paula Prof', skill_list: ['Excel', 'Développement web'], total_teacher_course: 10, web_url: 'https://paula.example.fr' });
    expect(body.teacher_courses).toContainEqual({ id: ids.excel, title: 'Excel avancé' });
    expect(body.mobile_no).toBeUndefined();
    expect(body.username).toBeUndefined();
    expect(body.is_active).toBeUndefined();
  });

  it('answers 404 for an unknown trainer', async () => {
    expect((await get('/api/teacher/9999')).statusCode).toBe(404);
  });
});

describe('GET /courses/all/', () => {
  it('is for admins only', async () => {
    const [student, admin] = await Promise.all([givenStudent(t), givenAdmin(t)]);
    expect((await get('/api/courses/all/')).statusCode).toBe(401);
    expect((await get('/api/courses/all/', student.token)).statusCode).toBe(403);
    const all = (await get('/api/courses/all/', admin.token)).json();
    expect(all).toHaveLength(10);
    expect(all[0]).toEqual({ id: expect.any(Number), title: expect.any(String) });
  });
});

describe('publishing a course', () => {
  it('leaves no image behind when the course is refused (unknown category)', async () => {
    const folder = join(t.config.dataDir, 'media', 'courses');
    const before = readdirSync(folder).length;
    const commands = t.app.get(CommandBus);
    await expect(
      commands.execute(new PublishCourse({ title: 'Orpheline', description: '', categoryId: 424242, teacherId: teacher, techs: '', featuredImg: PNG })),
    ).rejects.toThrow('Catégorie introuvable.');
    expect(readdirSync(folder)).toHaveLength(before);
  });

  it('refuses a featured image that is not an image, and stores nothing', async () => {
    const commands = t.app.get(CommandBus);
    await expect(
      commands.execute(new PublishCourse({ title: 'Piège', description: '', categoryId: office, teacherId: teacher, techs: '', featuredImg: Buffer.from('<?php echo 1;') })),
    ).rejects.toThrow('Le fichier doit être une image JPG, PNG, GIF ou WEBP.');
    expect((await get('/api/search-courses/piege')).json().count).toBe(0);
  });
});

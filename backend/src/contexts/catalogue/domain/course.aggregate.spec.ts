import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Actor } from '../../../shared-kernel/index.js';
import { removalMode } from './course-fields.js';
import { Chapter, Course, Subchapter } from './course.aggregate.js';
import type { ContentInput } from './step-input.js';
import { COMPLETE_PROGRAMME, COMPLETE_PROMISES } from './testing/programme.js';

// The aggregate's collections need the ORM's metadata, not a database: discovered once, never connected.
let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [Course, Chapter, Subchapter], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(() => orm?.close());

const NOW = new Date('2026-11-22T10:00:00Z');
const trainer: Actor = { accountId: 1, role: 'teacher', profileId: 7, username: 'claire', jti: 'j' };
const otherTrainer: Actor = { ...trainer, profileId: 8 };
const admin: Actor = { accountId: 2, role: 'admin', profileId: 1, username: 'admin', jti: 'k' };
const student: Actor = { accountId: 3, role: 'student', profileId: 7, username: 'lea', jti: 'l' };

let nextId = 100;
/** A course as loaded from the database: its rows have ids (given here, as the insert would). */
function course(chapters = 0): Course {
  const c = Course.create({ title: 'Excel', description: '', categoryId: 1, teacherId: 7, techs: '', featuredImg: null, now: NOW });
  c.id = 1;
  for (let i = 0; i < chapters; i++) c.addChapter(text(`Chapitre ${i + 1}`)).id = nextId++;
  // A complete programme sheet (docs/adr/0047): what publishing asks besides content.
  c.declarePromises(admin, COMPLETE_PROMISES, [], NOW);
  c.editProgramme(admin, COMPLETE_PROGRAMME, NOW);
  c.takeEvents();
  return c;
}
const text = (title: string): ContentInput => ({ title, contentType: 'text', duration: 60, textContent: 'Bonjour' });
const titles = (c: Course) => c.liveChapters().map((ch) => `${ch.order}:${ch.title}`);
const ids = (c: Course) => c.liveChapters().map((ch) => ch.id);

describe('Course', () => {
  const create = (title: string) =>
    Course.create({ title, description: 'Tableaux', categoryId: 1, teacherId: 2, techs: 'Excel, , Word ', featuredImg: null, now: new Date(0) });

  it('keeps a searchable form of its text', () => {
    const c = create(' Modèles Excel ');
    expect(c.title).toBe('Modèles Excel');
    expect(c.searchTitle).toBe('modeles excel');
    expect(c.searchBody).toBe('modeles excel tableaux excel, word');
    expect(c.techs).toBe('Excel, Word');
  });

  it('refuses an empty title', () => {
    expect(() => create(' ')).toThrow('Le titre du cours est obligatoire.');
  });

  it('refuses an unknown content type', () => {
    expect(() => course().addChapter({ title: 'X', contentType: 'pdf' as never, duration: 1 })).toThrow('Type de contenu non pris en charge');
  });
});

describe('Course authoring rules', () => {
  it('lets admins and the course\'s own trainer author it, nobody else', () => {
    const c = course();
    expect(() => c.assertAuthor(trainer)).not.toThrow();
    expect(() => c.assertAuthor(admin)).not.toThrow();
    expect(() => c.assertAuthor(otherTrainer)).toThrow("Ce cours n'est pas le vôtre");
    expect(() => c.assertAuthor(student)).toThrow("Ce cours n'est pas le vôtre");
  });

  it.each<[Partial<ContentInput>, string]>([
    [{ contentType: 'text', textContent: '  ' }, 'Le contenu texte est obligatoire'],
    [{ contentType: 'video_url', videoUrl: '' }, "Indiquez l'adresse de la vidéo"],
    [{ contentType: 'video_url', videoUrl: 'javascript:alert(1)' }, 'doit être un lien https'],
    [{ contentType: 'video_file' }, 'Ajoutez le fichier vidéo'],
    [{ contentType: 'video' }, 'Ajoutez le fichier vidéo'],
    [{ contentType: 'scorm' }, 'Ajoutez le paquet SCORM'],
    [{ contentType: 'quiz' }, 'Choisissez le quiz de cette étape.'],
    [{ title: ' ' }, 'Le titre est obligatoire'],
    [{ duration: -1 }, 'La durée doit être'],
    [{ duration: 1.5 }, 'La durée doit être'],
  ])('refuses a step %j without what its type needs, recording nothing', (input, message) => {
    const c = course();
    expect(() => c.addChapter({ ...text('Étape'), textContent: undefined, ...input } as ContentInput)).toThrow(message);
    expect(c.hasPendingEvents).toBe(false);
    expect(c.chapters.length).toBe(0);
  });

  it('refuses a SCORM package under a sub-chapter', () => {
    const c = course(1);
    expect(() => c.addSubchapter(c.liveChapters()[0]!.id, { title: 'Module', contentType: 'scorm', duration: 0 })).toThrow('Type de contenu non pris en charge');
  });

  it('stores a video link as given, and an uploaded video with its own duration when none is typed', () => {
    const c = course();
    const link = c.addChapter({ title: 'Lien', contentType: 'video_url', duration: 30, videoUrl: ' https://youtu.be/abcdefghijk ' });
    expect(link.videoUrl).toBe('https://youtu.be/abcdefghijk');
    const file = c.addChapter({ title: 'Vidéo', contentType: 'video_file', duration: 0, video: { path: '/media/content/v.webm', format: 'webm', bytes: 10, duration: 12 } });
    expect([file.videoFile, file.mediaDuration, file.duration]).toEqual(['/media/content/v.webm', 12, 12]);
  });

  it('puts new steps last, and a changed type gives back the file it no longer uses', () => {
    const c = course(2);
    const third = c.addChapter({ title: 'Vidéo', contentType: 'video_file', duration: 0, video: { path: '/media/v1.webm', format: 'webm', bytes: 1, duration: 5 } });
    expect(third.order).toBe(3);
    third.id = nextId++;
    expect(c.updateChapter(third.id, { title: 'Vidéo', contentType: 'video_file', duration: 0, video: { path: '/media/v2.webm', format: 'webm', bytes: 1, duration: 5 } })).toEqual(['/media/v1.webm']);
    expect(c.updateChapter(third.id, text('Texte désormais'))).toEqual(['/media/v2.webm']);
    expect(third.videoFile).toBeNull();
  });
});

describe('ordering', () => {
  it('applies a whole new order at once, refusing a list that is not exactly the live chapters', () => {
    const c = course(3);
    const [a, b, d] = ids(c);
    c.reorderChapters([d!, a!, b!]);
    expect(titles(c)).toEqual(['1:Chapitre 3', '2:Chapitre 1', '3:Chapitre 2']);
    expect(c.takeEvents()).toEqual([{ type: 'ChapterReordered', payload: { courseId: 1, chapterIds: [d, a, b] } }]);
    for (const wrong of [[a, b], [a, a, b], [a, b, d, 999], [a, b, 999]]) {
      expect(() => c.reorderChapters(wrong as number[])).toThrow('Le nouvel ordre doit citer chaque élément une fois et une seule.');
    }
  });

  it('records nothing for an order that changes nothing', () => {
    const c = course(2);
    c.reorderChapters(ids(c));
    expect(c.hasPendingEvents).toBe(false);
  });

  it('reaches any new order when the spec\'s PATCH {order} is sent for every item, in any sequence, never sharing a place', () => {
    for (let round = 0; round < 200; round++) {
      const c = course(5);
      const target = shuffle(ids(c));
      for (const id of shuffle(target)) {
        c.moveChapter(id, target.indexOf(id) + 1);
        expect(c.liveChapters().map((ch) => ch.order)).toEqual([1, 2, 3, 4, 5]);
      }
      expect(ids(c)).toEqual(target);
    }
  });

  it('refuses a position outside 1..n', () => {
    const c = course(2);
    expect(() => c.moveChapter(ids(c)[0]!, 3)).toThrow('La position doit être comprise entre 1 et 2.');
    expect(() => c.moveChapter(ids(c)[0]!, 0)).toThrow('La position doit être comprise entre 1 et 2.');
  });
});

describe('removal', () => {
  it('archives when learners are enrolled, deletes otherwise, and closes up the order', () => {
    expect([removalMode(0), removalMode(1)]).toEqual(['delete', 'archive']);
    const c = course(3);
    const [a, b] = ids(c);
    expect(c.removeChapter(a!, 2, NOW).mode).toBe('archive');
    expect(c.chapters.getItems().find((ch) => ch.id === a)!.archivedAt).toEqual(NOW);
    expect(titles(c)).toEqual(['1:Chapitre 2', '2:Chapitre 3']);
    expect(c.removeChapter(b!, 0, NOW).mode).toBe('delete');
    expect(c.chapters.getItems().some((ch: Chapter) => ch.id === b)).toBe(false);
    expect(titles(c)).toEqual(['1:Chapitre 3']);
    expect(() => c.chapter(a!)).toThrow('Chapitre introuvable.');
  });

  it('archives a course with learners and refuses any later change', () => {
    const c = course(1);
    expect(c.remove(3, NOW)).toEqual({ mode: 'archive', files: [] });
    expect(() => c.addChapter(text('Après'))).toThrow('Ce cours est archivé');
  });

  it('gives back every file of a deleted course', () => {
    const c = course();
    c.featuredImg = '/media/courses/i.png';
    const ch = c.addChapter({ title: 'V', contentType: 'video_file', duration: 0, video: { path: '/media/v.webm', format: 'webm', bytes: 1, duration: 1 } });
    c.addSubchapter(ch, { title: 'S', contentType: 'video_file', duration: 0, video: { path: '/media/s.mp4', format: 'mp4', bytes: 1, duration: 1 } });
    expect(c.remove(0, NOW).files.sort()).toEqual(['/media/courses/i.png', '/media/s.mp4', '/media/v.webm']);
  });
});

function shuffle<T>(items: T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

describe('Course publishing (docs/adr/0030)', () => {
  const types = (c: Course) => c.takeEvents().map((e) => e.type);

  it('starts as a draft, and says so in CourseCreated', () => {
    const c = Course.create({ title: 'Excel', description: '', categoryId: 1, teacherId: 7, techs: '', featuredImg: null, now: NOW });
    expect(c.status).toBe('draft');
    const [created] = c.takeEvents();
    expect(created).toMatchObject({ type: 'CourseCreated', payload: { status: 'draft' } });
  });

  it('is published by its trainer once accepted, with a chapter that has content', () => {
    const c = course(1);
    c.publish(trainer, true, NOW);
    expect(c.status).toBe('published');
    expect(c.publishedAt).toEqual(NOW);
    expect(types(c)).toEqual(['CourseReleased']);
    c.publish(admin, true, NOW);
    expect(types(c)).toEqual([]);
  });

  it('refuses a trainer the centre has not accepted, and anyone but its author', () => {
    const c = course(1);
    expect(() => c.publish(trainer, false, NOW)).toThrow('Compte en attente de validation');
    expect(() => c.publish(admin, false, NOW)).toThrow("Le formateur de ce cours n'a pas encore été accepté par le centre");
    expect(() => c.publish(otherTrainer, true, NOW)).toThrow("Ce cours n'est pas le vôtre");
    expect(() => c.publish(student, true, NOW)).toThrow("Ce cours n'est pas le vôtre");
    expect(c.status).toBe('draft');
    expect(types(c)).toEqual([]);
  });

  it('says what is missing: no chapter, or no chapter with content', () => {
    expect(() => course(0).publish(trainer, true, NOW)).toThrow('ajoutez au moins un chapitre avec un contenu');
    const c = course(0);
    const empty = c.addChapter({ title: 'Quiz à venir', contentType: 'text', duration: 0, textContent: 'x' });
    empty.textContent = '';
    expect(() => c.publish(trainer, true, NOW)).toThrow('aucun chapitre n’a de contenu à suivre. Ajoutez une vidéo, un texte, un quiz ou un paquet SCORM à l’un de ces chapitres : « Quiz à venir ».');
  });

  it('goes back to draft and out again, its author only', () => {
    const c = course(1);
    c.publish(trainer, true, NOW);
    c.takeEvents();
    expect(() => c.unpublish(otherTrainer, NOW)).toThrow("Ce cours n'est pas le vôtre");
    c.unpublish(admin, NOW);
    expect(c.status).toBe('draft');
    expect(types(c)).toEqual(['CourseReturnedToDraft']);
    c.unpublish(admin, NOW);
    expect(types(c)).toEqual([]);
  });

  it('is brought in published by the demo data and fixtures', () => {
    const c = Course.createPublished({ title: 'Excel', description: '', categoryId: 1, teacherId: 7, techs: '', featuredImg: null, now: NOW });
    expect(c.status).toBe('published');
  });
});

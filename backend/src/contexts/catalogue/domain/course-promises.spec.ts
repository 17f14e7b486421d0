import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { InvalidCourseError } from './catalogue.errors.js';
import { applyPromiseChanges, checkObjectives, objectiveLines } from './course-promises.js';
import { Chapter, Course, Subchapter } from './course.aggregate.js';
import type { ContentInput } from './step-input.js';

let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [Course, Chapter, Subchapter], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(() => orm?.close());

const NOW = new Date('2026-11-26T10:00:00Z');
const props = { title: 'Excel', description: '', categoryId: 1, teacherId: 7, techs: '', featuredImg: null, now: NOW };
const fields = { title: 'Excel', description: '', categoryId: 1, teacherId: 7, techs: '' };
const text = (title: string, declaredMinutes?: number | null): ContentInput => ({
  title, contentType: 'text', duration: 0, textContent: 'Bonjour', ...(declaredMinutes !== undefined ? { declaredMinutes } : {}),
});
function loaded(course: Course): Course {
  course.id = 1;
  course.takeEvents();
  return course;
}
const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidCourseError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('what a course promises', () => {
  it('is an action de formation by default, with nothing else declared and no event of its own', () => {
    const course = Course.create(props);
    course.id = 1;
    expect(course.promises()).toEqual({ objectives: null, plannedMinutes: null, nature: 'action_formation' });
    expect(course.takeEvents().map((e) => e.type)).toEqual(['CourseCreated']);
  });

  it('keeps objectives one per line, trimmed, blank lines dropped, and logs only their count and hash', () => {
    const course = Course.create({ ...props, promises: { objectives: ' Lire un bilan \r\n\r\nConstruire un budget\n', plannedMinutes: 2100, nature: 'vae' } });
    course.id = 1;
    expect(course.objectives).toBe('Lire un bilan\nConstruire un budget');
    const events = course.takeEvents();
    expect(events[1]).toEqual({
      type: 'CoursePromisesDeclared',
      payload: {
        courseId: 1, objectivesCount: 2, objectivesSha256: createHash('sha256').update('Lire un bilan\nConstruire un budget').digest('hex'), plannedMinutes: 2100, nature: 'vae',
      },
    });
  });

  it('leaves absent fields as they are, clears null ones, and logs a change only', () => {
    const course = loaded(Course.create({ ...props, promises: { objectives: 'Lire un bilan', plannedMinutes: 420 } }));
    course.update(fields, undefined, NOW, true, {});
    expect(course.takeEvents().map((e) => e.type)).toEqual(['CourseUpdated']);
    course.update(fields, undefined, NOW, true, { plannedMinutes: 420, nature: 'action_formation' });
    expect(course.takeEvents().map((e) => e.type)).toEqual(['CourseUpdated']);
    course.update(fields, undefined, NOW, true, { objectives: null, nature: null });
    expect(course.promises()).toEqual({ objectives: null, plannedMinutes: 420, nature: null });
    expect(course.takeEvents().map((e) => e.type)).toEqual(['CourseUpdated', 'CoursePromisesDeclared']);
  });

  it.each([
    [{ plannedMinutes: -1 }, 'La durée prévue ne peut pas être négative.'],
    [{ plannedMinutes: 0 }, 'La durée prévue doit être d’au moins une minute (laissez vide si elle n’est pas déclarée).'],
    [{ plannedMinutes: 2000 * 60 + 1 }, 'La durée prévue ne doit pas dépasser 2 000 heures.'],
    [{ plannedMinutes: 7.5 }, 'La durée prévue doit être un nombre entier de minutes.'],
    [{ nature: 'stage' as never }, 'La nature de l’action doit être « Action de formation », « Bilan de compétences », « Action de VAE » ou « Action de formation par apprentissage ».'],
  ])('refuses %j in French, leaving the course as it was', (changes, message) => {
    const course = loaded(Course.create({ ...props, promises: { plannedMinutes: 60 } }));
    expect(refusal(() => course.update({ ...fields, title: 'Autre titre' }, undefined, NOW, true, changes))).toBe(message);
    expect(course.title).toBe('Excel');
    expect(course.promises()).toEqual({ objectives: null, plannedMinutes: 60, nature: 'action_formation' });
    expect(course.takeEvents()).toEqual([]);
  });

  it('accepts the bounds: one minute and 2 000 h', () => {
    expect(applyPromiseChanges({ objectives: null, plannedMinutes: null, nature: null }, { plannedMinutes: 1 }).plannedMinutes).toBe(1);
    expect(applyPromiseChanges({ objectives: null, plannedMinutes: null, nature: null }, { plannedMinutes: 120_000 }).plannedMinutes).toBe(120_000);
    expect(checkObjectives('  \n ')).toBeNull();
    expect(objectiveLines(null)).toEqual([]);
  });
});

describe('the declared duration of a step', () => {
  it('is set on a new chapter or sub-chapter, kept when absent, cleared with null, each change logged', () => {
    const course = loaded(Course.create(props));
    const chapter = course.addChapter(text('Formules', 45));
    chapter.id = 10;
    const sub = course.addSubchapter(chapter, text('RECHERCHEX'));
    sub.id = 11;
    expect(course.takeEvents().filter((e) => e.type === 'StepDurationDeclared')).toEqual([
      { type: 'StepDurationDeclared', payload: { courseId: 1, chapterId: 10, subchapterId: null, declaredMinutes: 45 } },
    ]);
    course.updateChapter(10, text('Formules de base'));
    expect(chapter.declaredMinutes).toBe(45);
    course.updateSubchapter(11, text('RECHERCHEX', 20));
    course.updateChapter(10, text('Formules de base', null));
    expect(course.takeEvents().filter((e) => e.type === 'StepDurationDeclared').map((e) => e.payload)).toEqual([
      { courseId: 1, chapterId: 10, subchapterId: 11, declaredMinutes: 20 },
      { courseId: 1, chapterId: 10, subchapterId: null, declaredMinutes: null },
    ]);
  });

  it('refuses a negative or absurd duration, the step unchanged', () => {
    const course = loaded(Course.create(props));
    const chapter = course.addChapter(text('Formules', 45));
    chapter.id = 10;
    course.takeEvents();
    expect(refusal(() => course.updateChapter(10, text('Autre', -5)))).toBe('La durée moyenne estimée ne peut pas être négative.');
    expect(refusal(() => course.updateChapter(10, text('Autre', 200_000)))).toBe('La durée moyenne estimée ne doit pas dépasser 2 000 heures.');
    expect(chapter.title).toBe('Formules');
    expect(chapter.declaredMinutes).toBe(45);
  });
});

describe('declaring the promises and the steps\' durations at once', () => {
  const admin = { accountId: 2, role: 'admin' as const, profileId: 1, username: 'admin', jti: 'k' };
  const otherTrainer = { accountId: 3, role: 'teacher' as const, profileId: 8, username: 'paul', jti: 'l' };

  function withSteps(): Course {
    const course = loaded(Course.create(props));
    const chapter = course.addChapter(text('Formules'));
    chapter.id = 10;
    course.addSubchapter(chapter, text('RECHERCHEX')).id = 11;
    course.takeEvents();
    return course;
  }

  it('sets them all in one change, logging each', () => {
    const course = withSteps();
    course.declarePromises(admin, { plannedMinutes: 90 }, [{ kind: 'chapter', stepId: 10, minutes: 60 }, { kind: 'subchapter', stepId: 11, minutes: 30 }], NOW);
    expect(course.takeEvents().map((e) => e.type)).toEqual(['CoursePromisesDeclared', 'StepDurationDeclared', 'StepDurationDeclared']);
    expect(course.liveChapters()[0]!.declaredMinutes).toBe(60);
  });

  it('changes nothing when one value is refused, nor for a trainer who is not the course\'s', () => {
    const course = withSteps();
    expect(refusal(() => course.declarePromises(admin, { plannedMinutes: 90 }, [{ kind: 'chapter', stepId: 10, minutes: 60 }, { kind: 'subchapter', stepId: 11, minutes: -1 }], NOW)))
      .toBe('La durée moyenne estimée ne peut pas être négative.');
    expect(course.plannedMinutes).toBeNull();
    expect(course.liveChapters()[0]!.declaredMinutes).toBeNull();
    expect(() => course.declarePromises(otherTrainer, { plannedMinutes: 90 }, [], NOW)).toThrow();
    expect(course.takeEvents()).toEqual([]);
  });
});

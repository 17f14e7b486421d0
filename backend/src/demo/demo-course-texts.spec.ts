import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../platform/config/config.js';
import { DEMO_COURSES, DEMO_DRAFT_COURSES, type DemoChapter, type DemoStep } from './demo-catalogue.js';
import { frenchSpacing } from './demo-course-texts.js';

/** The player's own reading of a text step (frontend content-step.tsx): paragraphs between blank lines. */
const paragraphs = (text: string) => text.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

const stepsOf = (chapters: readonly DemoChapter[]): DemoStep[] => chapters.flatMap(({ subchapters = [], ...chapter }) => [chapter, ...subchapters]);
const allSteps = [...DEMO_COURSES, ...DEMO_DRAFT_COURSES].flatMap((course) => stepsOf(course.chapters).map((step) => ({ course: course.title, step })));

describe('the demo courses’ content (issue 30)', () => {
  it('gives every published demo course chapters', () => {
    expect(DEMO_COURSES.filter((course) => course.chapters.length === 0).map((course) => course.title)).toEqual([]);
  });

  it.each(allSteps.filter(({ step }) => step.contentType === 'text').map(({ course, step }) => [`${course} › ${step.title}`, step.textContent!]))(
    '%s: a lesson of 3 to 6 paragraphs ending with « À retenir », spaced the French way',
    (_, text) => {
      const parts = paragraphs(text);
      expect(parts.length).toBeGreaterThanOrEqual(3);
      expect(parts.length).toBeLessThanOrEqual(6);
      expect(parts.at(-1)).toMatch(/^À retenir\n• /);
      // No ordinary space before a French double sign (code such as « !== » aside).
      expect(text).not.toMatch(/ [:;!?](?![\w=?.])| »|« /);
      expect(text).toBe(frenchSpacing(text));
    },
  );

  it('plays only the project’s own videos, uploaded: no link to a video site nobody checked', () => {
    const videos = allSteps.filter(({ step }) => step.contentType.startsWith('video'));
    expect(videos.length).toBeGreaterThanOrEqual(6);
    for (const { step } of videos) {
      expect(step).toMatchObject({ contentType: 'video_file' });
      expect(existsSync(join(projectRoot, 'backend/src/demo/assets/video', `${step.demoVideo}.mp4`))).toBe(true);
    }
  });
});

describe('frenchSpacing', () => {
  it.each([
    ['Autoriser : Liste ; Source : tblServices', 'Autoriser\u00a0: Liste\u202f; Source\u00a0: tblServices'],
    ['« Modèle Word » ? Oui !', '«\u00a0Modèle Word\u00a0»\u202f? Oui\u202f!'],
    ['1 000 € HT, TVA à 20 %', '1\u202f000\u00a0€ HT, TVA à 20\u00a0%'],
    ['.carte {\n  flex: 1 1 280px;\n}', '.carte {\n\u00a0\u00a0flex: 1 1 280px;\n}'],
    ['display: flex; a?.b ?? c', 'display: flex; a?.b ?? c'],
  ])('%j', (input, expected) => {
    expect(frenchSpacing(input)).toBe(expected);
  });
});

// The demo's courses declare what they promise (issue 26 item 3): objectives, planned hours, nature,
// and a declared duration on every live step, adding up to the planned total.
import { QueryBus } from '@nestjs/cqrs';
import { GetCoursePromises } from '../contexts/catalogue/contracts/catalogue.queries.js';
import { Database } from '../platform/database/database.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { seedDemoData } from './demo-data.js';
import { shareOut } from './demo-promises.js';
import { EMPTY_PROGRAMME, missingProgrammeItems, type ProgrammeSheet } from '../contexts/catalogue/testing.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.app);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo courses\' promises', () => {
  it('declares objectives, planned hours, nature and every step\'s duration, the steps adding up to the planned total', async () => {
    const courses = await t.app.get(Database).query<{ id: number; title: string }>('select id, title from catalogue.course where archived_at is null');
    expect(courses.length).toBeGreaterThanOrEqual(11);
    for (const { id, title } of courses) {
      const promises = (await t.app.get(QueryBus).execute(new GetCoursePromises(id)))!;
      expect({ title, objectives: promises.objectives!.split('\n').length >= 3 }).toEqual({ title, objectives: true });
      expect(promises.planned_minutes).toBeGreaterThanOrEqual(60);
      expect(promises.nature).toBe('action_formation');
      for (const step of promises.steps) expect(step.declared_minutes).toBeGreaterThanOrEqual(5);
      if (promises.steps.length) expect(promises.steps.reduce((sum, step) => sum + step.declared_minutes!, 0)).toBe(promises.planned_minutes);
    }
  });

  it('gives every course a complete programme sheet (docs/adr/0047): one certifying with an RS code and CPF-eligible, one « sur devis »', async () => {
    const rows = await t.app.get(Database).query<{ title: string; objectives: string | null; planned_minutes: number | null; programme: Partial<ProgrammeSheet> }>(
      'select title, objectives, planned_minutes, programme from catalogue.course where archived_at is null',
    );
    for (const row of rows) {
      const missing = missingProgrammeItems({ ...EMPTY_PROGRAMME, ...row.programme }, { objectives: row.objectives, plannedMinutes: row.planned_minutes });
      expect({ title: row.title, missing }).toEqual({ title: row.title, missing: [] });
    }
    const byTitle = (title: string) => ({ ...EMPTY_PROGRAMME, ...rows.find((row) => row.title === title)!.programme });
    expect(byTitle('Excel : tableaux croisés dynamiques')).toMatchObject({ certifying: true, certificationCode: 'RS5252', certifier: 'Isograd', cpfEligible: true });
    expect(byTitle('Piloter un projet avec la méthode agile')).toMatchObject({ onQuote: true, priceCents: null, modality: 'mixte' });
  });

  it('shares out the planned minutes by weight, to 5 minutes, adding up exactly', () => {
    expect(shareOut(420, [{ weight: 1 }, { weight: 1 }, { weight: 2 }])).toEqual([105, 105, 210]);
    expect(shareOut(100, [{ weight: 1 }, { weight: 1 }, { weight: 1 }]).reduce((a, b) => a + b, 0)).toBe(100);
    expect(shareOut(60, [])).toEqual([]);
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { initialStepValues, ScormRuleField, stepBody, type StepValues } from '../components/step-form';
import type { ChapterView } from '../authoring-types';

const notFound = () => json({ statusCode: 404, message: 'Introuvable.' }, 404);

const scormChapter = {
  id: 7,
  title: 'Module golf',
  description: '',
  order: 1,
  content_type: 'scorm',
  duration: 600,
  text_content: '',
  video_url: '',
  video_embed_url: null,
  video: null,
  quiz: null,
  course: 5,
  course_title: 'Golf',
  scorm_url: '/media/scorm/7/index.html',
  scorm_version: '2004',
  scorm_rule: 'passed',
  scorm_items: [],
  subchapters: [],
} as unknown as ChapterView;

describe('the SCORM chapter\'s validation choice', () => {
  it('starts from the chapter\'s choice (« completed or passed » for a new one) and is sent with a SCORM chapter only', () => {
    expect(initialStepValues().scorm_rule).toBe('completed_or_passed');
    const values: StepValues = { ...initialStepValues(scormChapter) };
    expect(values.scorm_rule).toBe('passed');
    expect(stepBody(values, { editing: true }).get('scorm_rule')).toBe('passed');
    expect(stepBody({ ...values, content_type: 'text', text_content: 'x' }, { editing: true }).get('scorm_rule')).toBeNull();
  });

  it('offers the three choices as a labelled radio group', async () => {
    let chosen: unknown;
    render(
      <Form initialValues={{ scorm_rule: 'completed_or_passed' }} onValuesChange={(_, all: { scorm_rule: unknown }) => (chosen = all.scorm_rule)}>
        <ScormRuleField />
      </Form>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Ce qui valide le module' });
    expect(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([true, false, false]);
    await userEvent.click(within(group).getByRole('radio', { name: 'Réussi' }));
    expect(chosen).toBe('passed');
    expect(screen.getByText(/« terminé » mais « échoué » suit ce choix/)).toBeInTheDocument();
  });

  it('is shown in the preview', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    stubFetch((request) => {
      if (request.method === 'POST' && request.path === '/media-session/') return new Response(null, { status: 204 });
      if (request.path === '/course/5/') return json({ id: 5, title: 'Golf', description: '', featured_img: '/media/default.png', course_chapters: [] });
      if (request.path === '/course-chapters/5') return json([scormChapter]);
      return notFound();
    });
    renderApp('/course-preview/5');
    expect(await screen.findByTestId('preview-scorm-rule')).toHaveTextContent('Validation de ce module : réussi (chaque partie). L’aperçu n’enregistre rien.');
  });
});

describe('the « Trace SCORM » of a learner, from the course\'s learners', () => {
  const trace = {
    student: 42,
    chapter: 7,
    version: '2004',
    attempts: [
      {
        attempt: 1,
        sco: 'quiz',
        session_id: '11111111-1111-4111-8111-111111111111',
        started_at: '2026-11-26T10:00:00Z',
        last_at: '2026-11-26T10:05:00Z',
        commits: [
          { seq: 1, outcome: 'applied', received_at: '2026-11-26T10:00:00Z', completion_status: 'incomplete', success_status: 'unknown', score_raw: null, score_min: null, score_max: null, score_scaled: null, progress_measure: null, session_time: 'PT10S', location: 'p2', exit: null, interactions: 1 },
          { seq: 2, outcome: 'applied', received_at: '2026-11-26T10:05:00Z', completion_status: 'completed', success_status: 'failed', score_raw: '50', score_min: '0', score_max: '100', score_scaled: '0.5', progress_measure: null, session_time: 'PT5M', location: 'fin', exit: '', interactions: 2 },
        ],
        interactions: [
          { id: 'q1', type: 'choice', learner_response: 'b', result: 'correct', latency: 'PT4S', timestamp: '2026-11-26T10:01:00Z' },
          { id: 'q2', type: 'fill-in', learner_response: 'Paris', result: 'incorrect', latency: null, timestamp: null },
        ],
        objectives: [{ id: 'obj-1', score_raw: null, score_scaled: '0.5', success_status: 'failed', completion_status: 'completed' }],
      },
      {
        attempt: 2,
        sco: 'quiz',
        session_id: '22222222-2222-4222-8222-222222222222',
        started_at: '2026-11-27T09:00:00Z',
        last_at: '2026-11-27T09:01:00Z',
        commits: [
          { seq: 1, outcome: 'applied', received_at: '2026-11-27T09:00:00Z', completion_status: 'completed', success_status: 'passed', score_raw: '90', score_min: null, score_max: null, score_scaled: null, progress_measure: null, session_time: 'PT1M', location: null, exit: null, interactions: 0 },
        ],
        interactions: [],
        objectives: [],
      },
    ],
  };

  it('opens a drawer with the statuses, score, time, location, interactions and objectives of each attempt', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    stubFetch((request) => {
      calls.push(request);
      if (request.path === '/fetch-enrolled-students/5')
        return json([{ id: 1, enrolled_at: '2026-11-01', student: { id: 42, fullname: 'Léa Dubois', email: 'lea@example.fr', username: 'lea', profile_img: null, interseted_categories: '' } }]);
      if (request.path === '/course/5/') return json({ id: 5, title: 'Golf', description: '', featured_img: '/media/default.png', course_chapters: [] });
      if (request.path === '/course-chapters/5') return json([scormChapter]);
      if (request.path === '/scorm-trace/') return json(trace);
      return notFound();
    });
    renderApp('/enrolled-students/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Trace SCORM de Léa Dubois' }, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Trace SCORM de Léa Dubois' });
    // Grouped by attempt of the package, each session of a SCO numbered within it.
    const first = (await within(drawer).findByRole('heading', { name: 'Tentative 1 du module' })).closest('section')!;
    expect(within(first).getByRole('heading', { name: 'Partie « quiz », séance 1' })).toBeInTheDocument();
    const second = within(drawer).getByRole('heading', { name: 'Tentative 2 du module' }).closest('section')!;
    expect(within(second).getByRole('heading', { name: 'Partie « quiz », séance 1' })).toBeInTheDocument();
    expect(within(second).getAllByRole('row').some((row) => /completed.*passed.*90/.test(row.textContent ?? ''))).toBe(true);
    const traceCall = calls.find((call) => call.path === '/scorm-trace/')!;
    expect(Object.fromEntries(traceCall.query)).toEqual({ student: '42', course: '5', chapter: '7' });
    const rows = within(drawer).getAllByRole('row');
    expect(rows.some((row) => /completed.*failed.*50 \/ 100 · 50\u00a0%.*PT5M.*fin/.test(row.textContent ?? ''))).toBe(true);
    expect(within(drawer).getByText(/choice · Réponse : b · Résultat : correct · Latence : PT4S/)).toBeInTheDocument();
    expect(within(drawer).getByText('obj-1')).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderWithStore } from '../../../test/render-with-store';
import { send } from '../transport';
import { ScormCommitQueue, type ScormCommit } from './commit-queue';
import { ScormStep, type ScoItem } from './scorm-step';
import type { ScormVersion } from './scorm-runtime';

// The SCO's side of the API, called as a package in the frame calls it.
type Api12 = Record<'LMSInitialize' | 'LMSFinish' | 'LMSCommit' | 'LMSGetValue', (arg?: string) => string> & { LMSSetValue: (element: string, value: string) => string };
type Api2004 = Record<'Initialize' | 'Terminate' | 'Commit' | 'GetValue', (arg?: string) => string> & { SetValue: (element: string, value: string) => string };

const STUDENT = 7;
const CHAPTER = 31;

/**
 * The server's side, at the HTTP boundary: POST /scorm-progress/ keeps the newest commit of each
 * SCO (by its identifier) and acknowledges it; GET /scorm-progress/ answers the state of each SCO
 * and when it changed.
 */
function serverOf() {
  const states = new Map<string, ScormCommit>();
  const updated = new Map<string, string>();
  let clock = 0;
  const { calls } = stubFetch((request: FakeRequest) => {
    if (request.method === 'POST' && request.path === '/scorm-progress/') {
      const commit = request.body as ScormCommit;
      states.set(commit.sco ?? '', commit);
      clock += 1;
      updated.set(commit.sco ?? '', new Date(Date.UTC(2026, 10, 26, 10) + clock * 1000).toISOString());
      return json({ bool: true, outcome: 'applied', validated: false }, 201);
    }
    // Where the frame launches the package: the content origin's launch page (docs/adr/0025).
    if (request.method === 'POST' && request.path === '/scorm-launch/') {
      return json({ content_origin: 'http://127.0.0.1:3000', launch_base: 'http://127.0.0.1:3000/scorm-launch/jeton.signature/', expires_at: '2026-11-26T18:00:00.000Z' });
    }
    if (request.method === 'GET' && request.path === '/scorm-progress/') {
      const scos = [...states.entries()].map(([, commit]) => ({ sco: commit.sco, version: '1.2', cmi: commit.cmi_data, total_time: 0, updated_at: updated.get(commit.sco ?? '')! }));
      return json({ entry: scos.length > 0 ? 'resume' : 'ab-initio', scos });
    }
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
  const commits = () => calls.filter((call) => call.method === 'POST' && call.path === '/scorm-progress/').map((call) => call.body as ScormCommit);
  return { commits, states };
}

function renderStep(version: ScormVersion, items: ScoItem[]) {
  const queue = new ScormCommitQueue({ send, student: STUDENT, sessionId: 'aaaaaaaa-0000-4000-8000-000000000001', storage: window.localStorage });
  const view = renderWithStore(
    <MemoryRouter>
      <ScormStep
        course={5}
        chapter={CHAPTER}
        learnerName="Dubois, Léa"
        version={version}
        title="Module"
        scormUrl="/media/scorm/31/index.html"
        items={items}
        saving={{ student: STUDENT, queue, queueState: { pending: 0, failing: false }, listenTo: () => () => undefined }}
      />
    </MemoryRouter>,
  );
  const frame = () => view.container.querySelector<HTMLIFrameElement>('iframe.content-step__scorm-frame');
  const part = (n: number) => within(screen.getByRole('navigation', { name: 'Parties du module' })).getByRole('button', { name: new RegExp(`Partie ${n} sur`) });
  return { ...view, queue, frame, part };
}

/** Waits for a new launch: a frame that is not `previous`, drawn once a new API object is on the window. */
async function nextLaunch(frame: () => HTMLIFrameElement | null, previous: { frame: HTMLIFrameElement | null; api: unknown }, key: 'API' | 'API_1484_11') {
  await waitFor(() => {
    expect(frame()).not.toBeNull();
    expect(frame()).not.toBe(previous.frame);
    expect(window[key]).toBeDefined();
    expect(window[key]).not.toBe(previous.api);
  });
  return { frame: frame(), api: window[key] };
}

const sameUrlItems = (count: number): ScoItem[] =>
  Array.from({ length: count }, (_, i) => ({ identifier: `sco_${i + 1}`, title: `Leçon ${i + 1}`, url: '/media/scorm/31/index.html' }));

describe('a SCORM step of several SCOs that all launch index.html', () => {
  it('launches each SCO with a frame, a runtime and a session of its own, files its commits under its identifier, and resumes each from its own data', async () => {
    const server = serverOf();
    const view = renderStep('1.2', sameUrlItems(8));
    let launched: { frame: HTMLIFrameElement | null; api: unknown } = { frame: null, api: undefined };
    const frames = new Set<HTMLIFrameElement>();
    for (let i = 0; i < 8; i += 1) {
      launched = await nextLaunch(view.frame, launched, 'API');
      frames.add(launched.frame!);
      // Each launch is the content origin's launch page of the SCO's file (docs/adr/0025).
      expect(launched.frame!.getAttribute('src')).toBe('http://127.0.0.1:3000/scorm-launch/jeton.signature/index.html');
      expect(view.part(i + 1)).toHaveAttribute('aria-current', 'step');
      const api = launched.api as Api12;
      expect(api.LMSInitialize('')).toBe('true');
      // Every SCO starts from nothing of its own (none of the earlier SCOs' data).
      expect(api.LMSGetValue('cmi.core.entry')).toBe('ab-initio');
      expect(api.LMSGetValue('cmi.core.lesson_location')).toBe('');
      api.LMSSetValue('cmi.core.lesson_location', `page-${i + 1}`);
      api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
      api.LMSSetValue('cmi.core.exit', 'suspend');
      expect(api.LMSCommit('')).toBe('true');
      expect(api.LMSFinish('')).toBe('true');
      await waitFor(() => expect(server.states.get(`sco_${i + 1}`)?.cmi_data.location).toBe(`page-${i + 1}`));
      if (i < 7) await act(async () => view.part(i + 2).click());
    }
    expect(frames.size).toBe(8);
    const commits = server.commits();
    expect(new Set(commits.map((commit) => commit.sco))).toEqual(new Set(sameUrlItems(8).map((item) => item.identifier)));
    expect(commits.every((commit) => commit.cmi_data.location === `page-${commit.sco!.slice(4)}`)).toBe(true);
    // One run-time session per launch: each SCO's commits under a session of their own.
    const sessions = new Map(commits.map((commit) => [commit.session_id, commit.sco]));
    expect(sessions.size).toBe(8);
    expect(new Set(sessions.values()).size).toBe(8);

    // Back to the third SCO: relaunched (same URL as the eighth), resumed from its own data in a new session.
    await act(async () => view.part(3).click());
    launched = await nextLaunch(view.frame, launched, 'API');
    const api = launched.api as Api12;
    api.LMSInitialize('');
    expect([api.LMSGetValue('cmi.core.entry'), api.LMSGetValue('cmi.core.lesson_location'), api.LMSGetValue('cmi.core.lesson_status')]).toEqual(['resume', 'page-3', 'incomplete']);
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    api.LMSFinish('');
    await waitFor(() => expect(server.states.get('sco_3')?.cmi_data.lesson_status).toBe('completed'));
    expect(server.states.get('sco_3')!.session_id).not.toBe(commits.find((commit) => commit.sco === 'sco_3')!.session_id);
    expect(server.states.get('sco_8')!.cmi_data.location).toBe('page-8');
    view.queue.dispose();
  });

  it('does not relaunch the SCO running when its own part is clicked', async () => {
    serverOf();
    const view = renderStep('1.2', sameUrlItems(2));
    const launched = await nextLaunch(view.frame, { frame: null, api: undefined }, 'API');
    await act(async () => view.part(1).click());
    expect(view.frame()).toBe(launched.frame);
    expect(window.API).toBe(launched.api);
    view.queue.dispose();
  });
});

describe('the navigation requests of a SCORM 2004 package', () => {
  const items: ScoItem[] = [
    { identifier: 'intro', title: 'Introduction', url: '/media/scorm/31/index.html' },
    { identifier: 'cours', title: 'Le cours', url: '/media/scorm/31/index.html' },
    { identifier: 'bilan', title: 'Bilan', url: '/media/scorm/31/index.html?fin=1' },
  ];
  /** The SCO running (initialised, unless `valid()` did it) terminates after asking for `request`, its data set first. */
  let initialised = false;
  const terminateWith = (request: string, set: Record<string, string> = {}) => {
    const api = window.API_1484_11 as Api2004;
    if (!initialised) expect(api.Initialize('')).toBe('true');
    initialised = false;
    for (const [element, value] of Object.entries(set)) api.SetValue(element, value);
    expect(api.SetValue('adl.nav.request', request)).toBe('true');
    expect(api.Terminate('')).toBe('true');
  };

  it('moves on continue and previous, tells the package where it can go, and closes the package on exitAll', async () => {
    const server = serverOf();
    const view = renderStep('2004', items);
    let launched = await nextLaunch(view.frame, { frame: null, api: undefined }, 'API_1484_11');
    const valid = () => {
      const api = window.API_1484_11 as Api2004;
      api.Initialize('');
      initialised = true;
      return [api.GetValue('adl.nav.request_valid.continue'), api.GetValue('adl.nav.request_valid.previous')];
    };
    terminateWith('continue', { 'cmi.completion_status': 'completed' });
    launched = await nextLaunch(view.frame, launched, 'API_1484_11');
    expect(view.part(2)).toHaveAttribute('aria-current', 'step');
    expect(valid()).toEqual(['true', 'true']);
    terminateWith('previous', { 'cmi.location': 'p2' });
    launched = await nextLaunch(view.frame, launched, 'API_1484_11');
    expect(view.part(1)).toHaveAttribute('aria-current', 'step');
    expect(valid()).toEqual(['true', 'false']);
    terminateWith('{target=bilan}choice');
    launched = await nextLaunch(view.frame, launched, 'API_1484_11');
    expect(view.part(3)).toHaveAttribute('aria-current', 'step');
    expect(valid()).toEqual(['false', 'true']);
    terminateWith('exitAll', { 'cmi.completion_status': 'completed' });
    expect(await screen.findByTestId('scorm-closed')).toHaveTextContent('Vous avez quitté le module.');
    expect(view.frame()).toBeNull();
    expect(window.API_1484_11).toBeUndefined();
    await waitFor(() => expect(server.states.get('bilan')?.cmi_data.completion_status).toBe('completed'));
    expect([...server.states.keys()].sort()).toEqual(['bilan', 'cours', 'intro']);

    // Relaunched from the notice: the SCO it left, in a new launch.
    await act(async () => screen.getByRole('button', { name: 'Relancer le module' }).click());
    launched = await nextLaunch(view.frame, launched, 'API_1484_11');
    expect(launched.api).toBe(window.API_1484_11);
    expect(view.part(3)).toHaveAttribute('aria-current', 'step');
    view.queue.dispose();
  });

  it('on suspendAll keeps the SCO suspended and resumes it from the notice; continue past the last SCO ends the package', async () => {
    const server = serverOf();
    const view = renderStep('2004', items);
    let launched = await nextLaunch(view.frame, { frame: null, api: undefined }, 'API_1484_11');
    terminateWith('continue');
    launched = await nextLaunch(view.frame, launched, 'API_1484_11');
    terminateWith('suspendAll', { 'cmi.location': 'diapo-4', 'cmi.suspend_data': 'etat' });
    expect(await screen.findByTestId('scorm-closed')).toHaveTextContent('Module mis en pause : il reprendra là où vous l’avez laissé.');
    await waitFor(() => expect(server.states.get('cours')?.cmi_data).toMatchObject({ exit: 'suspend', location: 'diapo-4', suspend_data: 'etat' }));

    await act(async () => screen.getByRole('button', { name: 'Reprendre le module' }).click());
    launched = await nextLaunch(view.frame, launched, 'API_1484_11');
    expect(view.part(2)).toHaveAttribute('aria-current', 'step');
    const api = window.API_1484_11 as Api2004;
    api.Initialize('');
    expect([api.GetValue('cmi.entry'), api.GetValue('cmi.location'), api.GetValue('cmi.suspend_data')]).toEqual(['resume', 'diapo-4', 'etat']);
    api.SetValue('adl.nav.request', 'continue');
    api.Terminate('');
    await nextLaunch(view.frame, launched, 'API_1484_11');
    expect(view.part(3)).toHaveAttribute('aria-current', 'step');
    terminateWith('continue');
    expect(await screen.findByTestId('scorm-closed')).toHaveTextContent('Vous avez atteint la fin du module.');
    view.queue.dispose();
  });

  it('opened again, resumes at the SCO the package was left suspended in', async () => {
    const server = serverOf();
    const first = renderStep('2004', items);
    let launched = await nextLaunch(first.frame, { frame: null, api: undefined }, 'API_1484_11');
    terminateWith('continue');
    launched = await nextLaunch(first.frame, launched, 'API_1484_11');
    terminateWith('suspendAll', { 'cmi.location': 'diapo-2' });
    await waitFor(() => expect(server.states.get('cours')?.cmi_data.exit).toBe('suspend'));
    first.queue.dispose();
    first.unmount();

    const again = renderStep('2004', items);
    await nextLaunch(again.frame, launched, 'API_1484_11');
    expect(again.part(2)).toHaveAttribute('aria-current', 'step');
    const api = window.API_1484_11 as Api2004;
    api.Initialize('');
    expect([api.GetValue('cmi.entry'), api.GetValue('cmi.location')]).toEqual(['resume', 'diapo-2']);
    again.queue.dispose();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { atPhoneWidth } from '../../../test/screen-width';

const STUDENT = 7;
const COURSE = 5;

const step = (id: number, title: string, content_type: string, extra: Record<string, unknown> = {}) => ({
  id, course: COURSE, title, description: '', order: 1, content_type, duration: 0, video_url: '', video_embed_url: null, video: null, video_duration: null,
  text_content: `Texte de ${title}`, quiz: null, ...extra,
});

/** C1 text (C1.1 text, C1.2 text), C2 text, C3 quiz without a quiz: the sequence C1, C1.1, C1.2, C2, C3. */
const CHAPTERS = [
  { ...step(10, 'Bien démarrer', 'text'), course_title: 'Tableurs', scorm_url: null, scorm_version: null, scorm_items: [], subchapters: [{ ...step(11, 'Le vocabulaire', 'text'), chapter: 10 }, { ...step(12, 'Les raccourcis', 'text'), chapter: 10 }] },
  { ...step(20, 'Les formules', 'text'), course_title: 'Tableurs', scorm_url: null, scorm_version: null, scorm_items: [], subchapters: [] },
  { ...step(30, 'Vérifier ses acquis', 'quiz'), course_title: 'Tableurs', scorm_url: null, scorm_version: null, scorm_items: [], subchapters: [] },
];

const record = (chapter: number, subchapter: number | null, validated = true) => ({
  id: chapter * 100 + (subchapter ?? 0), chapter, subchapter, content_type: 'text', validated, rule: validated ? 'text-finish-after-open' : null,
  time_spent: 30, connected_time: 30, duration: null, opened_at: '2026-01-01T00:00:00Z', validated_at: validated ? '2026-01-01T00:01:00Z' : null,
});

interface World {
  records: ReturnType<typeof record>[];
  completed?: boolean;
}

/** The server of the player: what is validated, and the verdict of each save (a finish on an opened text validates it). */
function server(world: World) {
  const opened = new Set<string>();
  const { calls } = stubFetch((request: FakeRequest) => {
    const { method, path } = request;
    if (method === 'POST' && path === '/media-session/') return new Response(null, { status: 204 });
    if (path === `/course-chapters/${COURSE}`) return json(CHAPTERS);
    if (path === `/course/${COURSE}`) return json({ id: COURSE, title: 'Tableurs', course_chapters: [] });
    if (path === `/student/${STUDENT}`) return json({ id: STUDENT, fullname: 'Léa Dubois' });
    if (path === `/student-courses/${STUDENT}/`) {
      return json([{ id: COURSE, title: 'Tableurs', featured_img: '', progress: 20, time_spent: 60, connected_time: 60, enrollment_date: '2026-01-01', completed_at: world.completed ? '2026-02-01T00:00:00Z' : null, last_activity_at: null, formateurs: [] }]);
    }
    if (method === 'GET' && path === '/progress/') return json(world.records);
    if (method === 'POST' && path === '/progress/') {
      const body = request.body as { chapter: number; subchapter?: number; validated?: boolean };
      const key = `${body.chapter}-${body.subchapter ?? ''}`;
      const validated = Boolean(body.validated) && opened.has(key);
      opened.add(key);
      if (validated) world.records.push(record(body.chapter, body.subchapter ?? null));
      return json({ validated, chapter: body.chapter, subchapter: body.subchapter ?? null, rule: validated ? 'text-finish-after-open' : null, reason: null, time_spent: 0, connected_time: 0 }, 201);
    }
    if (method === 'POST' && path === '/complete-course/') return json({ bool: true }, 201);
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
  return calls;
}

const outlineStep = (key: string) => screen.getByTestId(`outline-${key}`);
const progressPosts = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'POST' && c.path === '/progress/').map((c) => c.body as Record<string, unknown>);

/** The dialog showing `title` (antd writes a confirmation's title twice: shown, and as the dialog's name). */
async function dialog(title: string) {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').find((candidate) => within(candidate).queryAllByText(title).length > 0);
    expect(found).toBeDefined();
    return found!;
  });
}

/** OK: the dialog leaves (jsdom runs no CSS animation, so it stays in the DOM, leaving). */
async function closeDialog(found: HTMLElement) {
  await userEvent.click(within(found).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(found.className).toMatch(/leave/));
}

describe('/mini/{course_id}', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('starts on the first step not validated, shows each step validated, to do or locked, and opens the step on the server', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    const calls = server({ records: [record(10, null)] });
    renderApp(`/mini/${COURSE}`);
    expect(await screen.findByRole('heading', { level: 2, name: '1.1 Le vocabulaire' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tableurs' })).toBeInTheDocument();
    expect(screen.getByText('Texte de Le vocabulaire')).toBeInTheDocument();
    expect(['chapter-10', 'subchapter-11', 'subchapter-12'].map((key) => outlineStep(key).dataset.state)).toEqual(['validated', 'open', 'locked']);
    // One step of five: 20 %.
    expect(screen.getByTestId('course-completion')).toHaveTextContent('20 %');
    await waitFor(() => expect(progressPosts(calls)).toHaveLength(1));
    expect(progressPosts(calls)[0]).toMatchObject({ student: STUDENT, course: COURSE, content_type: 'text', chapter: 10, subchapter: 11, session_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(progressPosts(calls)[0]!.validated).toBeUndefined();
    expect((progressPosts(calls)[0]!.beats as { seq: number }[]).map((beat) => beat.seq)).toEqual([1]);
  });

  it("warns 'Accès refusé' for a locked sub-chapter and 'Accès bloqué' for a locked chapter, and stays", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    server({ records: [record(10, null)] });
    renderApp(`/mini/${COURSE}`);
    await screen.findByRole('heading', { level: 2, name: '1.1 Le vocabulaire' });
    await userEvent.click(outlineStep('subchapter-12'));
    const refused = await dialog('Accès refusé');
    expect(within(refused).getByText('Vous devez terminer les étapes précédentes.')).toBeInTheDocument();
    await closeDialog(refused);
    await userEvent.click(outlineStep('chapter-20'));
    const blocked = await dialog('Accès bloqué');
    expect(within(blocked).getByText("Terminez les étapes précédentes avant d'accéder à ce chapitre.")).toBeInTheDocument();
    await closeDialog(blocked);
    expect(screen.getByRole('heading', { level: 2, name: '1.1 Le vocabulaire' })).toBeInTheDocument();
  });

  it("refuses Next on a step not validated ('Étape non validée'), and goes on once the finish button is accepted", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    const calls = server({ records: [record(10, null)] });
    renderApp(`/mini/${COURSE}`);
    await screen.findByRole('heading', { level: 2, name: '1.1 Le vocabulaire' });
    await userEvent.click(screen.getByRole('button', { name: /Suivant/ }));
    const refused = await dialog('Étape non validée');
    expect(within(refused).getByText('Veuillez valider cette étape avant de continuer.')).toBeInTheDocument();
    await closeDialog(refused);

    await waitFor(() => expect(progressPosts(calls)).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Terminer l’étape' }));
    await waitFor(() => expect(outlineStep('subchapter-11').dataset.state).toBe('validated'));
    expect(progressPosts(calls).filter((body) => body.validated)).toEqual([expect.objectContaining({ chapter: 10, subchapter: 11, validated: true })]);
    expect(outlineStep('subchapter-12').dataset.state).toBe('open');
    await userEvent.click(screen.getByRole('button', { name: /Suivant/ }));
    expect(await screen.findByRole('heading', { level: 2, name: '1.2 Les raccourcis' })).toBeInTheDocument();
    // Previous goes back without condition.
    await userEvent.click(screen.getByRole('button', { name: /Précédent/ }));
    expect(await screen.findByRole('heading', { level: 2, name: '1.1 Le vocabulaire' })).toBeInTheDocument();
  });

  it('brings the next step into view after « Suivant » from the foot of a long step, not from the outline', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    server({ records: [record(10, null), record(10, 11)] });
    renderApp(`/mini/${COURSE}`);
    await screen.findByRole('heading', { level: 2, name: '1.2 Les raccourcis' });
    const scrolled: Element[] = [];
    // jsdom lays nothing out: the step's section is scrolled past (its top above the window), as after reading a long step.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: -800, bottom: -100, left: 0, right: 0, width: 0, height: 700, x: 0, y: -800, toJSON: () => ({}) });
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: function (this: Element) { scrolled.push(this); } });
    await userEvent.click(outlineStep('subchapter-11'));
    await screen.findByRole('heading', { level: 2, name: '1.1 Le vocabulaire' });
    expect(scrolled).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: /Suivant/ }));
    await screen.findByRole('heading', { level: 2, name: '1.2 Les raccourcis' });
    await waitFor(() => expect(scrolled).toHaveLength(1));
    expect(scrolled[0]).toHaveAttribute('aria-labelledby', 'player-step-title');
  });

  it("ends with 'Terminer le cours', then 'Bravo ! Vous avez terminé le cours' and 'Cours terminé'", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    const calls = server({ records: [record(10, null), record(10, 11), record(10, 12), record(20, null), { ...record(30, null), content_type: 'quiz', rule: 'quiz-completed' }] });
    renderApp(`/mini/${COURSE}`);
    // Everything validated: the last step.
    expect(await screen.findByRole('heading', { level: 2, name: '3. Vérifier ses acquis' })).toBeInTheDocument();
    expect(screen.getByText("Aucun quiz n'est associé à cette étape.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Terminer le cours' }));
    await closeDialog(await dialog('Bravo ! Vous avez terminé le cours'));
    expect(calls.find((c) => c.path === '/complete-course/')?.body).toEqual({ student: STUDENT, course: COURSE });
    expect(screen.getByRole('button', { name: 'Cours terminé' })).toBeDisabled();
  });

  it('opens a sub-chapter from the drawer at 390 px', async () => {
    atPhoneWidth();
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    server({ records: [record(10, null), record(10, 11)] });
    renderApp(`/mini/${COURSE}`);
    await screen.findByRole('heading', { level: 2, name: '1.2 Les raccourcis' });
    expect(screen.queryByTestId('outline-chapter-10')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Afficher le sommaire/ }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByTestId('outline-subchapter-11'));
    expect(await screen.findByRole('heading', { level: 2, name: '1.1 Le vocabulaire' })).toBeInTheDocument();
  });

  it('says the course is reserved to its students when the server refuses its steps', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    stubFetch((request) => (request.path === `/course-chapters/${COURSE}` ? json({ message: 'Ce cours est réservé à ses étudiants inscrits.' }, 403) : json({ id: COURSE, title: 'Tableurs' })));
    renderApp(`/mini/${COURSE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ce cours est réservé à ses étudiants inscrits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir la fiche du cours' })).toHaveAttribute('href', `/detail/${COURSE}`);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { specText } from '../../../test/spec-text';

const notFound = () => json({ statusCode: 404, message: 'Introuvable.' }, 404);

const step = (id: number, title: string, order: number, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: '',
  order,
  content_type: 'text',
  duration: 60,
  text_content: `Texte de ${title}.`,
  video_url: '',
  video_embed_url: null,
  video: null,
  quiz: null,
  ...extra,
});

const course = { id: 5, title: 'Excel : les bases', description: '', featured_img: '/media/default.png', course_chapters: [] };
// Given out of order: the preview sorts by order.
const chapters = [
  { ...step(20, 'Formules', 2), course_title: course.title, subchapters: [] },
  { ...step(10, 'Introduction', 1), course_title: course.title, subchapters: [step(102, 'Plan', 2), step(101, 'Objectifs', 1)] },
];

function server(calls: FakeRequest[] = []) {
  return stubFetch((request) => {
    calls.push(request);
    if (request.method === 'POST' && request.path === '/media-session/') return new Response(null, { status: 204 });
    if (request.path === '/course/5/') return json(course);
    if (request.path === '/course-chapters/5') return json(chapters);
    return notFound();
  });
}

describe('/course-preview/{course_id}', () => {
  it('opens the media session, selects the first chapter and walks the steps with Précédent / Suivant', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const { calls } = server();
    renderApp('/course-preview/5');

    const heading = await screen.findByRole('heading', { level: 2, name: '1. Introduction' });
    expect(heading).toBeInTheDocument();
    expect(await screen.findByText('Texte de Introduction.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/media-session/')).toBe(true);
    expect(calls.find((call) => call.path === '/media-session/')!.headers.get('authorization')).toBe('Bearer a1');

    const previous = screen.getByRole('button', { name: /Précédent/ });
    const next = screen.getByRole('button', { name: /Suivant/ });
    expect(previous).toBeDisabled();
    for (const title of ['1.1 Objectifs', '1.2 Plan', '2. Formules']) {
      await userEvent.click(next);
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    expect(screen.getByRole('link', { name: /Retour à mes cours/ })).toHaveAttribute('href', '/teacher-my-course');
  });

  it('opens only the clicked chapter in the outline and closes it on a second click', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    server();
    renderApp('/course-preview/5');
    const outline = await screen.findByRole('navigation', { name: 'Sommaire du cours' });

    const intro = within(outline).getByRole('button', { name: /Introduction/ });
    expect(intro).toHaveAttribute('aria-expanded', 'true');
    expect(within(outline).getByRole('button', { name: /Objectifs/ })).toBeInTheDocument();

    await userEvent.click(intro);
    expect(intro).toHaveAttribute('aria-expanded', 'false');
    expect(within(outline).queryByRole('button', { name: /Objectifs/ })).toBeNull();

    await userEvent.click(within(outline).getByRole('button', { name: /Formules/ }));
    expect(screen.getByRole('heading', { level: 2, name: '2. Formules' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Masquer le sommaire' }));
    expect(screen.queryByRole('navigation', { name: 'Sommaire du cours' })).toBeNull();
  });

  it("says 'Aucun contenu disponible' for a course without chapters", async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    stubFetch((request) => {
      if (request.path === '/media-session/') return new Response(null, { status: 204 });
      if (request.path === '/course/5/') return json(course);
      if (request.path === '/course-chapters/5') return json([]);
      return notFound();
    });
    renderApp('/admin-course-preview/5');
    expect(await screen.findByText('Aucun contenu disponible')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Retour aux cours/ })).toHaveAttribute('href', '/admin-courses');
  });
});

describe('/add-study/{course_id}', () => {
  it("refuses to send without a file: 'Veuillez ajouter un fichier a uploader.'", async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const { calls } = stubFetch(() => notFound());
    renderApp('/add-study/5');
    await userEvent.type(await screen.findByLabelText('Titre'), 'Mémo des raccourcis');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(specText('Veuillez ajouter un fichier a uploader.'))).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0));
  });
});

describe('/enrolled-students/{course_id}', () => {
  it("says 'Aucun étudiant inscrit à ce cours.' when nobody is enrolled", async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    stubFetch((request) => (request.path === '/fetch-enrolled-students/5' ? json([]) : notFound()));
    renderApp('/enrolled-students/5');
    expect(await screen.findByText('Aucun étudiant inscrit à ce cours.')).toBeInTheDocument();
  });
});

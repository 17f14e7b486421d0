import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { courseSummary } from '../../test/catalogue-fixtures';
import { json, stubFetch, type FakeRequest } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { specText } from '../../test/spec-text';

const chapters = [
  {
    id: 12,
    title: 'Les formules',
    description: '',
    order: 2,
    content_type: 'video_url',
    duration: 600,
    subchapters: [
      { id: 31, title: 'SOMME et MOYENNE', order: 2, content_type: 'text', duration: 120 },
      { id: 30, title: 'Références de cellules', order: 1, content_type: 'video_file', duration: 300 },
    ],
  },
  { id: 11, title: 'Prise en main', description: '', order: 1, content_type: 'text', duration: 300, subchapters: [] },
];

const course = {
  ...courseSummary({ id: 5, title: 'Excel : les fondamentaux', total_enrolled_students: 12, course_rating: 3, rating_count: 1 }),
  course_chapters: chapters,
};

interface Server {
  enrolled?: boolean;
  rated?: boolean;
  favourite?: boolean;
  enrol?: (request: FakeRequest) => Response;
  course?: typeof course;
}

/** A fake API for one course and the logged-in student 7. */
function serve(state: Server = {}) {
  return stubFetch((request) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/course/5/') return json(state.course ?? course);
    if (path === '/fetch-enroll-status/7/5/') return json({ bool: Boolean(state.enrolled) });
    if (path === '/fetch-rating-status/7/5/') return json({ bool: Boolean(state.rated) });
    if (path === '/fetch-favorite-status/7/5/') return json({ bool: Boolean(state.favourite) });
    if (method === 'POST' && path === '/student-enroll-course/') {
      return state.enrol?.(request) ?? json({ id: 1, course: 5, student: 7, enrolled_at: '2026-11-21T10:00:00Z' }, 201);
    }
    if (method === 'POST' && path === '/course-rating/') return json({ id: 1 }, 201);
    if (method === 'POST' && path === '/favorite-course/') return json({ id: 1 }, 201);
    if (method === 'DELETE' && path === '/favorite-course/7/5/') return new Response(null, { status: 204 });
    return json({ statusCode: 404, message: 'Introuvable.' }, 404);
  });
}

const loginAsStudent = () => startSession('student', { id: 7, username: 'hugo', access: 'a', refresh: 'r' });

describe('/detail/{course_id}', () => {
  describe('for a visitor', () => {
    it('shows the course and "Connexion requise" linking to /user-login, without the chapters', async () => {
      const { calls } = serve();
      renderApp('/detail/5');

      expect(await screen.findByRole('heading', { level: 1, name: 'Excel : les fondamentaux' })).toBeInTheDocument();
      expect(document.title).toBe('LMS | Excel : les fondamentaux');
      expect(screen.getByRole('link', { name: /Connexion requise/ })).toHaveAttribute('href', '/user-login');
      expect(screen.getByTestId('course-enrolled-count')).toHaveTextContent('12 étudiants inscrits');
      expect(screen.getByTestId('course-rating')).toHaveTextContent('3,0 / 5');
      expect(screen.queryByText(/Contenu du cours/)).not.toBeInTheDocument();
      expect(screen.getByText(/2 chapitres : inscrivez-vous/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: "S'inscrire à ce cours" })).not.toBeInTheDocument();
      expect(calls.map((c) => c.path)).toEqual(['/course/5/']);
    });

    it('says "Contenu en cours de préparation" for a course without chapters', async () => {
      serve({ course: { ...course, course_chapters: [] } });
      renderApp('/detail/5');

      expect(await screen.findByText('Contenu en cours de préparation')).toBeInTheDocument();
    });

    it('answers an unknown course with "Cours introuvable."', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      serve();
      renderApp('/detail/999');

      expect(await screen.findByText('Cours introuvable.')).toBeInTheDocument();
    });
  });

  describe('for a student who is not enrolled', () => {
    it('enrols: POST {course, student}, toast "Inscription réussie !", then "Déjà inscrit" and the content', async () => {
      loginAsStudent();
      const { calls } = serve();
      renderApp('/detail/5');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: "S'inscrire à ce cours" }));

      expect(await screen.findByText('Inscription réussie !')).toBeInTheDocument();
      expect(screen.getByTestId('state-enrolled')).toHaveTextContent('Déjà inscrit');
      const post = calls.find((c) => c.method === 'POST')!;
      expect(post.path).toBe('/student-enroll-course/');
      expect(post.body).toEqual({ course: 5, student: 7 });
      expect(post.headers.get('authorization')).toBe('Bearer a');
      // The enrolment count is patched here, not refetched from a projection that may lag.
      expect(screen.getByTestId('course-enrolled-count')).toHaveTextContent('13 étudiants inscrits');
      expect(calls.filter((c) => c.path === '/course/5/')).toHaveLength(1);
      // Enrolled: the collapsible chapters, in order, and the button to the player.
      expect(screen.getByText('Contenu du cours (2 chapitres)')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Débuter \/ Reprendre le cours/ })).toHaveAttribute('href', '/mini/5');
      const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
      const order = ['Prise en main', 'Les formules', 'Références de cellules', 'SOMME et MOYENNE'].map((t) =>
        items.findIndex((text) => text.includes(t)),
      );
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(screen.getByRole('button', { name: /Noter ce cours/ })).toBeInTheDocument();
    });

    it('shows the popup "Erreur" / "Impossible de s\'inscrire au cours" when enrolling fails', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      loginAsStudent();
      serve({ enrol: () => json({ statusCode: 500, message: 'Erreur interne.' }, 500) });
      renderApp('/detail/5');

      await userEvent.click(await screen.findByRole('button', { name: "S'inscrire à ce cours" }));

      const dialog = await screen.findByRole('dialog', { name: 'Erreur' });
      expect(within(dialog).getByText("Impossible de s'inscrire au cours")).toBeInTheDocument();
      expect(screen.getByRole('button', { name: "S'inscrire à ce cours" })).toBeInTheDocument();
      expect(screen.getByTestId('course-enrolled-count')).toHaveTextContent('12 étudiants inscrits');
    });

    it('treats a 409 as already enrolled', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      loginAsStudent();
      serve({ enrol: () => json({ statusCode: 409, message: 'Vous êtes déjà inscrit à ce cours.' }, 409) });
      renderApp('/detail/5');

      await userEvent.click(await screen.findByRole('button', { name: "S'inscrire à ce cours" }));

      expect(await screen.findByText('Vous êtes déjà inscrit à ce cours.')).toBeInTheDocument();
      expect(screen.getByTestId('state-enrolled')).toBeInTheDocument();
    });
  });

  describe('for an enrolled student', () => {
    it('rates with the star dialog ("1 étoile", "5 étoiles"), toast "Merci pour votre note !", then "Déjà noté"', async () => {
      loginAsStudent();
      const { calls } = serve({ enrolled: true });
      renderApp('/detail/5');
      const user = userEvent.setup();

      await waitFor(() => expect(screen.getByTestId('state-enrolled')).toHaveTextContent('Déjà inscrit'));
      await user.click(await screen.findByRole('button', { name: /Noter ce cours/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Noter ce cours' });
      const send = within(dialog).getByRole('button', { name: 'Envoyer ma note' });
      expect(send).toBeDisabled();
      const stars = within(dialog).getAllByRole('radio');
      expect(stars).toHaveLength(5);
      await user.click(stars[0]!);
      expect(within(dialog).getByTestId('rating-value')).toHaveTextContent('1 étoile');
      await user.click(stars[4]!);
      expect(within(dialog).getByTestId('rating-value')).toHaveTextContent('5 étoiles');
      await user.type(within(dialog).getByLabelText('Votre avis (facultatif)'), 'Très clair.');
      await user.click(send);

      expect(await screen.findByText('Merci pour votre note !')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('state-rated')).toHaveTextContent('Déjà noté'));
      const post = calls.find((c) => c.path === '/course-rating/')!;
      expect(post.body).toEqual({ course: 5, student: 7, rating: 5, reviews: 'Très clair.' });
      // (3 × 1 + 5) / 2, patched locally.
      expect(screen.getByTestId('course-rating')).toHaveTextContent('4,0 / 5 (2 avis)');
    });

    it('shows "Déjà inscrit" and "Déjà noté" when both are done', async () => {
      loginAsStudent();
      serve({ enrolled: true, rated: true });
      renderApp('/detail/5');

      await waitFor(() => expect(screen.getByTestId('state-rated')).toHaveTextContent('Déjà noté'));
      expect(screen.getByTestId('state-enrolled')).toHaveTextContent('Déjà inscrit');
      expect(screen.queryByRole('button', { name: /Noter ce cours/ })).not.toBeInTheDocument();
    });
  });

  it('lets a student add and remove a favourite', async () => {
    loginAsStudent();
    const { calls } = serve();
    renderApp('/detail/5');
    const user = userEvent.setup();

    // The toggle is disabled until the favourite status has loaded.
    const addButton = await screen.findByRole('button', { name: /Ajouter aux favoris/ });
    await waitFor(() => expect(addButton).toBeEnabled());
    await user.click(addButton);
    const removeButton = await screen.findByRole('button', { name: /Retirer des favoris/ });
    expect(removeButton).toHaveAttribute('aria-pressed', 'true');
    await user.click(removeButton);
    expect(await screen.findByRole('button', { name: /Ajouter aux favoris/ })).toBeInTheDocument();

    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/favorite-course/', { course: 5, student: 7 }],
      ['DELETE', '/favorite-course/7/5/', null],
    ]);
  });
});

describe('student course lists', () => {
  it('sends a visitor of /favorite-courses to /user-login', async () => {
    stubFetch(() => json([]));
    const { location } = renderApp('/favorite-courses');
    await waitFor(() => expect(location.pathname).toBe('/user-login'));
  });

  it('lists the favourites with cards linking to the course and the trainer, beside the side menu', async () => {
    loginAsStudent();
    const { calls } = stubFetch(() => json([courseSummary({ id: 5, title: 'Excel : les fondamentaux' })]));
    renderApp('/favorite-courses');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cours favoris' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Excel : les fondamentaux' })).toHaveAttribute('href', '/detail/5');
    expect(screen.getByRole('link', { name: /Claire Martin/ })).toHaveAttribute('href', '/teacher-detail/4');
    expect(calls[0]!.path).toBe('/fetch-favorite-coourses/7/');
    expect(screen.getByRole('navigation', { name: specText('Espace Etudiant') })).toBeInTheDocument();
  });

  it('lists the recommended courses, or says there are none', async () => {
    loginAsStudent();
    const { calls } = stubFetch(() => json([]));
    renderApp('/recommended-courses');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cours recommandés' })).toBeInTheDocument();
    expect(await screen.findByText('Aucune recommandation pour le moment.')).toBeInTheDocument();
    expect(calls[0]!.path).toBe('/fetch-recommended-courses/7/');
  });
});

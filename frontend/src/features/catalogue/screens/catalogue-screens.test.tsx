import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { courseSummary, paged } from '../../../test/catalogue-fixtures';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const notFound = () => json({ statusCode: 404, message: 'Introuvable.' }, 404);

describe('/all-courses', () => {
  it('lists the courses as cards under "Tous les cours disponibles" and pages with Précédent/Suivant', async () => {
    const page1 = Array.from({ length: 8 }, (_, i) => courseSummary({ id: i + 1 }));
    const page2 = [courseSummary({ id: 9, title: 'Modèles de documents Word et Excel' })];
    const { calls } = stubFetch((request) => {
      if (request.path !== '/course/') return notFound();
      return request.query.get('page') === '2'
        ? json(paged(page2, { count: 9, previous: '/api/course/?page=1' }))
        : json(paged(page1, { count: 9, next: '/api/course/?page=2' }));
    });
    const { location } = renderApp('/all-courses');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tous les cours disponibles' }),
    ).toBeInTheDocument();
    expect(await screen.findAllByTestId('course-card')).toHaveLength(8);
    expect(document.title).toBe('LMS | Tous les cours disponibles');
    expect(calls[0]!.query.get('page')).toBe('1');
    expect(calls[0]!.query.get('page_size')).toBe('8');
    const card = screen.getAllByTestId('course-card')[0]!;
    expect(within(card).getByRole('link', { name: 'Cours 1' })).toHaveAttribute('href', '/detail/1');
    expect(within(card).getByRole('link', { name: /Claire Martin/ })).toHaveAttribute(
      'href',
      '/teacher-detail/4',
    );
    expect(within(card).getByText('12 inscrits')).toBeInTheDocument();
    expect(within(card).getByText('1 h 30')).toBeInTheDocument();

    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: /Précédent/ })).toBeDisabled();
    expect(within(pager).getByText('Page 1 sur 2')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: /Suivant/ }));

    expect(await screen.findByRole('link', { name: 'Modèles de documents Word et Excel' })).toBeInTheDocument();
    expect(location.search).toBe('?page=2');
    expect(screen.getByText('Page 2 sur 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Suivant/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Précédent/ }));
    await waitFor(() => expect(location.search).toBe(''));
  });

  it('logs a loading failure and shows a warning instead of a blank page', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => json({ statusCode: 500, message: 'Erreur interne.' }, 500));
    renderApp('/all-courses');

    expect(await screen.findByText('Chargement impossible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Échec du chargement : liste des cours', expect.anything());
  });
});

describe('/category and /course/{category_id}/{category_slug}', () => {
  const categories = [
    { id: 3, title: 'Bureautique', slug: 'bureautique', description: 'Word, Excel, PowerPoint.', total_courses: 4 },
    { id: 5, title: 'Développement web', slug: 'developpement-web', description: 'HTML, CSS, JavaScript.', total_courses: 1 },
  ];

  it('shows each category with its course count and description, linking to its courses', async () => {
    stubFetch((request) => (request.path === '/category/' ? json(categories) : notFound()));
    renderApp('/category');

    const cards = await screen.findAllByTestId('category-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Bureautique' })).toHaveAttribute(
      'href',
      '/course/3/bureautique',
    );
    expect(within(cards[0]!).getByText('4 cours')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Word, Excel, PowerPoint.')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('1 cours')).toBeInTheDocument();
  });

  it('lists the courses of one category, paginated', async () => {
    const { calls } = stubFetch((request) => {
      if (request.path === '/category/') return json(categories);
      if (request.path === '/course/') return json(paged([courseSummary({ id: 7, title: 'Excel avancé' })]));
      return notFound();
    });
    renderApp('/course/3/bureautique');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bureautique' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Excel avancé' })).toHaveAttribute('href', '/detail/7');
    const list = calls.find((c) => c.path === '/course/')!;
    expect(list.query.get('category')).toBe('3');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

describe('/search/{searchstring}', () => {
  it('shows "Résultats de recherche pour" the term with the matching courses', async () => {
    const { calls } = stubFetch((request) =>
      request.path.startsWith('/search-courses/')
        ? json(paged([courseSummary({ id: 2, title: 'Modèles de documents Word et Excel' })]))
        : notFound(),
    );
    renderApp('/search/modele');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Résultats de recherche pour « modele »' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Modèles de documents Word et Excel')).toBeInTheDocument();
    expect(calls[0]!.path).toBe('/search-courses/modele/');
    expect(screen.getByText('1 cours trouvé')).toBeInTheDocument();
  });

  it('says "Aucun cours trouvé pour ce terme." when nothing matches', async () => {
    stubFetch(() => json(paged([])));
    renderApp('/search/astrophysique');

    expect(await screen.findByText('Aucun cours trouvé pour ce terme.')).toBeInTheDocument();
  });

  it('is reached from the search box of the navigation bar', async () => {
    const { calls } = stubFetch(() => json(paged([])));
    const { location } = renderApp('/nulle-part');

    const box = screen.getByRole('searchbox', { name: 'Rechercher un cours' });
    await userEvent.type(box, '  étudiant {enter}');

    await waitFor(() => expect(location.pathname).toBe('/search/%C3%A9tudiant'));
    await waitFor(() => expect(calls.some((c) => c.path === '/search-courses/%C3%A9tudiant/')).toBe(true));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Résultats de recherche pour « étudiant »',
    );
  });
});

describe('CMS pages', () => {
  it('lists the pages in the footer', async () => {
    stubFetch(() => notFound(), {
      pages: [
        { id: 1, title: 'Mentions légales', slug: 'mentions-legales' },
        { id: 2, title: 'Conditions générales', slug: 'cgv' },
      ],
    });
    renderApp('/nulle-part');

    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'Mentions légales' })).toHaveAttribute(
      'href',
      '/page/1/mentions-legales',
    );
    expect(within(footer).getByRole('link', { name: 'Conditions générales' })).toHaveAttribute(
      'href',
      '/page/2/cgv',
    );
  });

  it('shows the title and the HTML of /page/{page_id}/{page_slug}', async () => {
    const { calls } = stubFetch(() =>
      json({
        id: 1,
        title: 'Mentions légales',
        slug: 'mentions-legales',
        content: '<h2>Éditeur</h2><p>Centre de formation <strong>LMS</strong>.</p>',
      }),
    );
    renderApp('/page/1/mentions-legales');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions légales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Éditeur' })).toBeInTheDocument();
    expect(screen.getByText('LMS', { selector: 'strong' })).toBeInTheDocument();
    expect(calls[0]!.path).toBe('/pages/1/mentions-legales/');
    expect(document.title).toBe('LMS | Mentions légales');
  });

  it('answers an unknown page with "Page introuvable"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => notFound());
    renderApp('/page/99/rien');

    expect(await screen.findByText('Page introuvable')).toBeInTheDocument();
  });
});

describe('/teacher-detail/{teacher_id} and /teacher-skill-courses/{skill}/{teacher_id}', () => {
  const teacher = {
    id: 4,
    full_name: 'Claire Martin',
    detail: 'Formatrice en bureautique depuis dix ans.',
    profile_img: null,
    email: 'claire.martin@example.fr',
    qualification: 'Master MEEF',
    skills: 'Excel, Word',
    skill_list: ['Excel', 'Word'],
    face_url: '',
    insta_url: '',
    twit_url: '',
    web_url: 'https://claire-martin.fr',
    you_url: 'javascript:alert(1)',
    total_teacher_course: 2,
    teacher_courses: [
      { id: 7, title: 'Excel avancé' },
      { id: 8, title: 'Word pour les pros' },
    ],
  };

  it('shows the public profile: skills, count, email, qualifications, present social links, courses', async () => {
    stubFetch((request) => (request.path === '/teacher/4/' ? json(teacher) : notFound()));
    renderApp('/teacher-detail/4');

    expect(await screen.findByRole('heading', { level: 1, name: 'Claire Martin' })).toBeInTheDocument();
    expect(document.title).toBe('LMS | Profil du formateur');
    expect(screen.getByText('Formatrice en bureautique depuis dix ans.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Excel' })).toHaveAttribute(
      'href',
      '/teacher-skill-courses/Excel/4',
    );
    expect(screen.getByText('2 cours publiés')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'claire.martin@example.fr' })).toHaveAttribute(
      'href',
      'mailto:claire.martin@example.fr',
    );
    expect(screen.getByText('Master MEEF')).toBeInTheDocument();
    const social = screen.getByRole('navigation', { name: 'Réseaux et site web' });
    // Empty links are left out, and so is anything that is not http(s).
    expect(within(social).getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Site web',
    ]);
    expect(within(social).getByRole('link')).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Word pour les pros' })).toHaveAttribute('href', '/detail/8');
  });

  it("lists the trainer's courses for one skill", async () => {
    const { calls } = stubFetch((request) => {
      if (request.path === '/teacher/4/') return json(teacher);
      if (request.path === '/course/') return json(paged([courseSummary({ id: 7, title: 'Excel avancé' })]));
      return notFound();
    });
    renderApp('/teacher-skill-courses/Excel/4');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cours « Excel »' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Excel avancé' })).toHaveAttribute('href', '/detail/7');
    const list = calls.find((c) => c.path === '/course/')!;
    expect(list.query.get('skill_name')).toBe('Excel');
    expect(list.query.get('teacher')).toBe('4');
    expect(await screen.findByText('Formations de Claire Martin dans cette compétence.')).toBeInTheDocument();
  });
});

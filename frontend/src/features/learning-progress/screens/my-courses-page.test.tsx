import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const course = (id: number, title: string, progress: number, time_spent: number) => ({
  id, title, featured_img: `/media/${id}.jpg`, progress, time_spent, connected_time: time_spent, enrollment_date: '2026-01-15T09:00:00Z',
  completed_at: progress === 100 ? '2026-02-20T09:00:00Z' : null, last_activity_at: null, formateurs: [{ id: 3, prenom: 'Claire', nom: 'Martin' }],
});

const COURSES = [course(1, 'Agilité', 100, 5_400), course(2, 'Modèles Word', 60, 1_200), course(3, 'Tableaux croisés', 20, 300), course(4, 'Cybersécurité', 0, 0)];

function server(answer: () => Response) {
  return stubFetch((request) => (request.path === '/student-courses/7/' ? answer() : json({ statusCode: 404, message: 'Ressource introuvable.' }, 404)));
}

describe('/my-courses', () => {
  it('shows each course with its bar in the spec colour, its links, and filters by progress band with counts', async () => {
    startSession('student', { id: 7, username: 'lea', access: 'a1', refresh: 'r1' });
    server(() => json(COURSES));
    renderApp('/my-courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes cours' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('my-course');
    expect(cards.map((card) => card.querySelector('.progress-bar')!.getAttribute('data-colour'))).toEqual(['green', 'yellow', 'orange', 'grey']);
    expect(within(cards[1]!).getByRole('progressbar', { name: 'Progression de Modèles Word' })).toHaveAttribute('aria-valuenow', '60');
    expect(within(cards[1]!).getByRole('link', { name: 'Modèles Word' })).toHaveAttribute('href', '/detail/2');
    expect(within(cards[1]!).getByRole('link', { name: 'Fiche du cours' })).toHaveAttribute('href', '/detail/2');
    expect(within(cards[1]!).getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/user/study-material/2');
    expect(within(cards[1]!).getByRole('link', { name: 'Reprendre' })).toHaveAttribute('href', '/mini/2');
    expect(within(cards[3]!).getByRole('link', { name: 'Commencer' })).toHaveAttribute('href', '/mini/4');
    expect(within(cards[0]!).getByText('Formateur : Claire Martin')).toBeInTheDocument();

    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual(['Tous (4)', 'Non commencés (1)', 'En cours (2)', 'Terminés (1)']);
    await userEvent.click(screen.getByText('En cours (2)'));
    expect(screen.getAllByTestId('my-course').map((card) => within(card).getByRole('heading').textContent)).toEqual(['Modèles Word', 'Tableaux croisés']);
    await userEvent.click(screen.getByText('Non commencés (1)'));
    expect(screen.getAllByTestId('my-course').map((card) => within(card).getByRole('heading').textContent)).toEqual(['Cybersécurité']);
  });

  it('draws the active time per course, longest first, with the time written beside each bar', async () => {
    startSession('student', { id: 7, username: 'lea', access: 'a1', refresh: 'r1' });
    server(() => json(COURSES));
    renderApp('/my-courses');
    const chart = await screen.findByRole('region', { name: 'Temps actif par cours' });
    expect(within(chart).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Agilité1 h 30 min', 'Modèles Word20 min', 'Tableaux croisés5 min']);
  });

  it('links an empty list to /category', async () => {
    startSession('student', { id: 7, username: 'lea', access: 'a1', refresh: 'r1' });
    server(() => json([]));
    renderApp('/my-courses');
    expect(await screen.findByText("Vous n'êtes inscrit à aucun cours pour le moment.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parcourir les catégories' })).toHaveAttribute('href', '/category');
  });

  it("says 'Impossible de charger vos cours' when the list cannot be read", async () => {
    startSession('student', { id: 7, username: 'lea', access: 'a1', refresh: 'r1' });
    server(() => json({ message: 'Erreur' }, 500));
    renderApp('/my-courses');
    expect(await screen.findByText('Impossible de charger vos cours')).toBeInTheDocument();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { courseSummary, paged } from '../../test/catalogue-fixtures';
import { json, stubFetch } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { specText } from '../../test/spec-text';

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('home page (/)', () => {
  it('plays the muted looping background video and shows three courses from ?result=3', async () => {
    const { calls } = stubFetch(() =>
      json(paged([1, 2, 3].map((id) => courseSummary({ id, title: `Formation ${id}` })), { count: 12 })),
    );
    renderApp('/');

    const video = (await screen.findByTestId('hero-video')) as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.getAttribute('poster')).toBe('/hero/hero-poster.jpg');
    expect([...video.querySelectorAll('source')].map((s) => s.getAttribute('src'))).toEqual([
      '/hero/hero.webm',
      '/hero/hero.mp4',
    ]);
    expect(await screen.findAllByTestId('course-card')).toHaveLength(3);
    expect(calls[0]!.path).toBe('/course/');
    expect(calls[0]!.query.get('result')).toBe('3');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voir tous les cours/ })).toHaveAttribute('href', '/all-courses');
  });

  it('shows only the poster when the visitor prefers reduced motion', async () => {
    preferReducedMotion(true);
    stubFetch(() => json(paged([])));
    renderApp('/');

    expect(await screen.findByTestId('hero-poster')).toHaveAttribute('src', '/hero/hero-poster.jpg');
    expect(screen.queryByTestId('hero-video')).not.toBeInTheDocument();
  });
});

describe('static pages', () => {
  it('/policy has every section of the spec, the retention rule and the CNIL complaint', async () => {
    stubFetch(() => json([]));
    renderApp('/policy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeInTheDocument();
    const sections = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      '1. Responsable du traitement',
      '2. Données collectées',
      '3. Finalités et bases légales',
      '4. Partage des données',
      '5. Durée de conservation',
      '6. Vos droits (RGPD)',
      '7. Sécurité',
      '8. Cookies et stockage local',
      '9. Modifications de cette politique',
    ]);
    expect(
      screen.getByText(/pendant la formation, puis une durée légale de 5 à 10 ans selon les cas/),
    ).toBeInTheDocument();
    expect(screen.getByText(/réclamation à la CNIL/)).toBeInTheDocument();
    expect(screen.getByText(/droit à la portabilité/)).toBeInTheDocument();
    expect(document.title).toBe('LMS | Politique de confidentialité');
  });

  it('/faq answers the learners’ questions (CPF, attestation, progression, access)', async () => {
    stubFetch(() => json([]));
    renderApp('/faq');

    expect(await screen.findByRole('heading', { level: 1, name: 'Aide et FAQ' })).toBeInTheDocument();
    for (const question of [
      'Puis-je financer ma formation avec mon CPF ?',
      'Vais-je recevoir une attestation ?',
      'Comment ma progression est-elle calculée ?',
      'Combien de temps ai-je accès à mes cours ?',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: question })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Contacter l’assistance' })).toHaveAttribute('href', '/assistance');
  });

  it('/faq tells the share of a video the server requires, as the server serves it', async () => {
    stubFetch(() => json([]), { progressRules: { video: { share: 0.75, finish_after_seconds: 60, max_rate: 2 } } });
    renderApp('/faq');

    fireEvent.click(await screen.findByRole('button', { name: 'Comment ma progression est-elle calculée ?' }));
    expect(await screen.findByText(/Une vidéo est validée lorsque vous en avez regardé 75 %,/)).toBeInTheDocument();
    expect(screen.queryByText(/90 %/)).not.toBeInTheDocument();
  });

  it('/assistance links to the external help desk in a new tab and gives hours and response time', async () => {
    stubFetch(() => json([]));
    renderApp('/assistance');

    expect(await screen.findByRole('heading', { level: 1, name: 'Assistance' })).toBeInTheDocument();
    const helpdesk = screen.getByRole('link', { name: /Ouvrir le centre d’aide/ });
    expect(helpdesk).toHaveAttribute('target', '_blank');
    expect(helpdesk).toHaveAttribute('rel', 'noopener noreferrer');
    expect(helpdesk.getAttribute('href')).toMatch(/^https:\/\//);
    expect(screen.getByText('Du lundi au vendredi, de 9h00 à 18h00')).toBeInTheDocument();
    expect(screen.getByText('Assistance en ligne 24h/24, 7j/7')).toBeInTheDocument();
    expect(screen.getByText('Délai de réponse standard : moins de 48 heures')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: specText('Espace Etudiant') })).not.toBeInTheDocument();
  });

  it('/assistance keeps the student side menu for a logged-in student', async () => {
    startSession('student', { id: 7, username: 'hugo', access: 'a', refresh: 'r' });
    stubFetch(() => json([]));
    renderApp('/assistance');

    const menu = await screen.findByRole('navigation', { name: specText('Espace Etudiant') });
    expect(within(menu).getByRole('link', { name: 'Assistance' })).toHaveAttribute('href', '/assistance');
  });

  it('/aboutus presents the centre', async () => {
    stubFetch(() => json([]));
    renderApp('/aboutus');

    expect(await screen.findByRole('heading', { level: 1, name: 'À propos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notre mission' })).toBeInTheDocument();
    expect(document.title).toBe('LMS | À propos');
  });
});

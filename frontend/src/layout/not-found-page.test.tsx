import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('404 page', () => {
  it('answers an unknown path with "Page introuvable" and a link home', async () => {
    renderApp('/cette-page-n-existe-pas');

    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('LMS | Page introuvable'));
  });

  it('keeps the navigation bar and the footer around it', () => {
    renderApp('/nulle-part');

    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });
});

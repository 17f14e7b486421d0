import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusMessage } from './status-message';

describe('StatusMessage', () => {
  it('shows its title at the level asked, its sentence and its action', () => {
    render(<StatusMessage kind="not-found" level={1} title="Page introuvable" text="Elle n’existe pas." extra={<a href="/">Accueil</a>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByText('Elle n’existe pas.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accueil' })).toBeInTheDocument();
  });

  it('is a second-level heading by default, with a decorative icon', () => {
    const { container } = render(<StatusMessage kind="preparing" title="Contenu en cours de préparation" />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Contenu en cours de préparation');
    expect(container.querySelector('.status-message__icon')).toHaveAttribute('aria-hidden', 'true');
  });
});

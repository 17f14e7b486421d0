import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initials, PersonAvatar } from './person-avatar';

describe('initials', () => {
  it('takes the first letters of the first two words, else two letters', () => {
    expect(initials('Léa Dubois')).toBe('LD');
    expect(initials('claire')).toBe('CL');
    expect(initials('')).toBe('UN');
  });
});

describe('PersonAvatar', () => {
  it('shows the photo, and the initials once the photo fails to load', () => {
    const { container } = render(<PersonAvatar src="/media/x.png" name="Julien Bernard" size={36} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container).toHaveTextContent('JB');
  });

  it('is decorative unless it is given an alternative text', () => {
    const { container } = render(<PersonAvatar name="Julien Bernard" size={36} />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    render(<PersonAvatar name="Claire Martin" size={128} alt="Claire Martin" />);
    expect(screen.getByRole('img', { name: 'Claire Martin' })).toHaveTextContent('CM');
  });
});

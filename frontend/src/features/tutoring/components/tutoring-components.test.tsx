import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeworkStatus, UnreadBadge } from './badges';
import { firstTwoLetters, PersonCard } from './person-card';

describe('the initials avatar of /my-teachers (01 §2.4, §9)', () => {
  it('shows the first two letters of the name, in capitals', () => {
    expect(firstTwoLetters('Claire Martin')).toBe('CL');
    expect(firstTwoLetters('  élodie')).toBe('ÉL');
    expect(firstTwoLetters('X')).toBe('X');
  });

  it("falls back on 'UN' without a name", () => {
    expect(firstTwoLetters('')).toBe('UN');
    expect(firstTwoLetters('   ')).toBe('UN');
    expect(firstTwoLetters(null)).toBe('UN');
  });

  it('draws them in the card, beside the name', () => {
    render(
      <ul>
        <PersonCard name="Julien Bernard" facts={[{ label: 'E-mail', value: 'j@example.fr' }]} actions={null} />
      </ul>,
    );
    const card = screen.getByTestId('person-card');
    expect(card.querySelector('.person-avatar')).toHaveTextContent(/^JU$/);
    expect(screen.getByRole('heading', { level: 2, name: 'Julien Bernard' })).toBeInTheDocument();
  });
});

describe('the homework badge', () => {
  it("reads 'Terminé' once done, else 'En attente' (01 §2.4, 02 §4)", () => {
    const { rerender } = render(<HomeworkStatus done />);
    expect(screen.getByText('Terminé')).toHaveClass('homework-status--done');
    rerender(<HomeworkStatus done={false} />);
    expect(screen.getByText('En attente')).not.toHaveClass('homework-status--done');
  });
});

describe('the unread badge', () => {
  it('says how many messages wait, and is absent when none', () => {
    const { container, rerender } = render(<UnreadBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<UnreadBadge count={2} />);
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('22 messages non lus');
    expect(screen.getByText('2 messages non lus')).toHaveClass('visually-hidden');
  });
});

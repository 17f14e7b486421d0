import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '../satisfaction-types';
import { SurveyAnswerForm } from './survey-answer-form';

const QUESTIONS: Question[] = [
  { id: 'q1', type: 'note', label: 'Êtes-vous satisfait(e) de la formation ?', required: true, options: [] },
  { id: 'q2', type: 'choix_unique', label: 'Le rythme était-il adapté ?', required: false, options: ['Trop lent', 'Adapté', 'Trop rapide'] },
  { id: 'q3', type: 'choix_multiple', label: 'Qu’avez-vous apprécié ?', required: false, options: ['Les vidéos', 'Les quiz'] },
  { id: 'q4', type: 'texte', label: 'Vos suggestions', required: false, options: [] },
];

describe('SurveyAnswerForm', () => {
  it('refuses to send without a required rating, then sends the rating, the choices and the text by question id', async () => {
    // antd draws its own radio buttons over the inputs (pointer-events: none on the inputs themselves).
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onSubmit = vi.fn();
    render(<SurveyAnswerForm questions={QUESTIONS} onSubmit={onSubmit} />);
    expect(screen.getByText(/Vos réponses sont anonymes/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    expect(await screen.findByText('Veuillez répondre à cette question.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: '4 sur 5' }));
    await user.click(screen.getByRole('radio', { name: 'Adapté' }));
    await user.click(screen.getByRole('checkbox', { name: 'Les quiz' }));
    await user.type(screen.getByLabelText(/4\. Vos suggestions/), 'Plus d’exercices.');
    await user.click(screen.getByRole('button', { name: 'Envoyer mes réponses' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ q1: 4, q2: 'Adapté', q3: ['Les quiz'], q4: 'Plus d’exercices.' });
  });

  it('groups each question’s choices under its label (fieldset and legend), for screen readers', () => {
    render(<SurveyAnswerForm questions={QUESTIONS} onSubmit={() => undefined} />);
    expect(screen.getByRole('group', { name: /1\. Êtes-vous satisfait/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: /2\. Le rythme était-il adapté/ }).querySelector('legend')!.textContent).toContain('(facultatif)');
  });
});

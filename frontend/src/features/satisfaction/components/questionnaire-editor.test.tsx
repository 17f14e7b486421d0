import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire } from '../satisfaction-types';
import { QuestionnaireEditor } from './questionnaire-editor';

const ANSWERED: Questionnaire = {
  id: 3, title: 'Satisfaction à chaud', kind: 'chaud', course_id: null, course_title: null, cold_delay_days: 0, reminder_days: 7, max_reminders: 2,
  active: true, current_version: 1, answered: true, sent: 4, answers: 2,
  questions: [
    { id: 'q1', type: 'note', label: 'Satisfaction générale', required: true, options: [] },
    { id: 'q2', type: 'choix_unique', label: 'Rythme', required: false, options: ['Adapté', 'Trop rapide'] },
  ],
};

describe('QuestionnaireEditor', () => {
  it('creates a questionnaire: a title, a question’s label required, then the body the server takes', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuestionnaireEditor courses={[{ value: 7, label: 'Excel' }]} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Veuillez donner un titre au questionnaire.')).toBeTruthy();
    expect(await screen.findByText('Veuillez écrire l’intitulé de la question.')).toBeTruthy();
    await user.type(screen.getByLabelText('Titre'), 'Votre avis à chaud');
    await user.type(screen.getByLabelText('Intitulé'), 'Êtes-vous satisfait(e) ?');
    await user.click(screen.getByRole('button', { name: 'Ajouter une question' }));
    expect(screen.getAllByLabelText('Intitulé')).toHaveLength(2);
    await user.type(screen.getAllByLabelText('Intitulé')[1], 'Vos suggestions');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      title: 'Votre avis à chaud', kind: 'chaud', reminder_days: 7, max_reminders: 2, active: true,
      questions: [
        { type: 'note', label: 'Êtes-vous satisfait(e) ?', required: true },
        { type: 'note', label: 'Vos suggestions', required: true },
      ],
    });
  });

  it('edits an answered questionnaire: warns that a new version starts, keeps the ids and sends the choices one per line', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuestionnaireEditor initial={ANSWERED} courses={[]} onSubmit={onSubmit} />);
    expect(screen.getByText(/une nouvelle version/)).toBeTruthy();
    const options = screen.getByLabelText('Choix proposés (un par ligne)');
    await user.type(options, '{enter}Trop lent');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].questions).toEqual([
      { id: 'q1', type: 'note', label: 'Satisfaction générale', required: true },
      { id: 'q2', type: 'choix_unique', label: 'Rythme', required: false, options: ['Adapté', 'Trop rapide', 'Trop lent'] },
    ]);
    expect(onSubmit.mock.calls[0][0]).not.toHaveProperty('kind');
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages as m } from '../messages';
import { QuestionForm, isOneOfTheAnswers, rightAnswerChoices } from './question-form';
import { specText } from '../../../test/spec-text';

const visibleOptions = () => [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);

async function openRightAnswer() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Bonne réponse' }));
}

async function pick(text: string) {
  await openRightAnswer();
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((element) => element.textContent === text);
  if (!option) throw new Error(`no option ${text}`);
  await userEvent.click(option);
}

function renderForm(onSave = vi.fn(async () => undefined)) {
  render(<QuestionForm name="test-question" wrongAnswer={m.questionForm.wrongAnswerTrainer} failureMessage={m.questionForm.addFailed} onSave={onSave} />);
  return onSave;
}

describe('rightAnswerChoices', () => {
  it('keeps the typed answers, trimmed, without blanks or repeats', () => {
    expect(rightAnswerChoices({ ans1: ' Paris ', ans2: '', ans3: '   ', ans4: 'Lyon' })).toEqual(['Paris', 'Lyon']);
    expect(rightAnswerChoices({ ans1: 'Oui', ans2: 'Oui', ans3: 'Non' })).toEqual(['Oui', 'Non']);
    expect(rightAnswerChoices(undefined)).toEqual([]);
  });

  it('says whether the right answer is one of the four', () => {
    expect(isOneOfTheAnswers({ ans1: 'A', ans2: 'B', ans3: 'C', ans4: 'D', right_ans: 'C' })).toBe(true);
    expect(isOneOfTheAnswers({ ans1: 'A', ans2: 'B', ans3: 'C', ans4: 'D', right_ans: 'E' })).toBe(false);
    expect(isOneOfTheAnswers({ ans1: 'A', ans2: 'B', ans3: 'C', ans4: 'D', right_ans: '' })).toBe(false);
  });
});

describe('QuestionForm', () => {
  it('offers as right answer only the answers already typed', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Réponse 1'), 'Une cellule');
    await userEvent.type(screen.getByLabelText('Réponse 3'), 'Une colonne');
    await openRightAnswer();
    await waitFor(() => expect(visibleOptions()).toEqual(['Une cellule', 'Une colonne']));
  }, 20_000);

  it("refuses a right answer that is no longer one of the four, and sends nothing", async () => {
    const onSave = renderForm();
    await userEvent.type(screen.getByLabelText('Question'), 'Où écrit-on une formule ?');
    await userEvent.type(screen.getByLabelText('Réponse 1'), 'Dans une cellule');
    await userEvent.type(screen.getByLabelText('Réponse 2'), 'Dans la barre de titre');
    await userEvent.type(screen.getByLabelText('Réponse 3'), 'Dans le ruban');
    await userEvent.type(screen.getByLabelText('Réponse 4'), 'Dans un graphique');
    await pick('Dans une cellule');

    // The chosen answer is then rewritten: the right answer no longer matches any of the four.
    await userEvent.clear(screen.getByLabelText('Réponse 1'));
    await userEvent.type(screen.getByLabelText('Réponse 1'), 'Dans la cellule active');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(specText("La bonne reponse doit correspondre a l'une des 4 reponses proposees"))).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await pick('Dans la cellule active');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        // The question's type (ADR 0045): a field added to the spec's form.
        kind: 'single',
        questions: 'Où écrit-on une formule ?',
        ans1: 'Dans la cellule active',
        ans2: 'Dans la barre de titre',
        ans3: 'Dans le ruban',
        ans4: 'Dans un graphique',
        right_ans: 'Dans la cellule active',
        explanation: '',
      }),
    );
  }, 20_000);

  it('requires the question and all four answers', async () => {
    const onSave = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La question est obligatoire.')).toBeInTheDocument();
    for (const n of [1, 2, 3, 4]) expect(screen.getByText(`La réponse ${n} est obligatoire.`)).toBeInTheDocument();
    expect(screen.getByText('Choisissez la bonne réponse.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});

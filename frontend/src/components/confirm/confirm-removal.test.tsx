import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliverTo, type FeedbackRequest } from '../../lib/feedback';
import { confirmRemoval, type ModalApi, type Removal } from './confirm-removal';

let toasts: FeedbackRequest[] = [];
let stopToasts: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  stopToasts = deliverTo((request) => toasts.push(request));
});
afterEach(() => stopToasts());

/** Asks `removal` from a screen's Modal.useModal(), and returns how it resolved. */
function ask(removal: Removal<{ archived: boolean }>) {
  let modal: ModalApi | undefined;
  function Screen() {
    const [api, holder] = Modal.useModal();
    modal = api;
    return <>{holder}</>;
  }
  render(<Screen />);
  return confirmRemoval(modal!, removal);
}

const removal = (remove: () => Promise<{ archived: boolean }>): Removal<{ archived: boolean }> => ({
  title: 'Supprimer ce quiz ?',
  content: 'Cette action est irréversible !',
  yes: 'Oui, supprimer !',
  cancel: 'Annuler',
  remove,
  done: ({ archived }) => (archived ? 'Quiz archivé.' : 'Quiz supprimé.'),
  failed: () => 'La suppression a échoué.',
});

describe('confirmRemoval', () => {
  describe('when the person confirms', () => {
    it('removes, tells the outcome the server answered, and resolves true', async () => {
      const remove = vi.fn(() => Promise.resolve({ archived: true }));
      const answered = ask(removal(remove));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Supprimer ce quiz ?');
      expect(dialog).toHaveTextContent('Cette action est irréversible !');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Oui, supprimer !' }));
      expect(await answered).toBe(true);
      expect(remove).toHaveBeenCalledTimes(1);
      expect(toasts).toEqual([{ kind: 'success', content: 'Quiz archivé.', seconds: 3 }]);
    });
  });

  describe('when the removal fails', () => {
    it('tells the failure and resolves false', async () => {
      const answered = ask(removal(() => Promise.reject(new Error('500'))));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Oui, supprimer !' }));
      expect(await answered).toBe(false);
      expect(toasts).toEqual([{ kind: 'error', content: 'La suppression a échoué.', seconds: 3 }]);
    });
  });

  describe('when the person cancels', () => {
    it('removes nothing, tells nothing, and resolves false', async () => {
      const remove = vi.fn(() => Promise.resolve({ archived: false }));
      const answered = ask(removal(remove));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler' }));
      expect(await answered).toBe(false);
      await waitFor(() => expect(remove).not.toHaveBeenCalled());
      expect(toasts).toEqual([]);
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const request = {
  id: 7, student: { id: 3, fullname: 'Léa Dubois', closed: false }, course: { id: 2, title: 'Tableaux croisés' }, step: null,
  category: 'scorm', message: 'Le module ne se charge pas.', status: 'ouverte', opened_at: '2026-03-02T08:00:00.000Z',
  first_answered_at: null, response_seconds: null, resolved_at: null, resolved_by_role: null, answers: [],
};

describe('/admin-assistance', () => {
  it('lists the requests, sends an answer with its key, shows the server’s refusal in French, marks one resolved', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    let current: Record<string, unknown> = request;
    stubFetch((call) => {
      calls.push(call);
      if (call.path.startsWith('/support-requests/7/answers')) {
        const body = call.body as { message: string; answer_key: string };
        if (body.message.includes('interdit')) return json({ statusCode: 409, message: 'Ce compte est clôturé : il ne peut plus recevoir de réponses.' }, 409);
        current = { ...current, status: 'repondue', response_seconds: 5400, answers: [{ id: 1, author_role: 'admin', author_name: null, message: body.message, answered_at: '2026-03-02T09:30:00.000Z' }] };
        return json(current, 201);
      }
      if (call.path.startsWith('/support-requests/7/resolve')) {
        current = { ...current, status: 'resolue', resolved_at: '2026-03-02T10:00:00.000Z', resolved_by_role: 'admin' };
        return json(current);
      }
      if (call.path.startsWith('/support-requests')) return json([current]);
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/admin-assistance');
    expect(await screen.findByRole('heading', { name: 'Assistance technique', level: 1 })).toBeInTheDocument();
    const card = await screen.findByTestId('support-request-7');
    expect(card).toHaveTextContent('Léa Dubois');
    expect(card).toHaveTextContent('Module SCORM');
    expect(card).toHaveTextContent('Ouverte');

    await userEvent.click(within(card).getByRole('button', { name: 'Répondre à la demande n° 7' }));
    await userEvent.type(within(card).getByLabelText('Votre réponse'), 'Réponse interdite');
    await userEvent.click(within(card).getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await screen.findByText('Ce compte est clôturé : il ne peut plus recevoir de réponses.')).toBeInTheDocument();
    const refusedKey = (calls.filter((c) => c.path.includes('/answers')).at(-1)!.body as { answer_key: string }).answer_key;

    await userEvent.clear(within(card).getByLabelText('Votre réponse'));
    await userEvent.type(within(card).getByLabelText('Votre réponse'), 'Videz le cache.');
    await userEvent.click(within(card).getByRole('button', { name: 'Envoyer la réponse' }));
    await waitFor(() => expect(screen.getByTestId('support-request-7')).toHaveTextContent('Videz le cache.'));
    const sent = calls.filter((c) => c.path.includes('/answers')).at(-1)!.body as { answer_key: string };
    // The same key as the refused try: a retry of one answer, never two answers.
    expect(sent.answer_key).toBe(refusedKey);
    expect(screen.getByTestId('support-request-7')).toHaveTextContent('Première réponse après 1 h 30');

    await userEvent.click(within(screen.getByTestId('support-request-7')).getByRole('button', { name: 'Marquer comme résolue la demande n° 7' }));
    await waitFor(() => expect(screen.getByTestId('support-request-7')).toHaveTextContent('Résolue le'));
  }, 30_000);
});

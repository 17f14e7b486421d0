import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

// The bank's import dialog (ADR 0045): a file's rows previewed with their problems, nothing imported
// until every row is right, then all at once.

const row = (line: number, questions: string, problems: string[] = []) => ({ line, category: 'Excel', kind: 'single', questions, tags: [], problems });

function bankServer() {
  const imported: FormData[] = [];
  let previews = 0;
  const stub = stubFetch((request: FakeRequest) => {
    const { path, method } = request;
    if (path === '/question-bank' && method === 'GET') return json([]);
    if (path === '/question-bank-categories') return json([]);
    if (path === '/question-bank-import/preview') {
      previews += 1;
      const file = (request.body as FormData).get('file') as File;
      if (file.name === 'vide.csv') return json({ statusCode: 400, message: 'Colonne inconnue : « Note » (colonne 9). Partez du modèle d’import.' }, 400);
      return previews === 1 || file.name === 'erreurs.csv'
        ? json({ total: 3, valid: 1, rows: [row(2, 'Quelle fonction additionne ?'), row(3, 'Quelle touche ?', ['La bonne réponse « Espace » n’est pas parmi les réponses.']), row(4, '', ['La question est obligatoire.'])] })
        : json({ total: 3, valid: 3, rows: [row(2, 'A'), row(3, 'B'), row(4, 'C')] });
    }
    if (path === '/question-bank-import' && method === 'POST') {
      imported.push(request.body as FormData);
      return json({ created: 3 }, 201);
    }
    return json({ statusCode: 404, message: 'Introuvable.' }, 404);
  });
  return { ...stub, imported };
}

// jsdom's File is not a Blob the fetch accepts: here the files, Blob and FormData are Node's, as the
// fetch's (the real browser's path: e2e/question-bank.e2e.ts).
const csv = async (name: string): Promise<File> => new NodeFile(['Catégorie;Type;Question\n'], name, { type: 'text/csv' }) as unknown as File;
beforeEach(async () => {
  const fetchFormData = (await new Request('http://localhost/', { method: 'POST', body: new URLSearchParams('a=1') }).formData()).constructor;
  vi.stubGlobal('FormData', fetchFormData);
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('importing questions into the bank', () => {
  it('lists every row’s problems, imports nothing until the file is fixed, then imports all its questions', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const { imported } = bankServer();
    renderApp('/question-bank');
    await userEvent.click(await screen.findByRole('button', { name: 'Importer' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Importer des questions dans la banque');
    expect(within(dialog).getByRole('button', { name: /Modèle d’import/ })).toBeInTheDocument();
    // The file input is made anew after each choice: looked up each time.
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;

    await userEvent.upload(input(), await csv('erreurs.csv'));
    expect(await within(dialog).findByText('2 lignes ont des erreurs sur 3 questions lues.')).toBeInTheDocument();
    expect(within(dialog).getByText('La bonne réponse « Espace » n’est pas parmi les réponses.')).toBeInTheDocument();
    expect(within(dialog).getByText('La question est obligatoire.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importer' })).toBeDisabled();
    expect(imported).toHaveLength(0);

    await userEvent.upload(input(), await csv('corrige.csv'));
    expect(await within(dialog).findByText('3 questions prêtes à être importées.')).toBeInTheDocument();
    const ok = within(dialog).getByRole('button', { name: 'Importer les 3 questions' });
    expect(ok).toBeEnabled();
    await userEvent.click(ok);
    await waitFor(() => expect(imported).toHaveLength(1));
    expect((imported[0]!.get('file') as File).name).toBe('corrige.csv');
    expect(imported[0]!.get('request_key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('3 questions importées dans la banque.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal of a whole file in French', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    bankServer();
    renderApp('/question-bank');
    await userEvent.click(await screen.findByRole('button', { name: 'Importer' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, await csv('vide.csv'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Colonne inconnue : « Note » (colonne 9). Partez du modèle d’import.');
  });
});

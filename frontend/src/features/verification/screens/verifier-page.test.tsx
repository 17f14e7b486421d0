import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const valid = {
  status: 'valide',
  document: {
    kind: 'certificat_realisation', kind_label: 'Certificat de réalisation', version: 1, learner_initials: 'L. D.', course_title: 'Gestes et postures',
    training_start: '2026-03-02', training_end: '2026-03-20', issued_on: '2026-03-21', replaced_on: null, replaced_by_version: null,
  },
};

describe('the public verification page', () => {
  it('checks the code a QR code opens, without login, and shows initials, course and dates', async () => {
    const asked: string[] = [];
    stubFetch((request) => {
      asked.push(`${request.method} ${request.path}`);
      return request.path === '/public/documents/AC4DEF7GH9JK/' ? json(valid) : json({ status: 'inconnu', document: null });
    });
    renderApp('/verification/AC4DEF7GH9JK');
    const result = await screen.findByTestId('code-result');
    expect(within(result).getByText('Document valide')).toBeInTheDocument();
    expect(within(result).getByText('L. D.')).toBeInTheDocument();
    expect(within(result).getByText('Gestes et postures')).toBeInTheDocument();
    expect(within(result).getByText('02/03/2026')).toBeInTheDocument();
    expect(screen.getByLabelText('Code de vérification')).toHaveValue('AC4DEF7GH9JK');
    expect(asked).toContain('GET /public/documents/AC4DEF7GH9JK/');
  });

  it('says « Code inconnu » for a code no document carries, and « remplacé » with its day', async () => {
    stubFetch((request) =>
      request.path === '/public/documents/AAAA-BBBB-CCCC/'
        ? json({ status: 'inconnu', document: null })
        : json({ status: 'remplace', document: { ...valid.document, replaced_on: '2026-04-01', replaced_by_version: 2 } }),
    );
    renderApp('/verifier');
    await userEvent.type(screen.getByLabelText('Code de vérification'), 'AAAA-BBBB-CCCC');
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier le code' }));
    expect(await screen.findByText('Code inconnu')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code de vérification'));
    await userEvent.type(screen.getByLabelText('Code de vérification'), 'QQQQ-RRRR-TTTT');
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier le code' }));
    expect(await screen.findByText('Document remplacé')).toBeInTheDocument();
    expect(screen.getByText(/remplacé le 01\/04\/2026 par sa version 2/)).toBeInTheDocument();
  });
});

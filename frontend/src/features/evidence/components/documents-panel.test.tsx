import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

// « Documents » on the transcript page (issue 26 item 6): the versions and, for an admin, issuing
// after reading the figures the document will print.

const transcript = (closed: boolean) => ({
  student: { id: 9, fullname: 'Camille Martin', closed, closed_at: closed ? '2026-03-10T10:00:00Z' : null },
  course: { id: 5, title: 'Gestes et postures', archived: false, trainer: { id: 3, full_name: 'Claire Martin' } },
  generated_at: '2026-03-11T09:00:00Z',
  method: { version: 'v1', description: 'Temps mesuré par le serveur.' },
  summary: { enrolled_at: '2026-03-01T08:00:00Z', first_access: '2026-03-02T08:00:00Z', last_access: '2026-03-03T08:01:00Z', completed_at: null, connected_seconds: 135, active_seconds: 105, steps_total: 2, steps_validated: 1 },
  connections: [
    { day: '2026-03-02', connected_seconds: 90, active_seconds: 60, sessions: [{ session_id: 's1', started_at: '2026-03-02T08:00:00Z', ended_at: '2026-03-02T08:01:30Z', beats: 4, connected_seconds: 90, active_seconds: 60 }] },
  ],
  steps: [
    { kind: 'chapter', step_id: 1, title: 'Les bons gestes', chapter_id: null, content_type: 'text', declared_minutes: 15, opened_at: '2026-03-02T08:00:00Z', validated_at: '2026-03-02T08:01:40Z', rule: 'text-finish-after-open', figures: {}, connected_seconds: 135, active_seconds: 105, sessions: 2 },
    { kind: 'chapter', step_id: 2, title: 'Module interactif', chapter_id: null, content_type: 'scorm', declared_minutes: null, opened_at: null, validated_at: null, rule: null, figures: null, connected_seconds: 0, active_seconds: 0, sessions: 0 },
  ],
  quiz_attempts: [],
  scorm: [],
  homework: [],
  messages: [
    { id: 1, sender: 'student', trainer: { id: 3, full_name: 'Claire Martin' }, sent_at: '2026-03-03T09:00:00Z', group: false, body: 'Une question ?', response_seconds: null },
    { id: 2, sender: 'teacher', trainer: { id: 3, full_name: 'Claire Martin' }, sent_at: '2026-03-03T11:00:00Z', group: false, body: 'Voici la réponse.', response_seconds: 7200 },
  ],
  support: { recorded: true, note: 'Demandes d’assistance technique.', requests: [] },
});

const issued = (id: number, version: number, status: 'emis' | 'remplace', replacedBy: number | null) => ({
  id, kind: 'certificat_realisation', version, status, replaced_by_version: replacedBy, verification_code: 'AC4DEF7GH9JK',
  hours_basis: 'durees_declarees', realised_minutes: 15, issued_at: '2026-03-11T09:00:00Z', pdf_sha256: 'a'.repeat(64),
});

const preview = {
  kind: 'certificat_realisation', learner_name: 'Camille Martin', course_title: 'Gestes et postures',
  hours: { basis: 'durees_declarees', method: null, realised_minutes: 15, planned_minutes: 30, completion_per_mille: 500, not_completed_minutes: 15, partial: true, undeclared_validated_steps: 0 },
  debut: '2026-03-01', fin: null, financeur: 'OPCO', numero_dossier: 'EP-1', employeur: null, nature: 'action_formation', objectives_declared: true, evaluation: [],
  centre_missing: ['siret', 'signature'],
};

describe('the documents of a learner × course', () => {
  it('shows an admin the figures, requires the partial completion’s reason, issues, and lists the new version', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    let documents: unknown[] = [];
    stubFetch((request) => {
      calls.push(request);
      if (request.path === '/evidence/students/9/courses/5/transcript/') return json(transcript(false));
      if (request.path === '/evidence/students/9/courses/5/documents/') return json(documents);
      if (request.path === '/admin/students/9/courses/5/documents/preview/') return json(preview);
      if (request.path === '/admin/students/9/courses/5/documents/' && request.method === 'POST') {
        documents = [issued(12, 1, 'emis', null)];
        return json({ id: 12, kind: 'certificat_realisation', version: 1, verification_code: 'AC4DEF7GH9JK', pdf_sha256: 'a'.repeat(64), replaced_version: null, unchanged: false }, 201);
      }
      return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
    });
    renderApp('/admin-student-detail/9/releve/5');
    const panel = await screen.findByTestId('documents-panel');
    expect(await within(panel).findByText('Aucun document émis pour ce cours.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Émettre le certificat de réalisation' }));
    const figures = await screen.findByTestId('document-preview');
    expect(figures).toHaveTextContent('Durée réalisée15 min');
    expect(figures).toHaveTextContent('Base de calcul des heuresdurées déclarées des étapes validées');
    expect(figures).toHaveTextContent('Taux de réalisation50 %');
    expect(figures).toHaveTextContent('du 01/03/2026 au non renseignée');
    expect(figures).toHaveTextContent('le SIRET, la signature ou le cachet.');
    expect(within(figures).getByRole('link', { name: 'Compléter les paramètres du centre' })).toHaveAttribute('href', '/admin-centre');
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Émettre' }));
    expect(await within(dialog).findByText('Choisissez le motif de la réalisation partielle.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Interruption'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Émettre' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ kind: 'certificat_realisation', partial_reason: 'interruption' }));
    expect(await within(panel).findByRole('button', { name: 'Certificat de réalisation : émettre une nouvelle version' })).toBeInTheDocument();
    expect(within(panel).getByText('émis')).toBeInTheDocument();
  }, 30_000);

  it('shows the learner « Mes documents » with a download for each, and no issuing', async () => {
    startSession('student', { id: 9, username: 'camille', access: 'a1', refresh: 'r1' });
    stubFetch((request) => {
      if (request.path === '/evidence/me/courses/5/transcript/') return json(transcript(false));
      if (request.path === '/evidence/me/courses/5/documents/') return json([issued(13, 2, 'emis', null)]);
      return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
    });
    renderApp('/my-courses/5/releve');
    const panel = await screen.findByTestId('documents-panel');
    expect(within(panel).getByRole('heading', { name: 'Mes documents' })).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: 'Télécharger : Certificat de réalisation, version 2' })).toBeInTheDocument();
    expect(within(panel).getByText(/AC4D-EF7G-H9JK/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Émettre/ })).toBeNull();
  });
});

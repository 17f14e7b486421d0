import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const JOB = '0b6f3f5e-9d8a-4c1e-8f00-000000000001';
const dossier = { id: 4, scope: 'lot', student_id: null, course_id: 5, student_ids: [9, 10], zip_sha256: 'a'.repeat(64), manifest_sha256: 'b'.repeat(64), size_bytes: 2_500_000, generated_at: '2026-03-11T09:00:00Z', available: true, download_url: '/api/evidence/dossiers/4/file/', download_link_url: '/api/evidence/dossiers/4/download-link/' };
const LINK = '/api/evidence/dossiers/4/file/eyJ4Ijox.c2lnbmF0dXJl';

describe('« Dossiers de preuves » of a course', () => {
  it('asks for every learner, follows the job’s progress, lists the learners left out, then downloads through a signed link', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    let polls = 0;
    stubFetch((request) => {
      calls.push(request);
      const path = request.path.replace(/\/$/, '');
      if (path === '/evidence/courses/5/dossiers' && request.method === 'POST') return json({ job_id: JOB, learners: 2 }, 202);
      if (path === `/evidence/dossier-batches/${JOB}`) {
        polls += 1;
        return polls === 1
          ? json({ job_id: JOB, state: 'active', progress: { done: 1, total: 3 }, dossier: null, skipped: [] })
          : json({ job_id: JOB, state: 'completed', progress: { done: 3, total: 3 }, dossier, skipped: [{ student_id: 11, reason: 'Apprenant introuvable.' }] });
      }
      if (path === '/evidence/dossiers/4/download-link' && request.method === 'POST') return json({ url: LINK, expires_at: '2026-03-11T09:10:00Z' }, 201);
      return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
    });
    renderApp('/admin-course-detail/5/dossiers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dossiers de preuves' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('dossier-batch-start'));
    expect(await screen.findByText('2 apprenants')).toBeInTheDocument();
    expect(await screen.findByText('1 sur 3 étapes (un apprenant par étape, puis l’archive)')).toBeInTheDocument();
    expect(await screen.findByTestId('dossier-batch-download', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Le ZIP est prêt.')).toBeInTheDocument();
    expect(screen.getByText(`2,4 Mo — SHA-256 ${'a'.repeat(64)}`)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({});
    expect(screen.getByTestId('dossier-batch-skipped')).toHaveTextContent('1 apprenant laissé de côté');
    expect(screen.getByText('Apprenant n° 11 : Apprenant introuvable.')).toBeInTheDocument();

    // « Télécharger » asks for a link with the session, then hands it to the browser (no token in the link's request).
    const opened: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this);
    });
    fireEvent.click(screen.getByTestId('dossier-batch-download'));
    expect(await screen.findByText(/Téléchargement du dossier lancé/)).toBeInTheDocument();
    const asked = calls.find((c) => c.path.startsWith('/evidence/dossiers/4/download-link'));
    expect(asked?.method).toBe('POST');
    expect(asked?.headers.get('authorization')).toBe('Bearer a1');
    expect(opened).toHaveLength(1);
    expect(new URL(opened[0]!.href).pathname).toBe(LINK);
    expect(opened[0]!.rel).toBe('noreferrer');
    expect(calls.some((c) => c.path.startsWith('/evidence/dossiers/4/file'))).toBe(false);
    click.mockRestore();
  });

  it('sends a period of enrolment and shows the server’s refusal in French', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const bodies: unknown[] = [];
    stubFetch((request) => {
      if (request.method === 'POST') {
        bodies.push(request.body);
        return json({ statusCode: 404, message: 'Aucun apprenant ne correspond à ce choix pour ce cours.' }, 404);
      }
      return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
    });
    renderApp('/admin-course-detail/5/dossiers');
    fireEvent.click(await screen.findByRole('radio', { name: 'Inscrits pendant une période' }));
    fireEvent.change(await screen.findByLabelText('Du'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByTestId('dossier-batch-start'));
    expect(await screen.findByText('Aucun apprenant ne correspond à ce choix pour ce cours.')).toBeInTheDocument();
    expect(bodies).toEqual([{ periode: 'inscription', du: '2026-03-01', au: '2026-03-31' }]);
  });

  it('offers the course’s sessions and sends the one chosen', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    stubFetch((request) => {
      calls.push(request);
      const path = request.path.replace(/\/$/, '');
      if (path === '/admin/sessions') return json([{ id: 8, course_id: 5, course_title: 'Sécurité incendie', name: 'Session de mars 2026', start_date: '2026-03-02', end_date: '2026-04-30', learners: 2, trainers: 1 }]);
      if (path === '/evidence/courses/5/dossiers' && request.method === 'POST') return json({ job_id: JOB, learners: 2 }, 202);
      if (path === `/evidence/dossier-batches/${JOB}`) return json({ job_id: JOB, state: 'active', progress: { done: 0, total: 3 }, dossier: null, skipped: [] });
      return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
    });
    renderApp('/admin-course-detail/5/dossiers');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Session de formation' }));
    await userEvent.click(await screen.findByTitle('Session de mars 2026 (du 02/03/2026 au 30/04/2026)'));
    fireEvent.click(screen.getByTestId('dossier-batch-start'));
    expect(await screen.findByText('2 apprenants')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/admin/sessions'))!.query.get('course')).toBe('5');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ session: 8 });
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const JOB = '0b6f3f5e-9d8a-4c1e-8f00-000000000001';
const dossier = { id: 4, scope: 'lot', student_id: null, course_id: 5, student_ids: [9, 10], zip_sha256: 'a'.repeat(64), manifest_sha256: 'b'.repeat(64), size_bytes: 2_500_000, generated_at: '2026-03-11T09:00:00Z', available: true, download_url: '/api/evidence/dossiers/4/file/' };

describe('« Dossiers de preuves » of a course', () => {
  it('asks for every learner, follows the job’s progress, then offers « Télécharger »', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    let polls = 0;
    stubFetch((request) => {
      calls.push(request);
      const path = request.path.replace(/\/$/, '');
      if (path === '/evidence/courses/5/dossiers' && request.method === 'POST') return json({ job_id: JOB, learners: 2 }, 202);
      if (path === `/evidence/dossier-batches/${JOB}`) {
        polls += 1;
        return polls === 1 ? json({ job_id: JOB, state: 'active', progress: { done: 1, total: 3 }, dossier: null }) : json({ job_id: JOB, state: 'completed', progress: { done: 3, total: 3 }, dossier });
      }
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
});

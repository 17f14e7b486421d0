import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

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

describe('the transcript (relevé de formation)', () => {
  it('shows the learner their own, section by section, in French durations and Paris dates', async () => {
    startSession('student', { id: 9, username: 'camille', access: 'a1', refresh: 'r1' });
    stubFetch((request) => (request.path === '/evidence/me/courses/5/transcript/' ? json(transcript(false)) : json({ statusCode: 404, message: 'Ressource introuvable.' }, 404)));
    renderApp('/my-courses/5/releve');
    const view = await screen.findByTestId('transcript');
    expect(screen.getByRole('heading', { level: 1, name: 'Relevé de formation : Gestes et postures' })).toBeInTheDocument();
    expect(within(view).getByTestId('transcript-connected')).toHaveTextContent('2 min 15 s');
    expect(within(view).getByTestId('transcript-active')).toHaveTextContent('1 min 45 s');
    expect(within(view).queryByTestId('transcript-closed')).toBeNull();
    expect(within(view).getByText('lundi 2 mars 2026 — Temps connecté 1 min 30 s, temps actif 1 min')).toBeInTheDocument();
    const steps = within(view).getByRole('region', { name: 'Temps et validation par étape' });
    expect(within(steps).getAllByRole('row').map((row) => row.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'ÉtapeDurée déclaréeTemps actifTemps connectéValidationRègleChiffres',
      'Les bons gestes15 min1 min 45 s2 min 15 s02/03/2026 09:01Texte ouvert puis terminé—',
      'Module interactifNon déclarée0 s0 sNon ouverte——',
    ]);
    expect(within(view).getByText(/Réponse après 2 h/)).toBeInTheDocument();
    expect(within(view).getByText('Aucune tentative de quiz.')).toBeInTheDocument();
  });

  it('shows each quiz attempt’s verdict against the pass mark in force when it closed, « sans seuil » without one', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const attempt = (quiz_title: string, n: number, rest: Record<string, unknown>) => ({
      quiz_id: n, quiz_title, attempt: n, started_at: '2026-03-02T08:00:00Z', completed_at: '2026-03-02T08:05:00Z', answered: 2, correct: 1, total: 2,
      passed: true, pass_mark: null, closed_by: 'answers', validated_by_trainer_at: null, answers: [], ...rest,
    });
    const quiz_attempts = [
      attempt('Quiz de découverte', 1, {}),
      attempt('Évaluation finale', 2, { passed: false, pass_mark: 100, closed_by: 'time-limit', validated_by_trainer_at: '2026-03-02T09:00:00Z' }),
      attempt('Évaluation finale', 3, { passed: true, pass_mark: 50 }),
      attempt('Évaluation finale', 4, { completed_at: null, passed: null, pass_mark: null, closed_by: null }),
    ];
    stubFetch((request) => (request.path === '/evidence/students/9/courses/5/transcript/' ? json({ ...transcript(false), quiz_attempts }) : json({ statusCode: 404, message: 'Ressource introuvable.' }, 404)));
    renderApp('/enrolled-students/5/releve/9');
    const view = await screen.findByTestId('transcript');
    const section = (name: string) => within(view).getByRole('heading', { level: 3, name }).closest('section')!;
    expect(section('Quiz de découverte — tentative 1')).toHaveTextContent('Terminée, sans seuil');
    expect(section('Évaluation finale — tentative 2')).toHaveTextContent('Non réussie (seuil 100 %), temps écoulé');
    expect(section('Évaluation finale — tentative 2')).toHaveTextContent('Quiz validé à la main par le formateur le 02/03/2026 10:00');
    expect(section('Évaluation finale — tentative 3')).toHaveTextContent('Réussie (seuil 50 %)');
    expect(section('Évaluation finale — tentative 4')).not.toHaveTextContent(/seuil|Réussie/);
    expect(section('Évaluation finale — tentative 4')).toHaveTextContent('En cours');
  });

  it('marks a closed account « Compte clôturé » for an admin', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    stubFetch((request) => (request.path === '/evidence/students/9/courses/5/transcript/' ? json(transcript(true)) : json({ statusCode: 404, message: 'Ressource introuvable.' }, 404)));
    renderApp('/admin-student-detail/9/releve/5');
    expect(await screen.findByTestId('transcript-closed')).toHaveTextContent('Compte clôturé');
    expect(screen.getByRole('link', { name: /Retour à la fiche de l’étudiant/ })).toHaveAttribute('href', '/admin-student-detail/9');
  });

  it('says so when there is no transcript', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    stubFetch(() => json({ statusCode: 404, message: "Aucun relevé : cet étudiant n'a jamais été inscrit à ce cours." }, 404));
    renderApp('/enrolled-students/5/releve/9');
    expect(await screen.findByRole('link', { name: /Retour aux étudiants inscrits/ })).toHaveAttribute('href', '/enrolled-students/5');
    expect(screen.queryByTestId('transcript')).toBeNull();
  });
});

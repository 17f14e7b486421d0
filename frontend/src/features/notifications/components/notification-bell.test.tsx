import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sentence, target } from '../messages';
import type { NotificationItem } from '../notifications-types';

const tokens = { access: 'a', refresh: 'r' };
const item = (over: Partial<NotificationItem>): NotificationItem => ({
  position: 1, kind: 'message', occurred_at: '2026-11-27T08:00:00.000Z', unread: true, student_id: 9, student_name: 'Léa Dubois', teacher_id: 5,
  teacher_name: 'Jean Martin', course_id: null, course_title: null, subject_id: 3, score: null, total: null, ...over,
});

/** A server holding these notifications for the signed-in account, recording the marks. */
function server(items: NotificationItem[]) {
  let seen = 0;
  const marks: unknown[] = [];
  const unread = () => items.filter((i) => i.position > seen).length;
  const stub = stubFetch(
    (request) => {
      if (request.path === '/notifications/count') return json({ unread: unread(), seen_up_to: seen });
      if (request.path === '/notifications') {
        return json({ items: items.map((i) => ({ ...i, unread: i.position > seen })), unread: unread(), seen_up_to: seen, latest: items[0]?.position ?? 0 });
      }
      if (request.path === '/notifications/seen' && request.method === 'PUT') {
        marks.push(request.body);
        seen = Math.max(seen, (request.body as { up_to: number }).up_to);
        return json({ unread: unread(), seen_up_to: seen });
      }
      return json({}, 404);
    },
    { notificationCount: null },
  );
  return { ...stub, marks };
}

describe('the notifications bell', () => {
  it('names its count, lists the latest on opening, marks them seen and clears the count', async () => {
    const { marks } = server([
      item({ position: 12, kind: 'homework_given', subject_id: 4 }),
      item({ position: 10, kind: 'message' }),
      item({ position: 7, kind: 'support_answered', course_title: 'Word et Excel' }),
    ]);
    startSession('student', { id: 9, username: 'lea', ...tokens });
    renderApp('/nulle-part');

    const bell = await screen.findByRole('button', { name: 'Notifications, 3 non lues' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const links = await within(panel).findAllByRole('link');
    expect(links.map((l) => [l.textContent?.replace(/\d{2}\/\d{2}\/\d{4}.*$/, ''), l.getAttribute('href')])).toEqual([
      ['Jean Martin vous a donné un nouveau devoir.', '/my-assignments/'],
      ['Jean Martin vous a envoyé un message.', '/my-teachers'],
      ['Votre demande d’assistance technique sur la formation « Word et Excel » a reçu une réponse.', '/assistance'],
    ]);
    await waitFor(() => expect(marks).toEqual([{ up_to: 12 }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, aucune non lue' })).toBeInTheDocument());
  });

  it('opens with the keyboard, closes with Escape back on the button, and a click on an item opens its screen', async () => {
    server([item({ position: 5, kind: 'message', student_name: 'Léa Dubois' })]);
    startSession('teacher', { id: 5, username: 'jean', ...tokens });
    const { location } = renderApp('/nulle-part');

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 non lue' });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: /Léa Dubois vous a envoyé un message\./ });
    expect(link).toHaveAttribute('href', '/my-users');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'false'));

    await userEvent.click(bell);
    await userEvent.click(await screen.findByRole('link', { name: /Léa Dubois vous a envoyé un message\./ }));
    await waitFor(() => expect(location.pathname).toBe('/my-users'));
  });

  it('says when there is nothing', async () => {
    server([]);
    startSession('admin', { id: 1, username: 'admin', ...tokens });
    renderApp('/nulle-part');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, aucune non lue' }));
    expect(await screen.findByText('Aucune notification pour le moment.')).toBeInTheDocument();
  });
});

describe('the sentences and screens of each kind', () => {
  it('speaks French for each role and opens the screen it concerns', () => {
    const cases: [Partial<NotificationItem>, 'student' | 'teacher' | 'admin', string, string][] = [
      [{ kind: 'message' }, 'student', 'Jean Martin vous a envoyé un message.', '/my-teachers'],
      [{ kind: 'message' }, 'teacher', 'Léa Dubois vous a envoyé un message.', '/my-users'],
      [{ kind: 'homework_completed', subject_id: 4 }, 'teacher', 'Léa Dubois a rendu ou terminé un devoir.', '/show-assignment/9/5'],
      [{ kind: 'homework_submitted', subject_id: 4 }, 'teacher', 'Léa Dubois a rendu une nouvelle version d’un devoir.', '/show-assignment/9/5'],
      [{ kind: 'homework_graded', subject_id: 4 }, 'student', 'Jean Martin a noté votre devoir.', '/my-assignments/'],
      [{ kind: 'quiz_attempt_granted', subject_id: 2 }, 'student', 'Jean Martin vous accorde une tentative de plus à un quiz.', '/take-quiz/2'],
      [{ kind: 'quiz_validated', subject_id: 2, course_title: 'Sécurité' }, 'student', 'Votre formateur a validé un quiz de la formation « Sécurité ».', '/take-quiz/2'],
      [{ kind: 'quiz_completed', subject_id: 2, course_title: 'Sécurité', score: 3, total: 4 }, 'teacher', 'Léa Dubois a terminé un quiz de la formation « Sécurité » : 3/4.', '/attempted-students/2'],
      [{ kind: 'support_opened', course_title: 'Sécurité' }, 'teacher', 'Léa Dubois demande une assistance technique pour la formation « Sécurité ».', '/teacher-assistance'],
      [{ kind: 'support_opened' }, 'admin', 'Léa Dubois demande une assistance technique.', '/admin-assistance'],
      [{ kind: 'trainer_registered', student_id: null, student_name: null }, 'admin', 'Jean Martin demande à rejoindre le centre comme formateur : sa demande attend votre décision.', '/admin-teachers'],
      [{ kind: 'message', student_name: null }, 'teacher', 'Un étudiant vous a envoyé un message.', '/my-users'],
    ];
    for (const [over, role, text, href] of cases) {
      expect(sentence(item(over), role)).toBe(text);
      expect(target(item(over), role)).toBe(href);
    }
  });
});

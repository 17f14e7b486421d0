import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { POLL_MS } from '../components/use-conversation';
import { notFound, STUDENT, TEACHER, message, homework, handedIn, server, posts, openChat } from './tutoring-fixtures';
import { specText } from '../../../test/spec-text';

describe('/my-teachers', () => {
  it('shows a card per trainer: initials, name linking to /teacher-detail/{id}, e-mail, phone, calendly, unread badge', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    server();
    renderApp('/my-teachers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes formateurs' })).toBeInTheDocument();
    const [first, second] = await screen.findAllByTestId('person-card');
    expect(first!.querySelector('.person-avatar')).toHaveTextContent(/^CL$/);
    expect(within(first!).getByRole('link', { name: 'Claire Martin' })).toHaveAttribute('href', `/teacher-detail/${TEACHER}`);
    expect(within(first!).getByRole('link', { name: 'claire@example.fr' })).toHaveAttribute('href', 'mailto:claire@example.fr');
    expect(within(first!).getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:0612345678');
    expect(within(first!).getByRole('link', { name: /Prendre rendez-vous avec Claire Martin/ })).toHaveAttribute('href', 'https://calendly.com/claire');
    expect(within(first!).getByText('2 messages non lus')).toBeInTheDocument();
    // No name: 'UN'; a calendly that is not a web address is no link; no unread, no badge.
    expect(second!.querySelector('.person-avatar')).toHaveTextContent(/^UN$/);
    expect(within(second!).queryByText('Prendre rendez-vous')).toBeNull();
    expect(within(second!).queryByTestId('unread-badge')).toBeNull();
  });

  it("says 'Impossible de charger vos formateurs' when the list cannot be read", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    server((request) => (request.path.startsWith('/fetch-my-teachers/') ? json({ statusCode: 500, message: 'Erreur' }, 500) : undefined));
    renderApp('/my-teachers');
    expect(await screen.findByText('Impossible de charger vos formateurs')).toBeInTheDocument();
  });
});

describe('the chat (01 §4, §5, §9)', () => {
  it('shows the history oldest first, as text and never as HTML, and marks the trainer’s messages read', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    const { calls } = server();
    renderApp('/my-teachers');
    const dialog = await openChat(/Discuter avec Claire Martin/);
    expect(within(dialog).getByText('Discussion avec Claire Martin')).toBeInTheDocument();
    const shown = within(dialog).getAllByTestId('message');
    expect(shown.map((item) => item.querySelector('.message__text')!.textContent)).toEqual(['Bonjour, une question sur les formules.', '<b>Réponse</b>\nligne 2']);
    expect(dialog.querySelector('.message__text b')).toBeNull();
    expect(shown[0]).toHaveTextContent('Vous');
    expect(shown[1]).toHaveTextContent('Claire Martin');
    expect(within(dialog).getByLabelText('Votre message')).toHaveAttribute('rows', '6');
    await waitFor(() => expect(posts(calls, `/mark-messages-read/${TEACHER}/${STUDENT}`)).toHaveLength(1));
  });

  it("refuses blank text before any call: 'Message vide' / 'Veuillez saisir un message avant d'envoyer.'", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    const { calls } = server();
    renderApp('/my-teachers');
    const dialog = await openChat(/Discuter avec Claire Martin/);
    await userEvent.type(within(dialog).getByLabelText('Votre message'), '   \n  ');
    await userEvent.click(within(dialog).getByRole('button', { name: /Envoyer/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Message vide');
    expect(alert).toHaveTextContent("Veuillez saisir un message avant d'envoyer.");
    expect(posts(calls, '/send-message/')).toHaveLength(0);
  });

  it('disables the button while sending, sends the text as written, shows the notice and the message', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = false;
    const { calls } = server(async (request) => {
      if (request.path.startsWith('/send-message/')) {
        await held;
        sent = true;
        return json({ bool: true, msg: 'Message envoyé.', id: 3 }, 201);
      }
      if (request.query.get('after') === '2') return json(sent ? [message(3, 'student', ' Merci !\n')] : []);
      return undefined;
    });
    renderApp('/my-teachers');
    const dialog = await openChat(/Discuter avec Claire Martin/);
    await userEvent.type(within(dialog).getByLabelText('Votre message'), ' Merci !{Enter}');
    const send = within(dialog).getByRole('button', { name: /Envoyer/ });
    await userEvent.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    release();
    await waitFor(() => expect(send).toBeEnabled());
    expect(await screen.findByText('Message envoyé.')).toBeInTheDocument();
    expect(posts(calls, `/send-message/${TEACHER}/${STUDENT}`)[0]!.body).toEqual({ msg_to: ' Merci !\n', msg_from: 'student' });
    expect(within(dialog).getByLabelText('Votre message')).toHaveValue('');
    await waitFor(() => expect(within(dialog).getAllByTestId('message')).toHaveLength(3));
  });

  it("shows the server's message on failure, else 'Erreur lors de l'envoi', and keeps the text", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    let failure: Response = json({ statusCode: 403, message: 'Ce formateur ne vous suit plus.' }, 403);
    server((request) => (request.path.startsWith('/send-message/') ? failure : undefined));
    renderApp('/my-teachers');
    const dialog = await openChat(/Discuter avec Claire Martin/);
    const box = within(dialog).getByLabelText('Votre message');
    await userEvent.type(box, 'Bonjour');
    await userEvent.click(within(dialog).getByRole('button', { name: /Envoyer/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ce formateur ne vous suit plus.');
    expect(box).toHaveValue('Bonjour');

    failure = new Response('oops', { status: 502 });
    await userEvent.click(within(dialog).getByRole('button', { name: /Envoyer/ }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent("Erreur lors de l'envoi"));
  });

  it('asks for the messages after the last one every 4 s while open, and stops once closed', async () => {
    // Time runs as usual, and the test moves it on by whole poll periods.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    let news: unknown[] = [];
    const { calls } = server((request) => (request.query.has('after') ? json(news) : undefined));
    renderApp('/my-teachers');
    const dialog = await openChat(/Discuter avec Claire Martin/);
    news = [message(7, 'teacher', 'Nouveau : voir le chapitre 2.')];
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await within(dialog).findByText('Nouveau : voir le chapitre 2.')).toBeInTheDocument();
    const polls = () => calls.filter((call) => call.path === `/get-message/${TEACHER}/${STUDENT}` && call.query.has('after'));
    expect(polls()[0]!.query.get('after')).toBe('2');
    // The new message of the trainer is marked read too.
    await waitFor(() => expect(posts(calls, '/mark-messages-read/')).toHaveLength(2));

    news = [];
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    await waitFor(() => expect(polls().at(-1)!.query.get('after')).toBe('7'));

    // The dialog's own button (its corner cross has the same name).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const count = polls().length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(polls()).toHaveLength(count);
  });

  it('asks for the whole history while the conversation is still empty (0 is no message id)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    let first = true;
    const { calls } = server((request) => {
      if (request.path !== `/get-message/${TEACHER}/${STUDENT}`) return undefined;
      if (request.query.has('after')) return json({ statusCode: 400, message: 'Identifiant de message invalide.' }, 400);
      const answer = json(first ? [] : [message(1, 'teacher', 'Bienvenue !')]);
      first = false;
      return answer;
    });
    renderApp('/my-teachers');
    await userEvent.click(await screen.findByRole('button', { name: /Discuter avec Claire Martin/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Aucun message pour le moment.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await within(dialog).findByText('Bienvenue !')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/get-message/') && call.query.has('after'))).toHaveLength(0);
  });
});

describe('/my-assignments/', () => {
  it("shows 'Terminé' on done homework and marks the other done after a confirmation", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    let pendingDone = false;
    const { calls } = stubFetch((request) => {
      if (request.path === `/my-assignments/${STUDENT}`) return json([homework(11, 'Tableau croisé', pendingDone), homework(10, 'Modèle de devis', true)]);
      if (request.method === 'PUT' && request.path === '/update-assignments/11') {
        pendingDone = true;
        return json({ bool: true });
      }
      return notFound();
    });
    renderApp('/my-assignments/');
    const [pending, done] = await screen.findAllByTestId('homework');
    // Done without anything handed in: « Terminé » and « sans rendu », and nothing left to do.
    expect(within(done!).getByText('Terminé')).toBeInTheDocument();
    expect(within(done!).getByText('sans rendu')).toBeInTheDocument();
    expect(within(done!).queryByRole('button')).toBeNull();
    expect(within(pending!).queryByText('sans rendu')).toBeNull();
    expect(within(pending!).getByText('En attente')).toBeInTheDocument();
    expect(within(pending!).getByText(/Donné par Claire Martin le 10 novembre 2026/)).toBeInTheDocument();

    await userEvent.click(within(pending!).getByRole('button', { name: 'Marquer comme terminé : Tableau croisé' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Oui, terminé' }));
    await waitFor(() => expect(within(screen.getAllByTestId('homework')[0]!).getByText('Terminé')).toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ student_status: true });
  });

  it('shows the work handed in, the late one flagged, and the grade and feedback; graded work is no longer handed in', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    stubFetch((request) => (request.path === `/my-assignments/${STUDENT}` ? json([handedIn(12, 'Étude de cas', true)]) : notFound()));
    renderApp('/my-assignments/');
    const [item] = await screen.findAllByTestId('homework');
    expect(within(item!).getByText('Terminé')).toBeInTheDocument();
    expect(within(item!).getByText(/À rendre au plus tard le 11 novembre 2026 à 23:59/)).toBeInTheDocument();
    const [latest, first] = within(item!).getAllByTestId('homework-submission');
    expect(latest).toHaveTextContent('Rendu n° 2 le 12/11/2026');
    expect(within(latest!).getByText('En retard')).toBeInTheDocument();
    expect(within(latest!).getByRole('button', { name: 'Télécharger analyse.pdf (2 Ko)' })).toHaveTextContent('analyse.pdf (2 Ko)');
    expect(first).toHaveTextContent('Première version.');
    expect(within(first!).queryByText('En retard')).toBeNull();
    const grade = within(item!).getByTestId('homework-grade');
    expect(grade).toHaveTextContent('Note du formateur : 14,5/20');
    expect(grade).toHaveTextContent('Appréciation : Bonne analyse.');
    expect(within(item!).queryByRole('button', { name: /Rendre/ })).toBeNull();
  });

  // The files themselves go through a real browser in e2e/homework.e2e.ts (jsdom's File is not the fetch's Blob).
  it('hands in an answer with one key for the attempt, and says why the server refused', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    let refuse = true;
    const { calls } = stubFetch((request) => {
      if (request.path === `/my-assignments/${STUDENT}`) return json([homework(11, 'Tableau croisé', false)]);
      if (request.method === 'POST' && request.path === '/homework/11/submissions') {
        return refuse ? json({ statusCode: 409, message: 'Ce devoir est déjà noté : il ne peut plus être rendu.' }, 409) : json(handedIn(11, 'Tableau croisé', false), 201);
      }
      return notFound();
    });
    renderApp('/my-assignments/');
    await userEvent.click(await screen.findByRole('button', { name: 'Rendre mon travail : Tableau croisé' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rendre' }));
    expect(await within(dialog).findByText('Veuillez écrire une réponse ou joindre au moins un fichier.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Votre réponse'), 'Voici mon tableau.');
    // A stray click beside the dialog keeps it, and what was typed (app/providers.tsx).
    await userEvent.click(document.querySelector('.ant-modal-wrap')!);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('Votre réponse')).toHaveValue('Voici mon tableau.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rendre' }));
    expect(await within(dialog).findByText('Ce devoir est déjà noté : il ne peut plus être rendu.')).toBeInTheDocument();
    // The answer changed: the refusal of what was sent goes.
    await userEvent.type(within(dialog).getByLabelText('Votre réponse'), 'x{Backspace}');
    expect(within(dialog).queryByText('Ce devoir est déjà noté : il ne peut plus être rendu.')).toBeNull();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rendre' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((call) => call.method === 'POST').map((call) => call.body as FormData);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.get('answer')).toBe('Voici mon tableau.');
    expect(sent[1]!.get('upload')).toBeNull();
    // The same attempt keeps its key: the server answers a repeat with the first outcome.
    expect(sent[1]!.get('submission_key')).toBe(sent[0]!.get('submission_key'));
    expect(String(sent[0]!.get('submission_key'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is also at /my-assignments, and says when it cannot load', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    stubFetch(() => json({ statusCode: 500, message: 'Erreur' }, 500));
    renderApp('/my-assignments');
    expect(await screen.findByText('Impossible de charger les devoirs')).toBeInTheDocument();
  });
});

describe('/user-dashboard', () => {
  it('shows the three counters and the quick links', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    stubFetch((request) =>
      request.path === `/student/dashboard/${STUDENT}/` ? json({ is_active: true, enrolled_courses: 2, complete_assignments: 1, pending_assignments: 3 }) : notFound(),
    );
    renderApp('/user-dashboard');
    await waitFor(() => expect(screen.getAllByTestId('stat-card').map((card) => card.textContent)).toEqual(['2Cours inscrits', '1Devoirs terminés', '3Devoirs en attente']));
    expect(screen.getAllByTestId('stat-card').map((card) => card.getAttribute('href'))).toEqual(['/my-courses', '/my-assignments', '/my-assignments']);
    const links = within(screen.getByRole('region', { name: 'Accès rapides' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/my-courses', '/my-assignments', '/my-teachers']);
  });

  it("alerts 'Compte desactive', forgets the session and goes to /user-login when the account is suspended", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    stubFetch((request) =>
      request.path === `/student/dashboard/${STUDENT}/` ? json({ is_active: false, enrolled_courses: 0, complete_assignments: 0, pending_assignments: 0 }) : notFound(),
    );
    const { location } = renderApp('/user-dashboard');
    const dialogs = await screen.findAllByRole('dialog');
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toHaveTextContent(specText('Compte desactive'));
    await waitFor(() => expect(location.pathname).toBe('/user-login'));
    expect(localStorage.getItem('studentId')).toBeNull();
  });
});


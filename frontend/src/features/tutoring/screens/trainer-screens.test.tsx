import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { STUDENT, TEACHER, homework, handedIn, server, posts, openChat } from './tutoring-fixtures';
import { specText } from '../../../test/spec-text';

describe('/my-users', () => {
  it('lists the followed students with their count, unread and pending homework, and a link to their homework', async () => {
    startSession('teacher', { id: TEACHER, username: 'claire', access: 'a1', refresh: 'r1' });
    server();
    renderApp('/my-users');
    expect(await screen.findByRole('heading', { level: 1, name: specText('Mes etudiants') })).toBeInTheDocument();
    expect(await screen.findByText('2 étudiants suivis')).toBeInTheDocument();
    const [first] = screen.getAllByTestId('person-card');
    expect(within(first!).getByText('1 message non lu')).toBeInTheDocument();
    expect(within(first!).getByText('Devoirs en attente').nextElementSibling).toHaveTextContent(/^1$/);
    expect(within(first!).getByText('Non renseigné')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Devoirs de Léa Dubois' })).toHaveAttribute('href', `/show-assignment/${STUDENT}/${TEACHER}`);
    expect(await screen.findByText('1 h 30')).toBeInTheDocument();
  });

  it('chats with a student as the trainer (msg_from formateur) in a 500 px list', async () => {
    startSession('teacher', { id: TEACHER, username: 'claire', access: 'a1', refresh: 'r1' });
    const { calls } = server();
    renderApp('/my-users');
    const dialog = await openChat(/Message à Léa Dubois/);
    expect(dialog.querySelector('.message-log--trainer')).not.toBeNull();
    expect(within(dialog).getAllByTestId('message')[1]).toHaveTextContent('Vous');
    await userEvent.type(within(dialog).getByLabelText('Votre message'), 'À jeudi');
    await userEvent.click(within(dialog).getByRole('button', { name: /Envoyer/ }));
    await waitFor(() => expect(posts(calls, '/send-message/')[0]!.body).toEqual({ msg_to: 'À jeudi', msg_from: 'formateur' }));
  });

  it("sends a group message and shows the server's answer", async () => {
    startSession('teacher', { id: TEACHER, username: 'claire', access: 'a1', refresh: 'r1' });
    const { calls } = server((request) =>
      request.path === `/send-group-message/${TEACHER}` ? json({ bool: true, msg: 'Message envoyé à 2 étudiants.', recipients: 2 }, 201) : undefined,
    );
    renderApp('/my-users');
    await userEvent.click(await screen.findByRole('button', { name: /Message à tous/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Le message sera envoyé à 2 étudiants, chacun dans sa discussion.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Envoyer/ }));
    expect(await within(dialog).findByText('Message vide')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Votre message'), 'Classe virtuelle jeudi');
    await userEvent.click(within(dialog).getByRole('button', { name: /Envoyer/ }));
    expect(await screen.findByText('Message envoyé à 2 étudiants.')).toBeInTheDocument();
    expect(posts(calls, '/send-group-message/')[0]!.body).toEqual({ msg_to: 'Classe virtuelle jeudi', msg_from: 'formateur' });
  });
});

describe('/show-assignment/{student_id}/{teacher_id}', () => {
  it("lists the homework with 'Terminé' / 'En attente' and links to /add-assignment", async () => {
    startSession('teacher', { id: TEACHER, username: 'claire', access: 'a1', refresh: 'r1' });
    server((request) => (request.path === `/student-assignment/${TEACHER}/${STUDENT}` ? json([homework(11, 'Tableau croisé', false), homework(10, 'Modèle de devis', true)]) : undefined));
    renderApp(`/show-assignment/${STUDENT}/${TEACHER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Devoirs de Léa Dubois' })).toBeInTheDocument();
    const [pending, done] = await screen.findAllByTestId('homework');
    expect(within(pending!).getByText('En attente')).toBeInTheDocument();
    expect(within(done!).getByText('Terminé')).toBeInTheDocument();
    expect(within(done!).getByText('sans rendu')).toBeInTheDocument();
    expect(within(pending!).queryByRole('button', { name: /Noter/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Donner un devoir/ })).toHaveAttribute('href', `/add-assignment/${STUDENT}/${TEACHER}`);
  });

  it('shows the work handed in and grades it out of 20 with feedback', async () => {
    startSession('teacher', { id: TEACHER, username: 'claire', access: 'a1', refresh: 'r1' });
    let graded = false;
    const { calls } = server((request) => {
      if (request.path === `/student-assignment/${TEACHER}/${STUDENT}`) return json([handedIn(12, 'Étude de cas', graded)]);
      if (request.method === 'PUT' && request.path === '/homework/12/grade') {
        graded = true;
        return json(handedIn(12, 'Étude de cas', true));
      }
      return undefined;
    });
    renderApp(`/show-assignment/${STUDENT}/${TEACHER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Devoirs de Léa Dubois' })).toBeInTheDocument();
    const [item] = await screen.findAllByTestId('homework');
    expect(within(item!).getAllByTestId('homework-submission')).toHaveLength(2);
    expect(within(item!).getByText('En retard')).toBeInTheDocument();
    await userEvent.click(within(item!).getByRole('button', { name: 'Noter : Étude de cas' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Veuillez saisir une note entre 0 et 20.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Note sur 20'), '14,5');
    await userEvent.type(within(dialog).getByLabelText('Appréciation (facultative)'), 'Bonne analyse.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ grade: 14.5, feedback: 'Bonne analyse.' });
    await waitFor(() => expect(screen.getByTestId('homework-grade')).toHaveTextContent('14,5/20'));
    expect(screen.getByRole('button', { name: 'Corriger la note : Étude de cas' })).toBeInTheDocument();
  });

  it("says 'Impossible de charger les devoirs' on failure", async () => {
    startSession('teacher', { id: TEACHER, username: 'claire', access: 'a1', refresh: 'r1' });
    server((request) => (request.path.startsWith('/student-assignment/') ? json({ statusCode: 403, message: 'Refusé' }, 403) : undefined));
    renderApp(`/show-assignment/${STUDENT}/${TEACHER}`);
    expect(await screen.findByText('Impossible de charger les devoirs')).toBeInTheDocument();
  });
});

describe('/add-assignment/{student_id}/{teacher_id}', () => {
  it("requires the title and the detail: 'Veuillez remplir tous les champs.'", async () => {
    startSession('teacher', { id: TEACHER, username: 'claire', access: 'a1', refresh: 'r1' });
    const { calls } = server();
    renderApp(`/add-assignment/${STUDENT}/${TEACHER}`);
    await userEvent.type(await screen.findByLabelText('Titre'), 'Un titre');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Veuillez remplir tous les champs.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/student-assignment/'))).toHaveLength(0);
  });

  it("says \"Echec de l'ajout de l'affectation\" when refused, and goes back to the list once given", async () => {
    startSession('teacher', { id: TEACHER, username: 'claire', access: 'a1', refresh: 'r1' });
    let refuse = true;
    const { calls } = server((request) => {
      if (request.method !== 'POST' || !request.path.startsWith('/student-assignment/')) return undefined;
      return refuse ? json({ statusCode: 403, message: 'Vous ne suivez pas cet étudiant.' }, 403) : json(homework(12, 'Relire le chapitre 3', false), 201);
    });
    const { location } = renderApp(`/add-assignment/${STUDENT}/${TEACHER}`);
    expect(await screen.findByText('À Léa Dubois')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Titre'), 'Relire le chapitre 3');
    await userEvent.type(screen.getByLabelText('Détail'), 'Et noter vos questions.');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(specText("Echec de l'ajout de l'affectation"));
    expect(alert).toHaveTextContent('Vous ne suivez pas cet étudiant.');

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(location.pathname).toBe(`/show-assignment/${STUDENT}/${TEACHER}`));
    expect(calls.filter((call) => call.method === 'POST').at(-1)!.body).toEqual({ teacher: TEACHER, student: STUDENT, title: 'Relire le chapitre 3', detail: 'Et noter vos questions.' });
  });
});

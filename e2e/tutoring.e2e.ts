import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { acceptTrainer, DEMO, expectNoSeriousA11yViolations, fillLogin, reloadUntil } from './support';
import { specText } from '../frontend/src/test/spec-text';

const PASSWORD = 'un-mot-de-passe-solide';

interface Person {
  id: number;
  name: string;
  email: string;
}

/**
 * A trainer and students of their own, made through the API for this journey only, the trainer
 * assigned to each by the admin (POST /student-assignment/): no demo conversation is touched, and
 * the group message reaches exactly these students.
 */
async function tutoringWorld(request: APIRequestContext, students: number) {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const teacherEmail = `formatrice.${tag}@example.fr`;
  const teacher = await (
    await request.post('/api/formateur-register/', {
      data: { full_name: `Nadia Formatrice ${tag}`, email: teacherEmail, username: `nadia.${tag}`, password: PASSWORD, mobile_no: '06 11 22 33 44' },
    })
  ).json();
  // Registered through the public page, the trainer follows students once the centre accepts them (ADR 0030).
  await acceptTrainer(request, teacher.id as number);
  const admin = await (await request.post('/api/admin/token/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } })).json();
  const made: Person[] = [];
  for (let n = 1; n <= students; n += 1) {
    const email = `apprenant${n}.${tag}@example.fr`;
    const student = await (
      await request.post('/api/student/', { data: { fullname: `Apprenant${n} Essai${tag}`, email, username: `apprenant${n}.${tag}`, password: PASSWORD } })
    ).json();
    const assigned = await request.post('/api/student-assignment/', {
      headers: { Authorization: `Bearer ${admin.access}` },
      data: { formateur: teacher.id, student: student.id },
    });
    expect(assigned.ok()).toBe(true);
    made.push({ id: student.id, name: student.fullname, email });
  }
  return { teacher: { id: teacher.id as number, name: teacher.full_name as string, email: teacherEmail }, students: made };
}

/** A browser window of its own (its own storage, so its own session), signed in. */
async function signedIn(browser: Browser, role: 'student' | 'trainer', email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(role === 'student' ? '/user-login' : '/teacher-login');
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(role === 'student' ? /\/user-dashboard$/ : /\/teacher-dashboard$/);
  return page;
}

const card = (page: Page, name: string) => page.getByTestId('person-card').filter({ has: page.getByRole('heading', { name }) });
const texts = (dialog: Locator) => dialog.locator('.message__text');

/** A dashboard counter, read from a projection: the page is reloaded until it has caught up. */
async function counter(page: Page, label: string, value: string): Promise<Locator> {
  const card = page.getByTestId('stat-card').filter({ hasText: label });
  await reloadUntil(page, card, () => expect(card.locator('.stat-card__value')).toHaveText(value, { timeout: 3_000 }));
  return card;
}

async function send(dialog: Locator, text: string) {
  await dialog.getByLabel('Votre message').fill(text);
  await dialog.getByRole('button', { name: /Envoyer/ }).click();
  await expect(dialog.getByLabel('Votre message')).toHaveValue('');
}

test.describe('tutoring: messages and homework between a trainer and the students an admin assigned them', () => {
  test('a trainer and a student exchange messages in two windows, each seeing the other’s without reloading', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const { teacher, students } = await tutoringWorld(request, 1);
    const learner = students[0]!;

    // The student finds the trainer the admin assigned and opens the chat: nothing yet.
    const student = await signedIn(browser, 'student', learner.email);
    await student.getByRole('navigation', { name: specText('Espace Etudiant') }).getByRole('link', { name: 'Mes formateurs' }).click();
    await expect(student).toHaveURL(/\/my-teachers$/);
    const trainerCard = card(student, teacher.name);
    await expect(trainerCard.getByRole('link', { name: teacher.name })).toHaveAttribute('href', `/teacher-detail/${teacher.id}`);
    await expect(trainerCard.locator('.person-avatar')).toHaveText('NA');
    await trainerCard.getByRole('button', { name: `Discuter avec ${teacher.name}` }).click();
    const studentChat = student.getByRole('dialog', { name: `Discussion avec ${teacher.name}` });
    await expect(studentChat.getByText('Aucun message pour le moment.')).toBeVisible();

    // A blank message is refused before any call; then a first message, markup and line break included.
    await studentChat.getByLabel('Votre message').fill('   ');
    await studentChat.getByRole('button', { name: /Envoyer/ }).click();
    await expect(studentChat.getByRole('alert')).toContainText('Message vide');
    await expect(studentChat.getByRole('alert')).toContainText("Veuillez saisir un message avant d'envoyer.");
    const question = 'Bonjour, le <b>chapitre 2</b> est-il obligatoire ?\nMerci d’avance.';
    await send(studentChat, question);
    await expect(student.getByText('Message envoyé.')).toBeVisible();
    await expect(texts(studentChat)).toHaveText([question]);
    await expectNoSeriousA11yViolations(student);

    // The trainer sees the unread message on the student's row, opens the chat: the text as written, not as markup.
    const trainer = await signedIn(browser, 'trainer', teacher.email);
    await (await counter(trainer, 'Mes Étudiants', '1')).click();
    await expect(trainer).toHaveURL(/\/my-users$/);
    await expect(trainer.getByText('1 étudiant suivi')).toBeVisible();
    const studentRow = card(trainer, learner.name);
    await expect(studentRow.getByText('1 message non lu')).toBeAttached();
    await studentRow.getByRole('button', { name: `Message à ${learner.name}` }).click();
    const trainerChat = trainer.getByRole('dialog', { name: `Discussion avec ${learner.name}` });
    await expect(texts(trainerChat)).toHaveText([question]);
    await expect(trainerChat.locator('.message__text b')).toHaveCount(0);
    await expectNoSeriousA11yViolations(trainer);

    // Each answer reaches the other window, open all along, without a reload.
    const answer = 'Oui : il prépare le quiz final. Comptez une heure.';
    await send(trainerChat, answer);
    await expect(texts(studentChat)).toHaveText([question, answer], { timeout: 15_000 });
    const thanks = 'Très bien, merci !';
    await send(studentChat, thanks);
    await expect(texts(trainerChat)).toHaveText([question, answer, thanks], { timeout: 15_000 });

    // Read as they showed: once the chat is closed, no unread message is left on either list.
    await trainerChat.getByRole('button', { name: 'Fermer', exact: true }).last().click();
    await trainer.reload();
    await expect(card(trainer, learner.name)).toBeVisible();
    await expect(card(trainer, learner.name).getByTestId('unread-badge')).toHaveCount(0);
    await student.context().close();
    await trainer.context().close();
  });

  test('the trainer sends a group message and gives homework; the student marks it done and the trainer sees « Terminé »', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const { teacher, students } = await tutoringWorld(request, 2);
    const [first, second] = students as [Person, Person];

    // The group message goes to the trainer's two students, each in their own conversation.
    const trainer = await signedIn(browser, 'trainer', teacher.email);
    await trainer.goto('/my-users');
    await expect(trainer.getByText('2 étudiants suivis')).toBeVisible();
    await trainer.getByRole('button', { name: /Message à tous/ }).click();
    const group = trainer.getByRole('dialog', { name: 'Message à tous mes étudiants' });
    await expect(group.getByText('Le message sera envoyé à 2 étudiants, chacun dans sa discussion.')).toBeVisible();
    const announce = 'Classe virtuelle jeudi à 14 h.';
    await send(group, announce);
    await expect(trainer.getByText('Message envoyé à 2 étudiants.')).toBeVisible();
    await expect(group).toBeHidden();

    // Homework for the first student: both fields required, then given and listed as pending.
    await card(trainer, first.name).getByRole('link', { name: `Devoirs de ${first.name}` }).click();
    await expect(trainer).toHaveURL(new RegExp(`/show-assignment/${first.id}/${teacher.id}$`));
    await expect(trainer.getByRole('heading', { level: 1, name: `Devoirs de ${first.name}` })).toBeVisible();
    await expect(trainer.getByText('Aucun devoir donné à cet étudiant pour le moment.')).toBeVisible();
    await trainer.getByRole('link', { name: 'Donner un devoir' }).click();
    await expect(trainer).toHaveURL(new RegExp(`/add-assignment/${first.id}/${teacher.id}$`));
    await trainer.getByLabel('Titre').fill('Relire le chapitre 3');
    await trainer.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(trainer.getByText('Veuillez remplir tous les champs.')).toBeVisible();
    await trainer.getByLabel('Détail').fill('Notez vos questions pour la classe virtuelle.');
    await trainer.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(trainer).toHaveURL(new RegExp(`/show-assignment/${first.id}/${teacher.id}$`));
    const given = trainer.getByTestId('homework').filter({ hasText: 'Relire le chapitre 3' });
    await expect(given.getByText('En attente')).toBeVisible();

    // The other student got the group message too.
    const other = await signedIn(browser, 'student', second.email);
    await other.goto('/my-teachers');
    await card(other, teacher.name).getByRole('button', { name: `Discuter avec ${teacher.name}` }).click();
    const otherChat = other.getByRole('dialog', { name: `Discussion avec ${teacher.name}` });
    await expect(texts(otherChat)).toHaveText([announce]);
    await expect(otherChat.getByText('Message à tous')).toBeVisible();
    await other.context().close();

    // The first student reaches the homework from the dashboard's counter and marks it done.
    const student = await signedIn(browser, 'student', first.email);
    await (await counter(student, 'Devoirs en attente', '1')).click();
    await expect(student).toHaveURL(/\/my-assignments$/);
    const homework = student.getByTestId('homework').filter({ hasText: 'Relire le chapitre 3' });
    await expect(homework.getByText('Notez vos questions pour la classe virtuelle.')).toBeVisible();
    await expect(homework.getByText('En attente')).toBeVisible();
    await homework.getByRole('button', { name: 'Marquer comme terminé : Relire le chapitre 3' }).click();
    await student.getByRole('button', { name: 'Oui, terminé' }).click();
    await expect(homework.getByText('Terminé', { exact: true })).toBeVisible();
    await expect(homework.getByRole('button')).toHaveCount(0);
    await expectNoSeriousA11yViolations(student);
    await student.goto('/user-dashboard');
    await counter(student, 'Devoirs terminés', '1');

    // The trainer's list now says « Terminé ».
    await trainer.reload();
    await expect(given.getByText('Terminé', { exact: true })).toBeVisible();
    await student.context().close();
    await trainer.context().close();
  });
});

import type { CommandBus } from '@nestjs/cqrs';
import { AssignTrainer, CompleteHomework, GiveHomework, MarkMessagesRead, SendGroupMessage, SendMessage } from '../contexts/tutoring/testing.js';
import type { Actor } from '../shared-kernel/index.js';

/**
 * The demo's tutoring: trainers assigned to students (besides those their enrolments brought),
 * conversations at every stage (answered and read, unread on either side, waiting for a reply),
 * a group message, and homework marked done without a submission (« sans rendu »).
 */
export async function seedDemoTutoring(
  commands: CommandBus,
  admin: Actor,
  trainers: { claire: Actor; julien: Actor },
  students: { lea: Actor; ines: Actor; hugo: Actor },
): Promise<void> {
  const { claire, julien } = trainers;
  const { lea, ines, hugo } = students;
  // The enrolment policy makes the course's trainer follow its learners a moment after each
  // enrolment; the demo assigns them at once (assigning twice changes nothing), and Hugo, who
  // follows no course yet, gets Claire as his référente.
  for (const [trainer, student] of [[claire, lea], [claire, ines], [julien, lea], [claire, hugo]] as const) {
    await commands.execute(new AssignTrainer(admin, trainer.profileId, student.profileId));
  }
  const say = (from: Actor, trainer: Actor, student: Actor, text: string) =>
    commands.execute(new SendMessage(from, trainer.profileId, student.profileId, from.role === 'student' ? 'student' : 'formateur', text));

  await say(lea, claire, lea, 'Bonjour Claire, dans le modèle de facture, comment empêcher que l’on modifie les cellules de calcul ?');
  await say(claire, claire, lea, 'Bonjour Léa ! Déverrouillez d’abord les cellules à saisir (Format de cellule > Protection), puis Révision > Protéger la feuille. Les formules restent intactes.');
  await commands.execute(new MarkMessagesRead(lea, claire.profileId, lea.profileId));
  await say(lea, claire, lea, 'Merci, ça fonctionne parfaitement !');
  await say(ines, claire, ines, 'Bonjour, je n’arrive pas à regrouper les dates par mois dans mon tableau croisé dynamique. Une piste ?');
  await say(julien, julien, lea, 'Bienvenue dans la formation cybersécurité, Léa. N’hésitez pas à m’écrire si un point du module sur l’hameçonnage vous semble flou.');
  await commands.execute(new SendGroupMessage(claire, claire.profileId, 'formateur', 'Classe virtuelle jeudi à 14 h : le lien sera publié dans l’espace du cours. Pensez à finir le chapitre 2 avant.'));

  const devis = await commands.execute(
    new GiveHomework(claire, claire.profileId, lea.profileId, 'Créer un modèle de devis', 'À partir du modèle de facture, créez un modèle de devis (.xltx) avec une date automatique et une zone de calcul protégée.'),
  );
  // Homework handed in and graded, on its own clock: demo-homework.ts.
  await commands.execute(new CompleteHomework(lea, devis, true));
}

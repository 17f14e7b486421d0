import type { CommandBus } from '@nestjs/cqrs';
import { AddQuestion, AnswerQuestion, AssignQuiz, CreateQuiz } from '../contexts/assessment/testing.js';
import { AddChapter } from '../contexts/catalogue/testing.js';
import type { Actor } from '../shared-kernel/index.js';

type DemoQuestion = [question: string, answers: [string, string, string, string], right: string];

const TEMPLATES_QUIZ: DemoQuestion[] = [
  ['Quelle extension porte un modèle Word ?', ['.docx', '.dotx', '.xltx', '.pdf'], '.dotx'],
  ['Où insère-t-on un champ « date » automatique ?', ['Insertion > QuickPart > Champ', 'Accueil > Police', 'Affichage > Zoom', 'Fichier > Imprimer'], 'Insertion > QuickPart > Champ'],
  ['Que permet « Protéger la feuille » dans Excel ?', ['Chiffrer le fichier', 'Empêcher de modifier les cellules verrouillées', 'Masquer le classeur', 'Imprimer en PDF'], 'Empêcher de modifier les cellules verrouillées'],
];

const SECURITY_QUIZ: DemoQuestion[] = [
  ['Un courriel vous demande vos identifiants « en urgence ». Que faites-vous ?', ['Je réponds vite', 'Je clique pour vérifier', 'Je le signale sans cliquer', 'Je le transfère à un collègue'], 'Je le signale sans cliquer'],
  ['Quelle est la meilleure pratique pour les mots de passe ?', ['Le même partout', 'Un par service, long, dans un gestionnaire', 'Le prénom de son enfant', 'Le changer chaque jour'], 'Un par service, long, dans un gestionnaire'],
  ['Vous quittez votre poste cinq minutes :', ['Je le laisse ouvert', 'Je le verrouille (Windows + L)', 'Je l’éteins', 'Je baisse l’écran'], 'Je le verrouille (Windows + L)'],
];

export interface DemoQuizCourses {
  templates: number;
  security: number;
}

/**
 * The demo's quizzes, written, assigned and placed as a course step by their trainers; Léa has
 * taken the templates quiz (2 right out of 3) and Inès is half-way through it, both before Claire
 * made it the course's last step.
 */
export async function seedDemoQuizzes(
  commands: CommandBus,
  trainers: { claire: Actor; julien: Actor },
  students: { lea: Actor; ines: Actor },
  courses: DemoQuizCourses,
): Promise<void> {
  const write = async (author: Actor, title: string, detail: string, questions: DemoQuestion[], courseId: number) => {
    const quizId = await commands.execute(new CreateQuiz(author, author.profileId, title, detail));
    const questionIds: number[] = [];
    for (const [question, answers, right] of questions) {
      questionIds.push(await commands.execute(new AddQuestion(author, quizId, { questions: question, answers, rightAnswer: right })));
    }
    await commands.execute(new AssignQuiz(author, quizId, courseId));
    const placeAsStep = () => commands.execute(new AddChapter(author, courseId, { title: `Quiz : ${title}`, contentType: 'quiz', duration: 300, quizId }));
    return { quizId, questionIds, placeAsStep };
  };
  const templates = await write(trainers.claire, 'Les modèles de documents', 'Trois questions pour vérifier les acquis du cours.', TEMPLATES_QUIZ, courses.templates);
  const security = await write(trainers.julien, 'Les bons réflexes', 'Hameçonnage, mots de passe, poste de travail.', SECURITY_QUIZ, courses.security);
  await security.placeAsStep();

  const place = { courseId: courses.templates, chapterId: null, subchapterId: null };
  const answer = (student: Actor, index: number, text: string) =>
    commands.execute(new AnswerQuestion(student, student.profileId, templates.quizId, templates.questionIds[index]!, text, place));
  await answer(students.lea, 0, '.dotx');
  await answer(students.lea, 1, 'Insertion > QuickPart > Champ');
  await answer(students.lea, 2, 'Chiffrer le fichier');
  await answer(students.ines, 0, '.docx');
  // Claire then placed it as the course's last step: a quiz that is a step is taken only once its
  // step is open (issue 22), so the answers above were given while the course offered it on its own.
  await templates.placeAsStep();
}

import type { CommandBus } from '@nestjs/cqrs';
import { AddQuestion, AnswerQuestion, AssignQuiz, CreateQuiz, WriteBankQuestion, type QuestionFields } from '../contexts/assessment/testing.js';
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
  await seedDemoBank(commands, trainers.claire, courses.templates);
}

// --- Claire's question bank and a quiz drawing from it (issue 28 item 2, ADR 0045) -------------

const NONE: [string, string, string, string] = ['', '', '', ''];
const single = (questions: string, answers: [string, string, string, string], right: string, explanation: string): QuestionFields => ({ kind: 'single', questions, answers, rightAnswer: right, explanation });
const several = (questions: string, answers: [string, string, string, string], rights: number[], explanation: string): QuestionFields => ({
  kind: 'multiple', questions, answers, rightAnswer: '', rightAnswers: rights, explanation,
});
const trueFalse = (questions: string, right: 'Vrai' | 'Faux', explanation: string): QuestionFields => ({ kind: 'true-false', questions, answers: NONE, rightAnswer: right, explanation });

const EXCEL_BANK: [category: string, tags: string[], fields: QuestionFields][] = [
  ['Excel – formules', ['références'], single('Quelle formule reste juste une fois recopiée vers le bas pour multiplier chaque montant par le taux en B1 ?', ['=A2*B1', '=A2*$B$1', '=$A$2*B1', '=A2*B$2'], '=A2*$B$1', 'Le $ fige la ligne et la colonne de B1 : seule la référence A2 avance.')],
  ['Excel – formules', ['fonctions'], several('Lesquelles de ces fonctions renvoient un nombre à partir d’une plage ?', ['SOMME', 'MOYENNE', 'CONCATENER', 'NB.SI'], [1, 2, 4], 'CONCATENER assemble du texte ; les trois autres calculent sur la plage.')],
  ['Excel – formules', ['fonctions', 'recherche'], single('Pour retrouver le tarif d’un article dans une table à partir de sa référence, on utilise :', ['RECHERCHEX', 'SOMME.SI', 'ARRONDI', 'TEXTE'], 'RECHERCHEX', 'RECHERCHEX (ou RECHERCHEV dans les versions anciennes) cherche une valeur et renvoie celle de la même ligne.')],
  ['Excel – formules', ['erreurs'], trueFalse('#DIV/0! signale une division par une cellule vide ou nulle.', 'Vrai', 'Une cellule vide vaut 0 dans un calcul : la division est impossible.')],
  ['Excel – formules', ['fonctions'], trueFalse('La fonction SI ne peut tester qu’une seule condition, même avec ET ou OU.', 'Faux', 'SI(ET(…);…;…) et SI(OU(…);…;…) combinent plusieurs conditions.')],
  ['Excel – formules', ['mise en forme'], several('Quels moyens permettent de colorer automatiquement les retards de paiement ?', ['Mise en forme conditionnelle', 'Un filtre automatique', 'Une règle « valeur inférieure à AUJOURDHUI() »', 'Le pinceau de reproduction'], [1, 3], 'La mise en forme conditionnelle applique une règle ; le pinceau ne copie qu’une mise en forme figée.')],
  ['Excel – formules', ['tableaux croisés'], single('Dans un tableau croisé dynamique, où place-t-on le champ « Montant » pour en faire la somme ?', ['Lignes', 'Colonnes', 'Valeurs', 'Filtres'], 'Valeurs', 'La zone Valeurs agrège (somme, moyenne, nombre…).')],
  ['Excel – formules', ['tableaux croisés'], trueFalse('Un tableau croisé dynamique se met à jour tout seul quand les données sources changent.', 'Faux', 'Il faut l’actualiser (clic droit > Actualiser, ou à l’ouverture du fichier si l’option est cochée).')],
  ['Word – mise en page', ['styles'], several('Quels avantages apportent les styles de titre dans Word ?', ['Une table des matières automatique', 'Le volet de navigation', 'Une correction orthographique', 'Une mise en forme homogène'], [1, 2, 4], 'Les styles structurent le document ; l’orthographe n’en dépend pas.')],
  ['Word – mise en page', ['sections'], trueFalse('Un saut de section permet de passer une seule page en orientation paysage.', 'Vrai', 'Chaque section garde sa propre orientation, ses marges et ses en-têtes.')],
];

/**
 * Claire's bank: questions on Excel formulas and Word layout, with several right answers and
 * true/false among them; a quiz of her templates course draws five Excel questions per attempt,
 * shuffled, with a pass mark of 60 % and three attempts.
 */
async function seedDemoBank(commands: CommandBus, claire: Actor, courseId: number): Promise<void> {
  for (const [category, tags, fields] of EXCEL_BANK) {
    await commands.execute(new WriteBankQuestion(claire, claire.profileId, { category, tags, fields }));
  }
  const quizId = await commands.execute(
    new CreateQuiz(claire, claire.profileId, 'Évaluation Excel – formules (tirage)', 'Cinq questions tirées au hasard dans la banque à chaque tentative, dans un ordre mélangé.', {
      passMark: 60, maxAttempts: 3, shuffle: true, drawCategory: 'Excel – formules', drawCount: 5,
    }),
  );
  await commands.execute(new AssignQuiz(claire, quizId, courseId));
}

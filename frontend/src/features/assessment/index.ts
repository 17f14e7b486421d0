/** Assessment feature: quizzes and their questions, their assignment to courses, taking them and the results. */
import { lazyComponent } from '../../lib/lazy-component';

// Screens, each loaded with its route.
const questionPages = () => import('./screens/question-pages');
const quizFormPages = () => import('./screens/quiz-form-pages');

export { AssignQuizPage } from './screens/assign-quiz-page';
export const TrainerQuizzesPage = lazyComponent(() => import('./screens/trainer-quizzes-page'), (m) => m.TrainerQuizzesPage);
export const AddQuizPage = lazyComponent(quizFormPages, (m) => m.AddQuizPage);
export const EditQuizPage = lazyComponent(quizFormPages, (m) => m.EditQuizPage);
export const AllQuestionsPage = lazyComponent(questionPages, (m) => m.AllQuestionsPage);
export const AddQuestionPage = lazyComponent(questionPages, (m) => m.AddQuestionPage);
export const EditQuestionPage = lazyComponent(questionPages, (m) => m.EditQuestionPage);
export const QuestionBankPage = lazyComponent(() => import('./screens/question-bank-page'), (m) => m.QuestionBankPage);
export const AttemptedStudentsPage = lazyComponent(() => import('./screens/attempted-students-page'), (m) => m.AttemptedStudentsPage);
export const AdminQuizzesPage = lazyComponent(() => import('./screens/admin-quizzes-page'), (m) => m.AdminQuizzesPage);
export const AdminQuizDetailPage = lazyComponent(() => import('./screens/admin-quiz-detail-page'), (m) => m.AdminQuizDetailPage);
/** A quiz step's quiz in the course preview, read only (composed by the areas into authoring's preview). */
export const QuizPreview = lazyComponent(() => import('./components/quiz-preview'), (m) => m.QuizPreview);
export const CourseQuizPage = lazyComponent(() => import('./screens/course-quiz-page'), (m) => m.CourseQuizPage);
export const TakeQuizPage = lazyComponent(() => import('./screens/take-quiz-page'), (m) => m.TakeQuizPage);
/** A quiz taken inline, from a course's quiz step (composed by the student area into the course player). */
export const QuizRun = lazyComponent(() => import('./screens/take-quiz-page'), (m) => m.QuizRun);
export type { QuizPlace, QuizResult } from './assessment-types';

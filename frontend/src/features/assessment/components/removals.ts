import { confirmRemoval, type ModalApi } from '../../../components/confirm';
import { useDeleteQuestionMutation, useDeleteQuizMutation } from '../assessment-api';
import type { Question, Quiz, QuizRemovalResult } from '../assessment-types';
import { messages as m } from '../messages';

/** Asks `question`, removes, and says whether the item was deleted or archived (students answered it). */
function removal<T>(modal: ModalApi, question: string, send: (item: T) => Promise<QuizRemovalResult>, said: { deleted: string; archived: string }) {
  return (item: T) =>
    confirmRemoval(modal, {
      title: question,
      yes: m.common.confirm,
      cancel: m.common.cancel,
      remove: () => send(item),
      done: ({ archived }) => (archived ? said.archived : said.deleted),
      failed: () => m.common.deleteFailed,
    });
}

/** 'Supprimer ce quiz ? Cette action est irréversible.' (02 §4, accents corrected), then DELETE /quiz/{id}/. */
export function useQuizRemoval(modal: ModalApi) {
  const [remove] = useDeleteQuizMutation();
  return removal<Quiz>(modal, m.quizList.confirmDelete, (quiz) => remove(quiz.id).unwrap(), m.quizList);
}

/** 'Voulez-vous vraiment supprimer cette question ?' (03 §8), then DELETE /question/{id}/. */
export function useQuestionRemoval(modal: ModalApi) {
  const [remove] = useDeleteQuestionMutation();
  return removal<Question>(modal, m.questions.confirmDelete, (question) => remove({ questionId: question.id, quizId: question.quiz }).unwrap(), m.questions);
}

import { api } from '../../lib/api';
import type { TeacherListPage } from '../../lib/api-schema';
import type {
  AnswerResult,
  AssignedQuiz,
  BoolResponse,
  Question,
  QuestionInput,
  Quiz,
  QuizAttempt,
  QuizInput,
  QuizRemovalResult,
  QuizPlace,
  QuizResult,
  QuizTrainerOption,
  StudentQuestion,
  QuizStatus,
  QuizReview,
  QuizAlert,
  ValidationCategory,
  BankQuestion,
  BankCategory,
  BankQuestionInput,
  BankImportPreview,
  BankImportResult,
  CopyToBankInput,
} from './assessment-types';

export type * from './assessment-types';

export const QUIZ_LIST_TAG = { type: 'Quiz' as const, id: 'LIST' };
export const quizTag = (quizId: number) => ({ type: 'Quiz' as const, id: quizId });
/** The question list of one quiz: stale after any change to its questions. */
export const questionsTag = (quizId: number) => ({ type: 'Question' as const, id: `QUIZ-${quizId}` });
const questionTag = (questionId: number) => ({ type: 'Question' as const, id: questionId });
const assignTag = (quizId: number, courseId: number) => ({ type: 'Quiz' as const, id: `ASSIGN-${quizId}-${courseId}` });
const courseQuizzesTag = (courseId: number) => ({ type: 'Quiz' as const, id: `COURSE-${courseId}` });
const attemptsTag = (quizId: number) => ({ type: 'QuizAttempt' as const, id: quizId });
const ALERTS_TAG = { type: 'QuizAttempt' as const, id: 'ALERTS' };
const BANK_TAG = { type: 'Question' as const, id: 'BANK' };

/** An import's file as the multipart field `file`. */
const fileForm = (file: File, requestKey?: string): FormData => {
  const data = new FormData();
  data.append('file', file, file.name);
  if (requestKey) data.append('request_key', requestKey);
  return data;
};

/** The path of the import template (GET, downloaded with the session). */
export const BANK_IMPORT_TEMPLATE_PATH = 'question-bank-import/template';

/** The bank list's filters (GET /question-bank). */
export interface BankFilters {
  category?: string;
  tag?: string;
  kind?: string;
  search?: string;
  archived?: boolean;
}

/** What a change to a quiz's questions makes stale: its questions, the quiz (its count) and the lists. */
const questionChangeTags = (quizId: number) => [questionsTag(quizId), quizTag(quizId), QUIZ_LIST_TAG];

export const assessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /quiz/?search=: a trainer's own quizzes, or every quiz for an admin. */
    getQuizzes: build.query<Quiz[], { search?: string } | void>({
      query: (arg) => ({ url: 'quiz/', params: arg?.search ? { search: arg.search } : undefined }),
      providesTags: (result) => [...(result ?? []).map((quiz) => quizTag(quiz.id)), QUIZ_LIST_TAG],
    }),
    getQuiz: build.query<Quiz, number>({
      query: (quizId) => `quiz/${quizId}/`,
      providesTags: (_r, _e, quizId) => [quizTag(quizId)],
    }),
    createQuiz: build.mutation<Quiz, QuizInput>({
      query: (body) => ({ url: 'quiz/', method: 'POST', body }),
      invalidatesTags: [QUIZ_LIST_TAG],
    }),
    updateQuiz: build.mutation<Quiz, { quizId: number; body: QuizInput }>({
      query: ({ quizId, body }) => ({ url: `teacher-quiz-detail/${quizId}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { quizId }) => [quizTag(quizId), QUIZ_LIST_TAG],
    }),
    deleteQuiz: build.mutation<QuizRemovalResult, number>({
      query: (quizId) => ({ url: `quiz/${quizId}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, quizId) => [quizTag(quizId), QUIZ_LIST_TAG],
    }),
    /** GET /formateur/ without a page: every trainer, for the admin's quiz form. */
    getQuizTrainers: build.query<QuizTrainerOption[], void>({
      query: () => 'formateur/',
      transformResponse: (page: TeacherListPage) => page.results.map((trainer) => ({ id: trainer.id, name: trainer.full_name })),
    }),

    getQuestions: build.query<Question[], number>({
      query: (quizId) => `quiz-questions/${quizId}`,
      transformResponse: (questions: Question[]) => [...questions].sort((a, b) => a.order - b.order),
      providesTags: (result, _e, quizId) => [questionsTag(quizId), ...(result ?? []).map((question) => questionTag(question.id))],
    }),
    getQuestion: build.query<Question, number>({
      query: (questionId) => `question/${questionId}/`,
      providesTags: (_r, _e, questionId) => [questionTag(questionId)],
    }),
    addQuestion: build.mutation<Question, { quizId: number; body: QuestionInput }>({
      query: ({ quizId, body }) => ({ url: `quiz-questions/${quizId}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { quizId }) => questionChangeTags(quizId),
    }),
    updateQuestion: build.mutation<Question, { questionId: number; quizId: number; body: QuestionInput }>({
      query: ({ questionId, body }) => ({ url: `question/${questionId}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { questionId, quizId }) => [questionTag(questionId), ...questionChangeTags(quizId)],
    }),
    deleteQuestion: build.mutation<QuizRemovalResult, { questionId: number; quizId: number }>({
      query: ({ questionId }) => ({ url: `question/${questionId}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { questionId, quizId }) => [questionTag(questionId), ...questionChangeTags(quizId)],
    }),

    getAssignStatus: build.query<boolean, { quizId: number; courseId: number }>({
      query: ({ quizId, courseId }) => `fetch-quiz-assign-status/${quizId}/${courseId}`,
      transformResponse: (answer: BoolResponse) => answer.bool,
      providesTags: (_r, _e, { quizId, courseId }) => [assignTag(quizId, courseId)],
    }),
    assignQuiz: build.mutation<BoolResponse, { quizId: number; courseId: number; teacher?: number }>({
      query: ({ quizId, courseId, teacher }) => ({ url: 'quiz-assign-course/', method: 'POST', body: { teacher, course: courseId, quiz: quizId } }),
      invalidatesTags: (_r, _e, { quizId, courseId }) => [assignTag(quizId, courseId), courseQuizzesTag(courseId)],
    }),
    unassignQuiz: build.mutation<BoolResponse, { quizId: number; courseId: number }>({
      query: ({ quizId, courseId }) => ({ url: `quiz-assign-course/${quizId}/${courseId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { quizId, courseId }) => [assignTag(quizId, courseId), courseQuizzesTag(courseId)],
    }),
    getAttempts: build.query<QuizAttempt[], number>({
      query: (quizId) => `attempted-quiz/${quizId}`,
      providesTags: (_r, _e, quizId) => [attemptsTag(quizId)],
    }),

    // The student's side. The run of a quiz reads fresh answers every time (keepUnusedDataFor: 0).
    getCourseQuizzes: build.query<AssignedQuiz[], number>({
      query: (courseId) => `fetch-assigned-quiz/${courseId}`,
      providesTags: (_r, _e, courseId) => [courseQuizzesTag(courseId)],
    }),
    getAttemptStatus: build.query<boolean, { quizId: number; studentId: string }>({
      query: ({ quizId, studentId }) => `fetch-quiz-attempt-status/${quizId}/${studentId}`,
      transformResponse: (answer: BoolResponse) => answer.bool,
      providesTags: (_r, _e, { quizId }) => [attemptsTag(quizId)],
      keepUnusedDataFor: 0,
    }),
    getFirstQuestion: build.query<StudentQuestion | null, number>({
      query: (quizId) => `quiz-questions/${quizId}/1`,
      transformResponse: (list: StudentQuestion[]) => list[0] ?? null,
      keepUnusedDataFor: 0,
    }),
    getNextQuestion: build.query<StudentQuestion | null, { quizId: number; questionId: number }>({
      query: ({ quizId, questionId }) => `quiz-questions/${quizId}/next-question/${questionId}`,
      transformResponse: (list: StudentQuestion[]) => list[0] ?? null,
      keepUnusedDataFor: 0,
    }),
    getQuizResult: build.query<QuizResult, { quizId: number; studentId: string }>({
      query: ({ quizId, studentId }) => `fetch-quiz-result/${quizId}/${studentId}`,
      keepUnusedDataFor: 0,
    }),
    /** POST /attempt-quiz/; from a course's quiz step, with the step (`place`), whose completion then validates it. */
    /** `answer`: the option's text (the spec's right_ans), or the options' numbers for several right answers (ADR 0045). */
    answerQuestion: build.mutation<AnswerResult, { quizId: number; studentId: string; questionId: number; answer: string | number[]; place?: QuizPlace }>({
      query: ({ quizId, studentId, questionId, answer, place }) => ({
        url: 'attempt-quiz/',
        method: 'POST',
        body: { student: Number(studentId), quiz: quizId, question: questionId, ...(typeof answer === 'string' ? { right_ans: answer } : { choices: answer }), ...place },
      }),
    }),
    resetAttempts: build.mutation<BoolResponse, { quizId: number; studentId: string }>({
      query: ({ quizId, studentId }) => ({ url: `reset-quiz-attempts/${quizId}/${studentId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { quizId }) => [attemptsTag(quizId)],
    }),
    /** GET /quiz-status/: the rules, the attempts used, the time left on the server's clock, what happens next (ADR 0043). */
    getQuizStatus: build.query<QuizStatus, { quizId: number; studentId: string }>({
      query: ({ quizId, studentId }) => `quiz-status/${quizId}/${studentId}`,
      keepUnusedDataFor: 0,
    }),
    /** GET /quiz-review/: a closed attempt corrected, with the explanations. */
    getQuizReview: build.query<QuizReview, { quizId: number; studentId: string }>({
      query: ({ quizId, studentId }) => `quiz-review/${quizId}/${studentId}`,
      keepUnusedDataFor: 0,
    }),
    // The trainer's question bank (ADR 0045).
    getBankQuestions: build.query<BankQuestion[], BankFilters>({
      query: (filters) => ({ url: 'question-bank', params: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) }),
      providesTags: [BANK_TAG],
    }),
    /** The categories of one's bank; an admin names the trainer whose bank (the quiz's trainer). */
    getBankCategories: build.query<BankCategory[], number | void>({
      query: (teacher) => ({ url: 'question-bank-categories', params: teacher ? { teacher } : undefined }),
      providesTags: [BANK_TAG],
    }),
    addBankQuestion: build.mutation<BankQuestion, BankQuestionInput>({
      query: (body) => ({ url: 'question-bank', method: 'POST', body }),
      invalidatesTags: [BANK_TAG],
    }),
    updateBankQuestion: build.mutation<BankQuestion, { questionId: number; body: BankQuestionInput }>({
      query: ({ questionId, body }) => ({ url: `question-bank/${questionId}`, method: 'PUT', body }),
      invalidatesTags: [BANK_TAG],
    }),
    /** POST /question-bank-import/preview: every row of a file with its problems; nothing written. */
    previewBankImport: build.mutation<BankImportPreview, File>({
      query: (file) => ({ url: 'question-bank-import/preview', method: 'POST', body: fileForm(file) }),
    }),
    /** POST /question-bank-import: every question of the file, or none. */
    importBankQuestions: build.mutation<BankImportResult, { file: File; requestKey: string }>({
      query: ({ file, requestKey }) => ({ url: 'question-bank-import', method: 'POST', body: fileForm(file, requestKey) }),
      invalidatesTags: [BANK_TAG],
    }),
    /** POST /quiz-questions/{id}/copy-to-bank: a quiz's question copied into its trainer's bank. */
    copyToBank: build.mutation<BankQuestion, { questionId: number; body: CopyToBankInput }>({
      query: ({ questionId, body }) => ({ url: `quiz-questions/${questionId}/copy-to-bank`, method: 'POST', body }),
      invalidatesTags: [BANK_TAG],
    }),
    archiveBankQuestion: build.mutation<BoolResponse, number>({
      query: (questionId) => ({ url: `question-bank/${questionId}`, method: 'DELETE' }),
      invalidatesTags: [BANK_TAG],
    }),
    /** GET /quiz-alerts: the trainer's learners out of attempts below the pass mark. */
    getQuizAlerts: build.query<QuizAlert[], void>({
      query: () => 'quiz-alerts',
      providesTags: [ALERTS_TAG],
    }),
    grantAttempt: build.mutation<BoolResponse, { quizId: number; studentId: number }>({
      query: ({ quizId, studentId }) => ({ url: `quiz-grant-attempt/${quizId}/${studentId}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { quizId }) => [ALERTS_TAG, attemptsTag(quizId)],
    }),
    validateByHand: build.mutation<BoolResponse, { quizId: number; studentId: number; category: ValidationCategory; reason: string }>({
      query: ({ quizId, studentId, category, reason }) => ({ url: `quiz-validate/${quizId}/${studentId}`, method: 'POST', body: { category, reason } }),
      invalidatesTags: (_r, _e, { quizId }) => [ALERTS_TAG, attemptsTag(quizId)],
    }),
  }),
});

export const {
  useGetQuizzesQuery,
  useGetQuizQuery,
  useCreateQuizMutation,
  useUpdateQuizMutation,
  useDeleteQuizMutation,
  useGetQuizTrainersQuery,
  useGetQuestionsQuery,
  useGetQuestionQuery,
  useAddQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useGetAssignStatusQuery,
  useAssignQuizMutation,
  useUnassignQuizMutation,
  useGetAttemptsQuery,
  useGetCourseQuizzesQuery,
  useGetAttemptStatusQuery,
  useLazyGetAttemptStatusQuery,
  useLazyGetFirstQuestionQuery,
  useLazyGetNextQuestionQuery,
  useGetQuizResultQuery,
  useLazyGetQuizResultQuery,
  useAnswerQuestionMutation,
  useResetAttemptsMutation,
  useLazyGetQuizStatusQuery,
  useLazyGetQuizReviewQuery,
  useGetQuizAlertsQuery,
  useGrantAttemptMutation,
  useValidateByHandMutation,
  useGetBankQuestionsQuery,
  useGetBankCategoriesQuery,
  useAddBankQuestionMutation,
  useUpdateBankQuestionMutation,
  useArchiveBankQuestionMutation,
  usePreviewBankImportMutation,
  useImportBankQuestionsMutation,
  useCopyToBankMutation,
} = assessmentApi;

import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AddQuestionHandler } from './application/commands/add-question.command.js';
import { AnswerQuestionHandler } from './application/commands/answer-question.command.js';
import { AssignQuizHandler } from './application/commands/assign-quiz.command.js';
import { ChangeQuestionHandler } from './application/commands/change-question.command.js';
import { CreateQuizHandler } from './application/commands/create-quiz.command.js';
import { RemoveQuestionHandler } from './application/commands/remove-question.command.js';
import { RemoveQuizHandler } from './application/commands/remove-quiz.command.js';
import { ResetQuizAttemptsHandler } from './application/commands/reset-quiz-attempts.command.js';
import { UpdateQuizHandler } from './application/commands/update-quiz.command.js';
import { GetAttemptStatusHandler } from './application/queries/get-attempt-status.query.js';
import { GetQuizAssignStatusHandler } from './application/queries/get-quiz-assign-status.query.js';
import { GetQuizHandler } from './application/queries/get-quiz.query.js';
import { GetQuizResultHandler } from './application/queries/get-quiz-result.query.js';
import { GetStudentQuestionHandler } from './application/queries/get-student-question.query.js';
import { IsQuizOfTrainerHandler } from './application/queries/is-quiz-of-trainer.query.js';
import { ListAssignedQuizzesHandler } from './application/queries/list-assigned-quizzes.query.js';
import { GetQuestionHandler, ListQuestionsHandler } from './application/queries/list-questions.query.js';
import { ListQuizAttemptsHandler } from './application/queries/list-quiz-attempts.query.js';
import { ListQuizzesHandler } from './application/queries/list-quizzes.query.js';
import { ListStudentTestsHandler } from './application/queries/list-student-tests.query.js';
import { Question, Quiz, QuizCourse } from './domain/quiz.aggregate.js';
import { AttemptQuestion, QuizAnswer, QuizAttempt, StudentQuiz } from './domain/student-quiz.aggregate.js';
import { BankQuestion } from './domain/bank-question.aggregate.js';
import {
  ArchiveBankQuestionHandler, ChangeBankQuestionHandler, CopyQuizQuestionToBankHandler, ImportBankQuestionsHandler, WriteBankQuestionHandler,
} from './application/commands/bank-question.commands.js';
import { GetBankQuestionHandler, ListBankCategoriesHandler, ListBankQuestionsHandler } from './application/queries/bank.queries.js';
import { QuestionBankController } from './http/question-bank.controller.js';
import { AssessmentController } from './http/assessment.controller.js';
import { quizAttemptsProjection } from './application/projections/quiz-attempts.projection.js';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { GrantQuizAttemptHandler, ValidateQuizByHandHandler } from './application/commands/settle-out-of-attempts.command.js';
import { StartQuizAttemptHandler } from './application/commands/start-quiz-attempt.command.js';
import { NotifyOutOfAttemptsHandler, OutOfAttemptsNotificationPolicy } from './application/policies/out-of-attempts-notification.policy.js';
import { GetQuizReviewHandler, GetQuizStatusHandler, ListQuizAlertsHandler } from './application/queries/quiz-rules.queries.js';
import { CountAssessmentRecordsHandler } from './application/queries/count-assessment-records.query.js';
import { GetQuizTranscriptHandler } from './application/queries/get-quiz-transcript.query.js';

/** Assessment: quizzes, their questions and courses; students' attempts and answers (issue 9). */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([Quiz, Question, QuizCourse, StudentQuiz, QuizAttempt, QuizAnswer, AttemptQuestion, BankQuestion])],
  controllers: [AssessmentController, QuestionBankController],
  providers: [
    // Identity asks before removing a person (identity.queries.ts), answered here.
    CountAssessmentRecordsHandler,
    // The evidence context's transcript asks (assessment.transcript.ts), answered here.
    GetQuizTranscriptHandler,
    CreateQuizHandler,
    UpdateQuizHandler,
    RemoveQuizHandler,
    AddQuestionHandler,
    ChangeQuestionHandler,
    RemoveQuestionHandler,
    AssignQuizHandler,
    AnswerQuestionHandler,
    ResetQuizAttemptsHandler,
    StartQuizAttemptHandler,
    GrantQuizAttemptHandler,
    ValidateQuizByHandHandler,
    GetQuizStatusHandler,
    GetQuizReviewHandler,
    ListQuizAlertsHandler,
    NotifyOutOfAttemptsHandler,
    OutOfAttemptsNotificationPolicy,
    ListQuizzesHandler,
    GetQuizHandler,
    ListQuestionsHandler,
    GetQuestionHandler,
    GetQuizAssignStatusHandler,
    ListAssignedQuizzesHandler,
    GetAttemptStatusHandler,
    GetStudentQuestionHandler,
    GetQuizResultHandler,
    ListQuizAttemptsHandler,
    ListStudentTestsHandler,
    // The trainer's question bank (ADR 0045).
    WriteBankQuestionHandler,
    CopyQuizQuestionToBankHandler,
    ImportBankQuestionsHandler,
    ChangeBankQuestionHandler,
    ArchiveBankQuestionHandler,
    ListBankQuestionsHandler,
    GetBankQuestionHandler,
    ListBankCategoriesHandler,
    // The catalogue's question (catalogue.queries.ts), answered here.
    IsQuizOfTrainerHandler,
  ],
})
export class AssessmentModule {
  constructor(projections: ProjectionRegistry, outOfAttempts: OutOfAttemptsNotificationPolicy) {
    projections.register(quizAttemptsProjection);
    projections.registerPolicy(outOfAttempts);
  }
}

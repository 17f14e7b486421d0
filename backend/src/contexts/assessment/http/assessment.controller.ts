import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { paged, PagedOf, type Paged } from '../../../platform/http/paging.js';
import { BoolResponse } from '../../../platform/http/responses.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { AddQuestion } from '../application/commands/add-question.command.js';
import { AnswerQuestion } from '../application/commands/answer-question.command.js';
import { AssignQuiz } from '../application/commands/assign-quiz.command.js';
import { ChangeQuestion } from '../application/commands/change-question.command.js';
import { CreateQuiz } from '../application/commands/create-quiz.command.js';
import { RemoveQuestion } from '../application/commands/remove-question.command.js';
import { RemoveQuiz } from '../application/commands/remove-quiz.command.js';
import { ResetQuizAttempts } from '../application/commands/reset-quiz-attempts.command.js';
import { UpdateQuiz } from '../application/commands/update-quiz.command.js';
import {
  AssignedQuiz, QuestionView, QuizAttemptView, QuizResult, QuizView, StudentQuestion, StudentTest,
} from '../application/queries/assessment.views.js';
import { GetAttemptStatus } from '../application/queries/get-attempt-status.query.js';
import { GetQuizAssignStatus } from '../application/queries/get-quiz-assign-status.query.js';
import { GetQuiz } from '../application/queries/get-quiz.query.js';
import { GetQuizResult } from '../application/queries/get-quiz-result.query.js';
import { GetStudentQuestion } from '../application/queries/get-student-question.query.js';
import { ListAssignedQuizzes } from '../application/queries/list-assigned-quizzes.query.js';
import { GetQuestion, ListQuestions } from '../application/queries/list-questions.query.js';
import { ListQuizAttempts } from '../application/queries/list-quiz-attempts.query.js';
import { ListQuizzes } from '../application/queries/list-quizzes.query.js';
import { ListStudentTests } from '../application/queries/list-student-tests.query.js';
import type { QuestionFields } from '../domain/quiz.aggregate.js';
import { AssignRequest, AttemptRequest, QuestionForm, QuizForm, QuizListQuery, ReviewQuery, StudentTestQuery, ValidateQuizRequest } from './assessment.requests.js';
import { GrantQuizAttempt, ValidateQuizByHand } from '../application/commands/settle-out-of-attempts.command.js';
import { StartQuizAttempt } from '../application/commands/start-quiz-attempt.command.js';
import { GetQuizReview, GetQuizStatus, ListQuizAlerts } from '../application/queries/quiz-rules.queries.js';
import { QuizAlert, QuizReview, QuizStatusView } from '../application/queries/quiz-rules.views.js';

export class QuizRemovalResult {
  @ApiProperty({ description: 'true : archivé (des étudiants y ont répondu) ; false : supprimé' }) archived!: boolean;
}

export class AnswerResult extends BoolResponse {
  @ApiProperty({ description: 'Questions répondues dans la tentative en cours' }) answered!: number;
  @ApiProperty() total!: number;
}

export class StudentTestPage extends PagedOf(StudentTest) {}

const fields = (form: QuestionForm): QuestionFields => ({
  kind: form.kind,
  questions: form.questions,
  answers: [form.ans1 ?? '', form.ans2 ?? '', form.ans3 ?? '', form.ans4 ?? ''],
  rightAnswer: typeof form.right_ans === 'string' ? form.right_ans : '',
  rightAnswers: form.right_answers,
  explanation: form.explanation,
});

/** Quizzes (issue 9): trainers and admins write and assign them; students take them one question at a time. */
@ApiTags('Quiz')
@Controller()
export class AssessmentController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('quiz')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les quiz : les siens pour un formateur, tous pour un administrateur (?search= dans le titre)' })
  @ApiOkResponse({ type: [QuizView] })
  list(@CurrentActor() actor: Actor, @Query() query: QuizListQuery): Promise<QuizView[]> {
    return this.queries.execute(new ListQuizzes(actor, { search: query.search }));
  }

  @Post('quiz')
  @HttpCode(201)
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Crée un quiz (formateur : le sien, teacher obligatoire ; administrateur : pour un formateur ou non assigné)' })
  @ApiCreatedResponse({ type: QuizView })
  async create(@CurrentActor() actor: Actor, @Body() form: QuizForm): Promise<QuizView> {
    const id = await this.commands.execute(new CreateQuiz(actor, form.teacher, form.title, form.detail ?? '', form.rules()));
    return this.queries.execute(new GetQuiz(actor, id));
  }

  @Get('quiz/:id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Un quiz (son formateur, les administrateurs)' })
  @ApiOkResponse({ type: QuizView })
  quiz(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<QuizView> {
    return this.queries.execute(new GetQuiz(actor, id));
  }

  @Delete('quiz/:id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Supprime un quiz ; archivé (résultats conservés) si des étudiants y ont répondu' })
  @ApiOkResponse({ type: QuizRemovalResult })
  remove(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<QuizRemovalResult> {
    return this.commands.execute(new RemoveQuiz(actor, id));
  }

  @Get('teacher-quiz/:teacher_id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les quiz d’un formateur' })
  @ApiOkResponse({ type: [QuizView] })
  teacherQuizzes(@CurrentActor() actor: Actor, @Param('teacher_id', IdPipe) teacherId: number): Promise<QuizView[]> {
    return this.queries.execute(new ListQuizzes(actor, { teacherId }));
  }

  @Get('teacher-quiz-detail/:quiz_id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Un quiz pour son formulaire de modification' })
  @ApiOkResponse({ type: QuizView })
  detail(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number): Promise<QuizView> {
    return this.queries.execute(new GetQuiz(actor, quizId));
  }

  @Put('teacher-quiz-detail/:quiz_id')
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie le titre et la description d’un quiz' })
  @ApiOkResponse({ type: QuizView })
  async update(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number, @Body() form: QuizForm): Promise<QuizView> {
    await this.commands.execute(new UpdateQuiz(actor, quizId, form.teacher, form.title, form.detail ?? '', form.rules()));
    return this.queries.execute(new GetQuiz(actor, quizId));
  }

  @Get('quiz-questions/:quiz_id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les questions d’un quiz, avec leur bonne réponse (son formateur, les administrateurs)' })
  @ApiOkResponse({ type: [QuestionView] })
  questions(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number): Promise<QuestionView[]> {
    return this.queries.execute(new ListQuestions(actor, quizId));
  }

  @Post('quiz-questions/:quiz_id')
  @HttpCode(201)
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Ajoute une question : quatre réponses différentes, la bonne étant l’une d’elles' })
  @ApiCreatedResponse({ type: QuestionView })
  async addQuestion(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number, @Body() form: QuestionForm): Promise<QuestionView> {
    const id = await this.commands.execute(new AddQuestion(actor, quizId, fields(form)));
    return this.queries.execute(new GetQuestion(actor, id));
  }

  @Get('question/:id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Une question, avec sa bonne réponse' })
  @ApiOkResponse({ type: QuestionView })
  question(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<QuestionView> {
    return this.queries.execute(new GetQuestion(actor, id));
  }

  @Put('question/:id')
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie une question' })
  @ApiOkResponse({ type: QuestionView })
  async changeQuestion(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() form: QuestionForm): Promise<QuestionView> {
    await this.commands.execute(new ChangeQuestion(actor, id, fields(form)));
    return this.queries.execute(new GetQuestion(actor, id));
  }

  @Delete('question/:id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Supprime une question ; archivée (réponses conservées) si des étudiants y ont répondu' })
  @ApiOkResponse({ type: QuizRemovalResult })
  removeQuestion(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<QuizRemovalResult> {
    return this.commands.execute(new RemoveQuestion(actor, id));
  }

  @Post('quiz-assign-course')
  @HttpCode(201)
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Assigne un quiz à un cours de son formateur' })
  @ApiCreatedResponse({ type: BoolResponse })
  async assign(@CurrentActor() actor: Actor, @Body() body: AssignRequest): Promise<BoolResponse> {
    await this.commands.execute(new AssignQuiz(actor, body.quiz, body.course));
    return { bool: true };
  }

  @Delete('quiz-assign-course/:quiz/:course')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Retire un quiz d’un cours' })
  @ApiOkResponse({ type: BoolResponse })
  async unassign(@CurrentActor() actor: Actor, @Param('quiz', IdPipe) quizId: number, @Param('course', IdPipe) courseId: number): Promise<BoolResponse> {
    await this.commands.execute(new AssignQuiz(actor, quizId, courseId, false));
    return { bool: true };
  }

  @Get('fetch-quiz-assign-status/:quiz/:course')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Le quiz est-il assigné à ce cours ?' })
  @ApiOkResponse({ type: BoolResponse })
  async assignStatus(@CurrentActor() actor: Actor, @Param('quiz', IdPipe) quizId: number, @Param('course', IdPipe) courseId: number): Promise<BoolResponse> {
    return { bool: await this.queries.execute(new GetQuizAssignStatus(actor, quizId, courseId)) };
  }

  @Get('fetch-assigned-quiz/:course_id')
  @Authenticated()
  @ApiOperation({ summary: 'Les quiz d’un cours (ses étudiants, son formateur, les administrateurs)' })
  @ApiOkResponse({ type: [AssignedQuiz] })
  assigned(@CurrentActor() actor: Actor, @Param('course_id', IdPipe) courseId: number): Promise<AssignedQuiz[]> {
    return this.queries.execute(new ListAssignedQuizzes(actor, courseId));
  }

  @Get('fetch-quiz-attempt-status/:quiz/:student')
  @Authenticated('student', 'admin')
  @ApiOperation({ summary: 'L’étudiant peut-il lancer le quiz ? (proposé dans un de ses cours, tentative en cours non terminée)' })
  @ApiOkResponse({ type: BoolResponse })
  async attemptStatus(@CurrentActor() actor: Actor, @Param('quiz', IdPipe) quizId: number, @Param('student', IdPipe) studentId: number): Promise<BoolResponse> {
    return { bool: await this.queries.execute(new GetAttemptStatus(actor, quizId, studentId)) };
  }

  @Get('quiz-questions/:quiz_id/1')
  @Authenticated()
  @ApiOperation({ summary: 'La première question (sans la bonne réponse), en liste' })
  @ApiOkResponse({ type: [StudentQuestion] })
  first(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number): Promise<StudentQuestion[]> {
    return this.served(actor, quizId, null);
  }

  /**
   * A question served to a student starts a time-limited quiz's attempt on the server's clock (ADR
   * 0043), and a shuffled or drawn quiz's paper (ADR 0045), before the question is read from it.
   */
  private async served(actor: Actor, quizId: number, after: number | null): Promise<StudentQuestion[]> {
    if (actor.role === 'student') await this.commands.execute(new StartQuizAttempt(actor.profileId, quizId));
    return this.queries.execute(new GetStudentQuestion(actor, quizId, after));
  }

  @Get('quiz-questions/:quiz_id/next-question/:question_id')
  @Authenticated()
  @ApiOperation({ summary: 'La question suivante (sans la bonne réponse) ; liste vide à la fin' })
  @ApiOkResponse({ type: [StudentQuestion] })
  next(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number, @Param('question_id', IdPipe) questionId: number): Promise<StudentQuestion[]> {
    return this.served(actor, quizId, questionId);
  }

  @Post('attempt-quiz')
  @HttpCode(201)
  @Authenticated('student')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Répond à une question (right_ans : le texte de la réponse choisie) ; une réponse par question et par tentative' })
  @ApiCreatedResponse({ type: AnswerResult })
  async attempt(@CurrentActor() actor: Actor, @Body() body: AttemptRequest): Promise<AnswerResult> {
    const place = { courseId: body.course ?? null, chapterId: body.chapter ?? null, subchapterId: body.subchapter ?? null };
    const chosen = body.choices ?? body.right_ans ?? '';
    const { answered, total } = await this.commands.execute(new AnswerQuestion(actor, body.student, body.quiz, body.question, chosen, place));
    return { bool: true, answered, total };
  }

  @Get('fetch-quiz-result/:quiz_id/:student_id')
  @Authenticated()
  @ApiOperation({ summary: 'Le résultat de la tentative en cours (l’étudiant, le formateur du quiz, les administrateurs)' })
  @ApiOkResponse({ type: QuizResult })
  result(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number, @Param('student_id', IdPipe) studentId: number): Promise<QuizResult> {
    return this.queries.execute(new GetQuizResult(actor, quizId, studentId));
  }

  @Delete('reset-quiz-attempts/:quiz_id/:student_id')
  @Authenticated('student')
  @ApiOperation({ summary: 'Recommence le quiz : une nouvelle tentative, les précédentes conservées' })
  @ApiOkResponse({ type: BoolResponse })
  async reset(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number, @Param('student_id', IdPipe) studentId: number): Promise<BoolResponse> {
    await this.commands.execute(new ResetQuizAttempts(actor, quizId, studentId));
    return { bool: true };
  }

  @Get('quiz-status/:quiz_id/:student_id')
  @Authenticated()
  @ApiOperation({ summary: 'Où en est l’apprenant sous les règles du quiz : seuil, tentatives, temps restant (horloge du serveur), ce qui se passe ensuite' })
  @ApiOkResponse({ type: QuizStatusView })
  status(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number, @Param('student_id', IdPipe) studentId: number): Promise<QuizStatusView> {
    return this.queries.execute(new GetQuizStatus(actor, quizId, studentId));
  }

  @Get('quiz-review/:quiz_id/:student_id')
  @Authenticated()
  @ApiOperation({ summary: 'La correction d’une tentative close (la dernière, ou ?attempt=) : réponses données, bonnes réponses, explications' })
  @ApiOkResponse({ type: QuizReview })
  review(
    @CurrentActor() actor: Actor,
    @Param('quiz_id', IdPipe) quizId: number,
    @Param('student_id', IdPipe) studentId: number,
    @Query() query: ReviewQuery,
  ): Promise<QuizReview> {
    return this.queries.execute(new GetQuizReview(actor, quizId, studentId, query.attempt));
  }

  @Get('quiz-alerts')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les apprenants ayant épuisé leurs tentatives sous le seuil, en attente d’une décision (les quiz du formateur ; tous pour un administrateur)' })
  @ApiOkResponse({ type: [QuizAlert] })
  alerts(@CurrentActor() actor: Actor): Promise<QuizAlert[]> {
    return this.queries.execute(new ListQuizAlerts(actor));
  }

  @Post('quiz-grant-attempt/:quiz_id/:student_id')
  @HttpCode(201)
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Accorde une tentative de plus à un apprenant qui a épuisé les siennes (formateur du quiz, administrateurs)' })
  @ApiCreatedResponse({ type: BoolResponse })
  async grant(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number, @Param('student_id', IdPipe) studentId: number): Promise<BoolResponse> {
    await this.commands.execute(new GrantQuizAttempt(actor, quizId, studentId));
    return { bool: true };
  }

  @Post('quiz-validate/:quiz_id/:student_id')
  @HttpCode(201)
  @Authenticated('teacher', 'admin')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Valide le quiz à la main pour un apprenant qui a épuisé ses tentatives, avec un motif et une raison' })
  @ApiCreatedResponse({ type: BoolResponse })
  async validate(
    @CurrentActor() actor: Actor,
    @Param('quiz_id', IdPipe) quizId: number,
    @Param('student_id', IdPipe) studentId: number,
    @Body() body: ValidateQuizRequest,
  ): Promise<BoolResponse> {
    await this.commands.execute(new ValidateQuizByHand(actor, quizId, studentId, body.category, body.reason));
    return { bool: true };
  }

  @Get('attempted-quiz/:quiz_id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les tentatives des étudiants, avec score et durée (formateur du quiz, administrateurs)' })
  @ApiOkResponse({ type: [QuizAttemptView] })
  attempts(@CurrentActor() actor: Actor, @Param('quiz_id', IdPipe) quizId: number): Promise<QuizAttemptView[]> {
    return this.queries.execute(new ListQuizAttempts(actor, quizId));
  }

  @Get('student-test')
  @Authenticated('student')
  @ApiOperation({ summary: 'Les quiz de l’étudiant (ceux de ses cours), avec leur état et le résultat de la tentative en cours' })
  @ApiOkResponse({ type: StudentTestPage })
  async tests(@CurrentActor() actor: Actor, @Query() query: StudentTestQuery, @Req() request: FastifyRequest): Promise<Paged<StudentTest>> {
    const page = query.toPageRequest();
    const { results, count } = await this.queries.execute(new ListStudentTests(actor, page));
    return paged(results, count, page, request.url);
  }
}

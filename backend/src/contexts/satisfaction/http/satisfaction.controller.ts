import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { contentDisposition, safeFileName, XLSX_FILE_RESPONSE, XLSX_TYPE } from '../../../platform/http/xlsx.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { RunSurveyDispatch } from '../application/survey-dispatch.js';
import {
  AnswerSurvey, CreateQuestionnaire, InviteContacts, SurveyPageThrottle, TOO_MANY_ANSWERS, UpdateQuestionnaire,
} from '../application/survey.commands.js';
import { GetQuestionnaire, GetSurveyForm, GetSurveyResults, ListMySurveys, ListQuestionnaires, resultsWorkbook } from '../application/survey.queries.js';
import { AnswerReceipt, DispatchStarted, InvitationsSent, MySurveyView, QuestionnaireView, SurveyFormView, SurveyResultsView } from '../application/survey.views.js';
import { AnswerForm, CreateQuestionnaireForm, InviteContactsForm, PublicAnswerForm, QuestionnaireSettingsForm, ResultsQuery, SurveyTokenForm } from './satisfaction.requests.js';

const settingsOf = (body: QuestionnaireSettingsForm) => ({
  title: body.title, coldDelayDays: body.cold_delay_days, reminderDays: body.reminder_days, maxReminders: body.max_reminders, active: body.active, questions: body.questions,
});

/** Satisfaction questionnaires (issue 29 item 4, Qualiopi indicator 30, docs/adr/0054). */
@ApiTags('Questionnaires de satisfaction')
@Controller()
export class SatisfactionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly throttle: SurveyPageThrottle,
  ) {}

  @Get('admin/questionnaires')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les questionnaires de satisfaction, leurs questions (version en cours), envois et réponses' })
  @ApiOkResponse({ type: [QuestionnaireView] })
  list(): Promise<QuestionnaireView[]> {
    return this.queries.execute(new ListQuestionnaires());
  }

  @Post('admin/questionnaires')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Crée un questionnaire (à chaud, à froid, formateurs, employeurs, financeurs) et sa première version' })
  @ApiCreatedResponse({ type: QuestionnaireView })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateQuestionnaireForm): Promise<QuestionnaireView> {
    const id = await this.commands.execute(
      new CreateQuestionnaire(actor, { kind: body.kind, courseId: body.course_id ?? null, ...settingsOf(body) }, body.request_key ?? randomUUID()),
    );
    return this.queries.execute(new GetQuestionnaire(id));
  }

  @Get('admin/questionnaires/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Un questionnaire et les questions de sa version en cours' })
  @ApiOkResponse({ type: QuestionnaireView })
  one(@Param('id', IdPipe) id: number): Promise<QuestionnaireView> {
    return this.queries.execute(new GetQuestionnaire(id));
  }

  @Put('admin/questionnaires/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Modifie le questionnaire : une version sans réponse est réécrite, une version répondue est gardée et la suivante commence' })
  @ApiOkResponse({ type: QuestionnaireView })
  async update(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: QuestionnaireSettingsForm): Promise<QuestionnaireView> {
    await this.commands.execute(new UpdateQuestionnaire(actor, id, settingsOf(body)));
    return this.queries.execute(new GetQuestionnaire(id));
  }

  @Post('admin/questionnaires/:id/invitations')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Envoie le questionnaire aux formateurs, employeurs ou financeurs d’une formation (et session) : un lien à usage unique par adresse ; la même adresse renvoyée répond la même invitation' })
  @ApiCreatedResponse({ type: InvitationsSent })
  async invite(@Param('id', IdPipe) id: number, @Body() body: InviteContactsForm): Promise<InvitationsSent> {
    const ids = await this.commands.execute(new InviteContacts(id, body.course_id, body.session_id ?? null, body.emails));
    return { invitations: ids.length };
  }

  @Post('admin/questionnaires/dispatch')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Lance maintenant l’envoi quotidien (invitations dues et relances) sur la file de tâches ; répond l’identifiant de la tâche' })
  @ApiCreatedResponse({ type: DispatchStarted })
  dispatch(): Promise<DispatchStarted> {
    return this.commands.execute(new RunSurveyDispatch());
  }

  @Get('admin/questionnaires/:id/results')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Résultats : taux de réponse par formation, session et type de répondant ; notes, choix et commentaires (anonymes) par question' })
  @ApiOkResponse({ type: SurveyResultsView })
  results(@Param('id', IdPipe) id: number, @Query() query: ResultsQuery): Promise<SurveyResultsView> {
    return this.queries.execute(new GetSurveyResults(id, { courseId: query.course_id, sessionId: query.session_id, respondentKind: query.respondent_kind }));
  }

  @Get('admin/questionnaires/:id/results/export')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les résultats en classeur .xlsx (mêmes filtres)' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(XLSX_FILE_RESPONSE)
  async export(@Param('id', IdPipe) id: number, @Query() query: ResultsQuery, @Res() reply: FastifyReply): Promise<void> {
    const results = await this.queries.execute(new GetSurveyResults(id, { courseId: query.course_id, sessionId: query.session_id, respondentKind: query.respondent_kind }));
    const buffer = await resultsWorkbook(results);
    await reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(safeFileName(`Resultats ${results.questionnaire.title}`))).send(buffer);
  }

  @Get('surveys/mine')
  @Authenticated('student')
  @ApiOperation({ summary: '« Questionnaires à remplir » : les questionnaires de l’apprenant connecté, ouverts et sans réponse' })
  @ApiOkResponse({ type: [MySurveyView] })
  mine(@CurrentActor() actor: Actor): Promise<MySurveyView[]> {
    return this.queries.execute(new ListMySurveys(actor));
  }

  @Get('surveys/mine/:id')
  @Authenticated('student')
  @ApiOperation({ summary: 'Un questionnaire de l’apprenant connecté (404 pour celui d’un autre)' })
  @ApiOkResponse({ type: SurveyFormView })
  myForm(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<SurveyFormView> {
    return this.queries.execute(new GetSurveyForm({ actor, invitationId: id }));
  }

  @Post('surveys/mine/:id/answers')
  @HttpCode(201)
  @Authenticated('student')
  @ApiOperation({ summary: 'Répond à un questionnaire de son espace (réponse anonyme, une seule)' })
  @ApiCreatedResponse({ type: AnswerReceipt })
  answerMine(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: AnswerForm): Promise<AnswerReceipt> {
    return this.commands.execute(new AnswerSurvey({ actor, invitationId: id }, body.answers, body.request_key));
  }

  @Post('surveys/answer/lookup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Page publique : le questionnaire d’un lien reçu par e-mail, le jeton dans le corps (sans compte ; limité par adresse)' })
  @ApiResponse({ status: 429, description: TOO_MANY_ANSWERS })
  @ApiOkResponse({ type: SurveyFormView })
  async publicForm(@Body() body: SurveyTokenForm, @Req() request: FastifyRequest): Promise<SurveyFormView> {
    await this.throttle.take(request.ip);
    return this.queries.execute(new GetSurveyForm({ token: body.token }));
  }

  @Post('surveys/answer')
  @HttpCode(201)
  @ApiOperation({ summary: 'Page publique : répond avec le lien à usage unique, le jeton dans le corps (la même request_key renvoyée répond le premier résultat ; un autre envoi est refusé)' })
  @ApiResponse({ status: 429, description: TOO_MANY_ANSWERS })
  @ApiCreatedResponse({ type: AnswerReceipt })
  async publicAnswer(@Body() body: PublicAnswerForm, @Req() request: FastifyRequest): Promise<AnswerReceipt> {
    await this.throttle.take(request.ip);
    return this.commands.execute(new AnswerSurvey({ token: body.token }, body.answers, body.request_key));
  }
}

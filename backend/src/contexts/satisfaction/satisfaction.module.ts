import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { RunSurveyDispatchHandler, SurveyDispatch } from './application/survey-dispatch.js';
import { SurveyMailPolicy } from './application/survey-mail.js';
import {
  AnswerSurveyHandler, CreateQuestionnaireHandler, InviteContactsHandler, SurveyPageThrottle, UpdateQuestionnaireHandler,
} from './application/survey.commands.js';
import {
  GetQuestionnaireHandler, GetSurveyFormHandler, GetSurveyResultsHandler, ListMySurveysHandler, ListQuestionnairesHandler,
} from './application/survey.queries.js';
import { SurveyInvitation } from './domain/invitation.aggregate.js';
import { Questionnaire, QuestionnaireVersion } from './domain/questionnaire.aggregate.js';
import { SurveyResponse, SurveyResponseText } from './domain/response.aggregate.js';
import { SatisfactionController } from './http/satisfaction.controller.js';

/** Satisfaction (issue 29 item 4, docs/adr/0054): questionnaires, invitations and reminders, anonymous answers, results (indicator 30). */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([Questionnaire, QuestionnaireVersion, SurveyInvitation, SurveyResponse, SurveyResponseText])],
  controllers: [SatisfactionController],
  providers: [
    CreateQuestionnaireHandler,
    UpdateQuestionnaireHandler,
    InviteContactsHandler,
    AnswerSurveyHandler,
    SurveyPageThrottle,
    ListQuestionnairesHandler,
    GetQuestionnaireHandler,
    GetSurveyFormHandler,
    ListMySurveysHandler,
    GetSurveyResultsHandler,
    SurveyDispatch,
    RunSurveyDispatchHandler,
    SurveyMailPolicy,
  ],
})
export class SatisfactionModule {
  constructor(projections: ProjectionRegistry, mail: SurveyMailPolicy) {
    projections.registerPolicy(mail);
  }
}

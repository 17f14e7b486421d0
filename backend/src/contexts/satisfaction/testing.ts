/** Commands only the demo data and tests send (docs/context-map.md), with the daily dispatch for a demo clock. */
export { AnswerSurvey, CreateQuestionnaire, InviteContacts, UpdateQuestionnaire } from './application/survey.commands.js';
export { SURVEY_DISPATCH_JOB, SurveyDispatch } from './application/survey-dispatch.js';
/** The results as the admin reads them, for the demo's spec. */
export { GetSurveyResults } from './application/survey.queries.js';

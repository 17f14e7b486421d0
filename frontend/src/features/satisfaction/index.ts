/** Satisfaction questionnaires (issue 29 item 4, docs/adr/0054): the admin's questionnaires and results, « Questionnaires à remplir », the public answer page. */
import { lazyComponent } from '../../lib/lazy-component';

export const QuestionnairesAdminPage = lazyComponent(() => import('./screens/questionnaires-admin-page'), (m) => m.QuestionnairesAdminPage);
export const SurveyResultsPage = lazyComponent(() => import('./screens/survey-results-page'), (m) => m.SurveyResultsPage);
export const MySurveysPage = lazyComponent(() => import('./screens/my-surveys-page'), (m) => m.MySurveysPage);
export const MySurveyPage = lazyComponent(() => import('./screens/my-surveys-page'), (m) => m.MySurveyPage);
export const PublicSurveyPage = lazyComponent(() => import('./screens/public-survey-page'), (m) => m.PublicSurveyPage);

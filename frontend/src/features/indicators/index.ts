/** The Qualiopi indicators (issue 29 item 7, docs/adr/0056): the director's dashboard and the public page « Nos résultats ». */
import { lazyComponent } from '../../lib/lazy-component';

export const IndicatorsPage = lazyComponent(() => import('./screens/indicators-page'), (m) => m.IndicatorsPage);
export const PublicResultsPage = lazyComponent(() => import('./screens/public-results-page'), (m) => m.PublicResultsPage);

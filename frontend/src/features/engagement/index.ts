/** Engagement alerts (issue 29 item 5, docs/adr/0053): the admins' and the trainers' screen. */
import { lazyComponent } from '../../lib/lazy-component';

export const AlertsPage = lazyComponent(() => import('./screens/alerts-page'), (m) => m.AlertsPage);

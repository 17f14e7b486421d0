/** Technical-support requests (issue 26 item 5, docs/adr/0037): the learner's panel on /assistance, the staff's « Assistance technique » screen. */
import { lazyComponent } from '../../lib/lazy-component';

export const SupportAdminPage = lazyComponent(() => import('./screens/support-admin-page'), (m) => m.SupportAdminPage);
export const LearnerSupportPanel = lazyComponent(() => import('./components/learner-support-panel'), (m) => m.LearnerSupportPanel);

/** Auditor area (docs/adr/0039): read-only pages of the auditor's scope, without the side menu of the other roles. */
import { lazyComponent } from '../../lib/lazy-component';

export { AuditorActivationPage, AuditorHomePage, AuditorLoginPage } from '../../features/audit';
export { AuditorLogoutPage } from '../../features/identity';
export const AuditorLearner = lazyComponent(() => import('./auditor-learner'), (m) => m.AuditorLearner);

/** Auditors (issue 27 item 4, docs/adr/0039): the auditor's own pages and the admins' management screens. */
import { lazyComponent } from '../../lib/lazy-component';

export { auditMessages } from './messages';
export const AuditorLoginPage = lazyComponent(() => import('./screens/auditor-login-page'), (m) => m.AuditorLoginPage);
export const AuditorActivationPage = lazyComponent(() => import('./screens/activation-page'), (m) => m.AuditorActivationPage);
export const AuditorHomePage = lazyComponent(() => import('./screens/auditor-home-page'), (m) => m.AuditorHomePage);
export const AuditorLearnerPage = lazyComponent(() => import('./screens/auditor-learner-page'), (m) => m.AuditorLearnerPage);
export const AdminAuditorsPage = lazyComponent(() => import('./screens/admin-auditors-page'), (m) => m.AdminAuditorsPage);
export const AdminAuditorPage = lazyComponent(() => import('./screens/admin-auditor-page'), (m) => m.AdminAuditorPage);

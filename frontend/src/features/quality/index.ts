/** Complaints and the improvement log (issue 29 item 6, docs/adr/0048): the public « Réclamation » page, the filer's list, the admins' registers. */
import { lazyComponent } from '../../lib/lazy-component';

export const ComplaintPage = lazyComponent(() => import('./screens/complaint-page'), (m) => m.ComplaintPage);
export const MyComplaintsPage = lazyComponent(() => import('./screens/my-complaints-page'), (m) => m.MyComplaintsPage);
export const ComplaintsAdminPage = lazyComponent(() => import('./screens/complaints-admin-page'), (m) => m.ComplaintsAdminPage);
export const ComplaintDetailPage = lazyComponent(() => import('./screens/complaint-detail-page'), (m) => m.ComplaintDetailPage);
export const ImprovementsAdminPage = lazyComponent(() => import('./screens/improvements-admin-page'), (m) => m.ImprovementsAdminPage);

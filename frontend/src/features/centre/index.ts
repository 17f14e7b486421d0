/** The centre feature: « Paramètres du centre », the centre's identity set by an admin (docs/adr/0032). */
import { lazyComponent } from '../../lib/lazy-component';

export const CentreSettingsPage = lazyComponent(() => import('./screens/centre-settings-page'), (m) => m.CentreSettingsPage);

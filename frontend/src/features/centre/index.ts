/** The centre feature: « Paramètres du centre » (docs/adr/0032), the accessibility statement and its settings (docs/adr/0049). */
import { lazyComponent } from '../../lib/lazy-component';

export const CentreSettingsPage = lazyComponent(() => import('./screens/centre-settings-page'), (m) => m.CentreSettingsPage);
export const AccessibilityStatementPage = lazyComponent(() => import('./screens/accessibility-statement-page'), (m) => m.AccessibilityStatementPage);
export const AccessibilitySettingsPage = lazyComponent(() => import('./screens/accessibility-settings-page'), (m) => m.AccessibilitySettingsPage);

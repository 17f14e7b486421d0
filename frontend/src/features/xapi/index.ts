/** The xAPI feature: the admin's accesses of activity providers to the learning record store. */
import { lazyComponent } from '../../lib/lazy-component';

export const XapiCredentialsPage = lazyComponent(() => import('./screens/xapi-credentials-page'), (m) => m.XapiCredentialsPage);

/** The public verification page (issue 27 item 5, docs/adr/0040): a certificate's code, a dossier's files. */
import { lazyComponent } from '../../lib/lazy-component';

export const VerifierPage = lazyComponent(() => import('./screens/verifier-page'), (m) => m.VerifierPage);

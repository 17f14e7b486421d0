/** Evidence (issue 26): the learner's transcript (relevé de formation), in the student's, trainer's and admin's areas. */
import { lazyComponent } from '../../lib/lazy-component';

export { messages as evidenceMessages } from './messages';
export const TranscriptPage = lazyComponent(() => import('./screens/transcript-page'), (m) => m.TranscriptPage);
export const DossierBatchPage = lazyComponent(() => import('./screens/dossier-batch-page'), (m) => m.DossierBatchPage);
export { dossierMessages } from './dossier-messages';
/** The transcript's rendering, for the auditor's area (docs/adr/0039), which reads it through its own calls. */
/** « Dossier de preuves », for the auditor's area too (`auditor`: generated through /audit, downloaded by a link only they may ask). */
export const DossierButton = lazyComponent(() => import('./components/dossier-button'), (m) => m.DossierButton);
export const TranscriptView = lazyComponent(() => import('./components/transcript-view'), (m) => m.TranscriptView);

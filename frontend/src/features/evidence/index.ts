/** Evidence (issue 26): the learner's transcript (relevé de formation), in the student's, trainer's and admin's areas. */
import { lazyComponent } from '../../lib/lazy-component';

export { messages as evidenceMessages } from './messages';
export const TranscriptPage = lazyComponent(() => import('./screens/transcript-page'), (m) => m.TranscriptPage);

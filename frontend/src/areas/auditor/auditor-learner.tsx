import { AuditorLearnerPage } from '../../features/audit';
import { TranscriptView } from '../../features/evidence';

/** The auditor's learner page with the evidence feature's rendering of the transcript (docs/adr/0039). */
export function AuditorLearner() {
  return <AuditorLearnerPage renderTranscript={(transcript) => <TranscriptView transcript={transcript} />} />;
}

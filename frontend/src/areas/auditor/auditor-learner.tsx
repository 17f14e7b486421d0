import { AuditorLearnerPage } from '../../features/audit';
import { DossierButton, TranscriptView } from '../../features/evidence';

/** The auditor's learner page with the evidence feature's transcript and dossier button (docs/adr/0039). */
export function AuditorLearner() {
  return (
    <AuditorLearnerPage
      renderTranscript={(transcript) => <TranscriptView transcript={transcript} />}
      renderDossier={({ course, student }) => <DossierButton auditor course={course} student={student} />}
    />
  );
}

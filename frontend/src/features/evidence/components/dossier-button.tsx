import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FileZipOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { useGenerateAuditDossierMutation, useGenerateDossierMutation } from '../dossier-api';
import { dossierMessages as m } from '../dossier-messages';
import { downloadDossier } from './dossier-download';

/**
 * « Dossier de preuves » on a learner's transcript (an admin, the course's trainer; an auditor through
 * the audit's own route, docs/adr/0039): generated, then downloaded through a signed link.
 */
export function DossierButton({ student, course, auditor = false }: { student: number; course: number; auditor?: boolean }) {
  const [generateAsStaff] = useGenerateDossierMutation();
  const [generateAsAuditor] = useGenerateAuditDossierMutation();
  const generate = auditor ? generateAsAuditor : generateAsStaff;
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const dossier = await generate({ student, course }).unwrap();
      await downloadDossier(dossier.download_link_url);
      toast('success', m.downloadStarted);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : describeApiError(error).message || m.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={m.buttonHelp}>
      <Button icon={<FileZipOutlined />} loading={busy} onClick={run} data-testid="dossier-button">
        {busy ? m.generating : m.button}
      </Button>
    </Tooltip>
  );
}

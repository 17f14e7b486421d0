import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FileZipOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { useGenerateDossierMutation } from '../dossier-api';
import { dossierMessages as m } from '../dossier-messages';
import { downloadDossier } from './dossier-download';

/** « Dossier de preuves » on a learner's transcript (an admin, the course's trainer): generated, then downloaded. */
export function DossierButton({ student, course }: { student: number; course: number }) {
  const [generate] = useGenerateDossierMutation();
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

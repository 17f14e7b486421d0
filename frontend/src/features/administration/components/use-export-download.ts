import { useCallback, useState } from 'react';
import { attachmentName, fetchWithSession, refusalOf, saveBlob } from '../../../lib/download';
import { toast } from '../../../lib/feedback';
import { messages as m } from '../messages';

export interface ExportState {
  /** The export running, if any (its key: 'all', 'range', a row's id…). */
  running: string | null;
  /** Bytes received so far, and the total (or the server's estimate of it) when it gave one. */
  received: number;
  total: number | null;
  /** Rows in the file, when the server announced them (X-Export-Rows). */
  rows: number | null;
}

const IDLE: ExportState = { running: null, received: 0, total: null, rows: null };

export const formatBytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} Ko` : `${(bytes / (1024 * 1024)).toFixed(1)} Mo`);

/**
 * Downloads an export the server builds and streams (an .xlsx), with the bearer token (refreshed
 * once after a 401, as every call), showing what has arrived while it comes; the browser then
 * saves it under the server's file name. One export at a time: `running` says which.
 */
export function useExportDownload() {
  const [state, setState] = useState<ExportState>(IDLE);
  /** `done`: the success toast (by default « Fichier {name} téléchargé. »). */
  const start = useCallback(async (key: string, path: string, fallbackName: string, done: (name: string) => string = m.download.done) => {
    setState({ ...IDLE, running: key });
    try {
      const response = await fetchWithSession(path);
      if (!response.ok || !response.body) {
        toast('error', await refusalOf(response, response.status === 403 ? m.download.forbidden : m.download.failed));
        return false;
      }
      // A streamed file has no length: the server announces an estimate (docs/administration.md).
      const length = Number(response.headers.get('content-length') ?? response.headers.get('x-export-estimated-bytes'));
      const rows = response.headers.get('x-export-rows');
      const total = Number.isFinite(length) && length > 0 ? length : null;
      const announced = rows !== null && /^\d+$/.test(rows) ? Number(rows) : null;
      setState({ running: key, received: 0, total, rows: announced });
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        setState({ running: key, received, total, rows: announced });
      }
      const name = attachmentName(response.headers.get('content-disposition'), fallbackName);
      saveBlob(new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }), name);
      toast('success', done(name));
      return true;
    } catch {
      toast('error', m.download.failed);
      return false;
    } finally {
      setState(IDLE);
    }
  }, []);
  return { state, start };
}

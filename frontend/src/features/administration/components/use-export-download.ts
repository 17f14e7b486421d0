import { useCallback, useState } from 'react';
import { apiBaseUrl, appTokenRefresher } from '../../../lib/base-query';
import { toast } from '../../../lib/feedback';
import { getAccessToken } from '../../../lib/session';
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

/** The file name of a Content-Disposition header (RFC 6266: filename* first, else filename). */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* a malformed name: the plain one, else the fallback */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}

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
      const attempt = (token: string | null) => fetch(`${apiBaseUrl()}/${path.replace(/^\//, '')}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      const token = getAccessToken();
      let response = await attempt(token);
      if (response.status === 401 && (await appTokenRefresher().afterUnauthorized(token))) response = await attempt(getAccessToken());
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
        toast('error', typeof body?.message === 'string' ? body.message : response.status === 403 ? m.download.forbidden : m.download.failed);
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
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
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

import { Progress } from 'antd';
import { messages as m } from '../messages';
import { formatBytes, type ExportState } from './use-export-download';
import { formatPercent } from '../../../lib/format';

/**
 * What has arrived of the export running, if any: a bar when the server gave the size or its
 * estimate (held at 99 % until the stream ends, an estimate may be short), else an active bar, with the rows announced and the bytes received (a polite live region).
 */
export function ExportStatus({ state, testId = 'export-progress' }: { state: ExportState; testId?: string }) {
  if (state.running === null) return null;
  return (
    <div className="progress-export__status" role="status" data-testid={testId}>
      {state.total ? <Progress percent={Math.min(99, Math.round((state.received / state.total) * 100))} size="small" format={(p) => formatPercent(p ?? 0)} aria-label={m.download.label} /> : <Progress percent={100} status="active" showInfo={false} size="small" aria-label={m.download.label} />}
      <span>{state.received === 0 ? m.download.preparing : m.download.received(state.rows, formatBytes(state.received))}</span>
    </div>
  );
}

import { Progress } from 'antd';
import { messages as m } from '../messages';
import { formatPercent } from '../../../lib/format';

/** How far the form's files have gone, while they are sent (nothing otherwise). */
export function UploadProgress({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <div className="upload-progress" role="status">
      <Progress percent={percent} status="active" format={(p) => formatPercent(p ?? 0)} aria-label={m.common.uploadLabel} />
      <span className="visually-hidden">{m.common.uploading(percent)}</span>
    </div>
  );
}

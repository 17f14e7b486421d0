import { formatPercent } from '../../../lib/format';

/**
 * The progress screen's bar (03 §2): green from 80 %, yellow from 60 %, orange from 40 %, red
 * below; each fill at least 3:1 against the track (WCAG 1.4.11).
 */
export const ADMIN_PROGRESS_COLOURS = { green: '#2f9e44', yellow: '#c79100', orange: '#e8590c', red: '#d63939' } as const;

export function adminProgressColour(percent: number): keyof typeof ADMIN_PROGRESS_COLOURS {
  if (percent >= 80) return 'green';
  if (percent >= 60) return 'yellow';
  if (percent >= 40) return 'orange';
  return 'red';
}

export function AdminProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const colour = adminProgressColour(value);
  return (
    <div className="admin-progress" data-colour={colour}>
      <div className="admin-progress__track" role="progressbar" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
        <span className="admin-progress__fill" style={{ width: `${value}%`, background: ADMIN_PROGRESS_COLOURS[colour] }} />
      </div>
      <span className="admin-progress__value">{formatPercent(value)}</span>
    </div>
  );
}

/** 3 725 → "01:02:05"; hours beyond 99 keep all their digits. */
export function hhmmss(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, min, s].map((n) => String(n).padStart(2, '0')).join(':');
}

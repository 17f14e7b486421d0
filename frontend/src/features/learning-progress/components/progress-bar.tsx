import { PROGRESS_COLOURS, progressColour } from './progress-band';

/** A course's progress bar in the spec's colours (grey 0, orange below 50, yellow 50 to 99, green 100), with its figure. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const colour = progressColour(value);
  return (
    <div className="progress-bar" data-colour={colour}>
      <div className="progress-bar__track" role="progressbar" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
        <span className="progress-bar__fill" style={{ width: `${value}%`, background: PROGRESS_COLOURS[colour] }} />
      </div>
      <span className="progress-bar__value">{value} %</span>
    </div>
  );
}

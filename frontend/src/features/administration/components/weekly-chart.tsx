import { useId } from 'react';
import type { WeekTrend } from '../admin-types';
import { messages as m } from '../messages';

/** A series of the chart: its label, its colour (≥ 3:1 on white) and how to read it from a week. */
export interface ChartSeries {
  key: 'enrolments' | 'active_learners' | 'completions';
  label: string;
  color: string;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/** A round step for the value axis: 1, 2 or 5 × 10ⁿ, so that about four lines fit. */
export function axisStep(max: number): number {
  if (max <= 4) return 1;
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((k) => k * power).find((step) => step >= rough) ?? 10 * power;
}

export const weekLabel = (iso: string) => {
  const [, month, day] = iso.split('-');
  return `${day}/${month}`;
};

/**
 * Grouped bars per week, drawn in SVG (no chart library for one chart): the figure has a text
 * summary for screen readers, and the numbers stay readable in the table under it.
 */
export function WeeklyChart({ weeks, series, summary }: { weeks: WeekTrend[]; series: ChartSeries[]; summary: string }) {
  const titleId = useId();
  const width = Math.max(320, weeks.length * 30 + PAD.left + PAD.right);
  const max = Math.max(1, ...weeks.flatMap((week) => series.map((s) => week[s.key])));
  const step = axisStep(max);
  const top = Math.ceil(max / step) * step;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = (width - PAD.left - PAD.right) / Math.max(1, weeks.length);
  const bar = Math.min(16, (slot - 8) / series.length);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const labelEvery = weeks.length > 26 ? 4 : weeks.length > 12 ? 2 : 1;

  return (
    <figure className="weekly-chart">
      <div className="weekly-chart__legend" aria-hidden>
        {series.map((s) => (
          <span key={s.key}>
            <i style={{ background: s.color }} /> {s.label}
          </span>
        ))}
      </div>
      {/* Long periods scroll sideways on a phone rather than shrink their labels out of sight. */}
      <div className="weekly-chart__scroll" tabIndex={0} role="group" aria-label={m.dashboard.chartArea} style={{ ['--chart-min-width' as string]: `${Math.round(width * 0.85)}px` }}>
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={titleId} className="weekly-chart__svg" preserveAspectRatio="xMinYMid meet">
          <title id={titleId}>{summary}</title>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className="weekly-chart__grid" />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="weekly-chart__tick">
                {tick}
              </text>
            </g>
          ))}
          {weeks.map((week, i) => {
            const x0 = PAD.left + i * slot + (slot - bar * series.length) / 2;
            return (
              <g key={week.week_start}>
                {series.map((s, j) => {
                  const value = week[s.key];
                  const h = Math.max(value > 0 ? 2 : 0, (value / top) * plotHeight);
                  return (
                    <rect key={s.key} x={x0 + j * bar} y={PAD.top + plotHeight - h} width={bar - 2} height={h} fill={s.color} rx={2}>
                      <title>{`${m.dashboard.weekOf(weekLabel(week.week_start))} : ${value} ${s.label.toLowerCase()}`}</title>
                    </rect>
                  );
                })}
                {i % labelEvery === 0 ? (
                  <text x={PAD.left + i * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="weekly-chart__tick">
                    {weekLabel(week.week_start)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <details className="weekly-chart__data">
        <summary>{m.dashboard.showData}</summary>
        <table>
          <caption className="visually-hidden">{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{m.dashboard.week}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week_start}>
                <th scope="row">{weekLabel(week.week_start)}</th>
                {series.map((s) => (
                  <td key={s.key}>{week[s.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

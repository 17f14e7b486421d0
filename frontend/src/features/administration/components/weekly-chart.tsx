import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { WeekTrend } from '../admin-types';
import { messages as m } from '../messages';

/** A series of the chart: its label, its colour (≥ 3:1 on white) and how to read it from a week. */
export interface ChartSeries {
  key: 'enrolments' | 'active_learners' | 'completions';
  label: string;
  color: string;
}

const HEIGHT = 220;
/** Around the plot; `axis` is the value axis's own column, kept in view while a long period scrolls. */
const PAD = { top: 12, right: 8, bottom: 28, axis: 36 };
/** The narrowest a week may be drawn (its bars side by side), and the room a « 07/09 » label needs at 11 px. */
const MIN_SLOT = 14;
const LABEL_ROOM = 44;
/** Before the first measure (and in tests, where nothing is laid out). */
const DEFAULT_WIDTH = 640;

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
 * How the weeks fit in the plot's `available` pixels (the value axis has its own column): the plot's width (the available width, or wider — then
 * it scrolls sideways — when the weeks would be thinner than MIN_SLOT), and every how many weeks a
 * label is written so that labels never run together (1, 2, 4, 8…, counted from the latest week).
 */
export function chartLayout(weeks: number, available: number): { width: number; slot: number; labelEvery: number } {
  const count = Math.max(1, weeks);
  const width = Math.max(available, count * MIN_SLOT + PAD.right);
  const slot = (width - PAD.right) / count;
  let labelEvery = 1;
  while (slot * labelEvery < LABEL_ROOM) labelEvery *= 2;
  return { width, slot, labelEvery };
}

/** The width the chart has on screen, followed as the page resizes. */
function useAvailableWidth(): [RefObject<HTMLDivElement | null>, number] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.clientWidth);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}

/**
 * Grouped bars per week, drawn in SVG at the pixel width it has (no chart library for one chart:
 * text stays 11 px whatever the width, labels are thinned so they never run together, and a long
 * period scrolls sideways, opened on its latest weeks). The figure has a text summary for screen
 * readers, and the numbers stay readable in the table under it.
 */
export function WeeklyChart({ weeks, series, summary }: { weeks: WeekTrend[]; series: ChartSeries[]; summary: string }) {
  const titleId = useId();
  const [box, available] = useAvailableWidth();
  const { width, slot, labelEvery } = chartLayout(weeks.length, available);
  const max = Math.max(1, ...weeks.flatMap((week) => series.map((s) => week[s.key])));
  const step = axisStep(max);
  const top = Math.ceil(max / step) * step;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const bar = Math.min(16, Math.max(3, (slot - 4) / series.length));
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const last = weeks.length - 1;

  // The latest weeks are what the director looks at: a period wider than the screen opens on them.
  useLayoutEffect(() => {
    const element = box.current;
    if (element && width > available) element.scrollLeft = element.scrollWidth;
  }, [box, width, available, weeks.length]);

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
      <div className="weekly-chart__frame">
        <svg width={PAD.axis} height={HEIGHT} className="weekly-chart__axis" aria-hidden>
          {ticks.map((tick) => (
            <text key={tick} x={PAD.axis - 6} y={y(tick) + 4} textAnchor="end" className="weekly-chart__tick">
              {tick}
            </text>
          ))}
        </svg>
        <div ref={box} className="weekly-chart__scroll" tabIndex={0} role="group" aria-label={m.dashboard.chartArea}>
          <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={titleId} className="weekly-chart__svg">
            <title id={titleId}>{summary}</title>
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className="weekly-chart__grid" />
            ))}
            {weeks.map((week, i) => {
              const x0 = i * slot + (slot - bar * series.length) / 2;
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
                  {(last - i) % labelEvery === 0 ? (
                    <text x={i * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="weekly-chart__tick">
                      {weekLabel(week.week_start)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        </div>
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

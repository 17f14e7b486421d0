// The printed comparison table.

const fmt = {
  rps: (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1)),
  ms: (v) => (v === undefined || v === null ? '–' : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)),
  ratio: (v) => (v === null ? '–' : v.toFixed(2)),
};

export function formatTable(results) {
  const header = ['scenario', 'conns', 'app req/s', 'app p50 ms', 'app p99 ms', 'base req/s', 'base p50 ms', 'base p99 ms', 'app/base req/s', 'min–max', 'rounds'];
  const rows = results.map((r) => [
    r.name + (r.app.problems.length || r.baseline.problems.length ? ' ⚠' : ''),
    String(r.connections),
    fmt.rps(r.app.reqPerSec),
    fmt.ms(r.app.latencyMs.p50),
    fmt.ms(r.app.latencyMs.p99),
    fmt.rps(r.baseline.reqPerSec),
    fmt.ms(r.baseline.latencyMs.p50),
    fmt.ms(r.baseline.latencyMs.p99),
    fmt.ratio(r.ratio),
    r.spread ? `${fmt.ratio(r.spread.min)}–${fmt.ratio(r.spread.max)}` : '–',
    String(r.rounds?.length ?? 1),
  ]);
  return markdownTable(header, rows);
}

/** A Markdown table: the first column left-aligned, the figures right-aligned. */
export function markdownTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  const rule = '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|';
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The median of numbers (the mean of the two middle ones for an even count); null for none. */
export function median(values) {
  const sorted = values.filter((v) => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A scenario's figures from its interleaved rounds (bench/README.md, « Rounds »): the ratio is the
 * median of the rounds' ratios (each round compares the two sides measured seconds apart), with its
 * spread (min, max); each side's printed run is its median round by req/s, its problems those of
 * every round; every round is kept in the results.
 */
export function summariseRounds(rounds) {
  const side = (name) => {
    const byRate = [...rounds].map((r) => r[name]).sort((a, b) => a.reqPerSec - b.reqPerSec);
    const middle = byRate[Math.floor((byRate.length - 1) / 2)];
    return { ...middle, reqPerSec: median(byRate.map((s) => s.reqPerSec)), problems: [...new Set(rounds.flatMap((r) => r[name].problems))] };
  };
  const ratios = rounds.map((r) => r.ratio).filter((v) => v !== null);
  return {
    app: side('app'),
    baseline: side('baseline'),
    ratio: median(ratios),
    spread: ratios.length ? { min: Math.min(...ratios), max: Math.max(...ratios) } : null,
    rounds: rounds.map((r) => ({
      ratio: r.ratio,
      app: { reqPerSec: r.app.reqPerSec, p50: r.app.latencyMs.p50, p99: r.app.latencyMs.p99, otherProcessesPct: r.app.cpu?.otherProcessesPct ?? null },
      baseline: { reqPerSec: r.baseline.reqPerSec, p50: r.baseline.latencyMs.p50, p99: r.baseline.latencyMs.p99, otherProcessesPct: r.baseline.cpu?.otherProcessesPct ?? null },
    })),
  };
}

// The printed comparison table.

const fmt = {
  rps: (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1)),
  ms: (v) => (v === undefined || v === null ? '–' : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)),
  ratio: (v) => (v === null ? '–' : v.toFixed(2)),
};

export function formatTable(results) {
  const header = ['scenario', 'conns', 'app req/s', 'app p50 ms', 'app p99 ms', 'base req/s', 'base p50 ms', 'base p99 ms', 'app/base req/s'];
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

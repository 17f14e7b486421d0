// CPU accounting from /proc (Linux only): how much of the machine the benchmark's own process tree
// (harness + autocannon, app, baseline, postgres) used during a measurement, and how much went to
// anything else — tests or builds running alongside make the numbers noisy, and this says so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const available = existsSync('/proc/stat');
// Clock ticks per second of /proc's counters (USER_HZ: 100 on Linux).
const ticksPerSecond = 100;

function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after "(comm) ": state ppid … utime(11) stime(12) cutime(13) cstime(14), in clock ticks.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      table.set(Number(entry), { ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** Busy and total ticks of the whole machine, and the ticks of this process and its descendants. */
export function cpuSnapshot() {
  if (!available) return null;
  const values = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const busy = total - values[3] - values[4]; // minus idle and iowait
  const table = processTable();
  const children = new Map();
  for (const [pid, { ppid }] of table) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  let ours = 0;
  // The share of PostgreSQL's processes (comm « postgres »), and of this harness process itself
  // (the load generator): the rest of the tree is the servers measured (the app, the baseline).
  let postgres = 0;
  const stack = [process.pid];
  while (stack.length) {
    const pid = stack.pop();
    const row = table.get(pid);
    ours += row?.ticks ?? 0;
    if (row?.comm === 'postgres') postgres += row.ticks;
    stack.push(...(children.get(pid) ?? []));
  }
  return { total, busy, ours, postgres, harness: table.get(process.pid)?.ticks ?? 0 };
}

/** Percentages of the whole machine (all cores) between two snapshots. */
export function cpuUsage(before, after) {
  if (!before || !after || after.total <= before.total) return null;
  const total = after.total - before.total;
  const pct = (v) => Math.round((1000 * v) / total) / 10;
  const busy = after.busy - before.busy;
  const ours = Math.min(after.ours - before.ours, busy);
  const postgres = Math.max(0, after.postgres - before.postgres);
  const harness = Math.max(0, after.harness - before.harness);
  return {
    machineBusyPct: pct(busy),
    benchmarkPct: pct(ours),
    otherProcessesPct: pct(Math.max(0, busy - ours)),
    // CPU-seconds (all cores) of PostgreSQL and of the servers (the benchmark's tree but the harness and PostgreSQL) over the measurement.
    postgresCpuSeconds: Math.round((100 * postgres) / ticksPerSecond) / 100,
    serversCpuSeconds: Math.round((100 * Math.max(0, ours - postgres - harness)) / ticksPerSecond) / 100,
  };
}

/** CPU-seconds used so far by `pid` and its descendants (reaped children included): utime + stime, USER_HZ = 100. */
export function treeCpuSeconds(pid) {
  const table = processTable();
  let ticks = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    ticks += table.get(p)?.ticks ?? 0;
    for (const [child, info] of table) if (info.ppid === p) stack.push(child);
  }
  return ticks / 100;
}

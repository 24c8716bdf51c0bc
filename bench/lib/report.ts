/** The small tables the benchmarks print (markdown, so they paste into bench/README.md as they are). */
export function table(title: string, header: string[], rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)));
  const out = [`\n### ${title}\n`, `| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...cells.map((r) => `| ${r.join(' | ')} |`)];
  const text = out.join('\n');
  console.log(text);
  return text;
}

export function fmt(n: number, digits?: number): string {
  if (!Number.isFinite(n)) return String(n);
  const d = digits ?? (Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2);
  return n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

export const pass = (ok: boolean) => (ok ? 'met' : '**missed**');

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? NaN, mean: s.reduce((a, b) => a + b, 0) / (s.length || 1) };
}

export const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * What the run ran on, to print under the tables: call at the start, print at the end. The machine is shared: the
 * load averages at the start and the end say whether other work ran at the same time.
 */
export function machineNote(): () => string {
  const os = require('node:os') as typeof import('node:os');
  const before = os.loadavg()[0]!.toFixed(2);
  const started = new Date();
  return () => {
    const text = `\n${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; 1-minute load average ${before} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end`;
    console.log(text);
    return text;
  };
}

/**
 * Summary of a V8 .cpuprofile (from `node --cpu-prof`): self time by package (node_modules/<pkg>, our workspaces,
 * node internals, GC, idle) and the heaviest functions.
 *
 *   npx tsx bench/lib/cpu-profile.ts <file.cpuprofile> [top]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export function summarize(file: string, top = 25): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const group = (n: Node) => {
    const { url, functionName } = n.callFrame;
    if (!url) return functionName.startsWith('(') ? functionName : '(native)';
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1]!;
    if (url.startsWith('node:')) return url.split('/')[0]!.replace(/^node:internal.*/, 'node internals');
    const w = /\/work\/[^/]+\/(?:tmp\/)?([^/]+\/(?:[^/]+\/)?src|[^/]+)/.exec(url) ?? /\/(packages\/[^/]+|services\/[^/]+|gateway|bench)\//.exec(url);
    return w ? w[1]! : url;
  };
  const byGroup = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id)!;
    const g = group(n);
    byGroup.set(g, (byGroup.get(g) ?? 0) + t);
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/[^/]+\//, '')}:${n.callFrame.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + t);
  }
  const pct = (t: number) => `${((t / total) * 100).toFixed(1).padStart(5)} %`;
  const lines = [`${file}: ${(total / 1e6).toFixed(1)} s sampled`, '', 'self time by package:'];
  for (const [g, t] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(t)}  ${g}`);
  lines.push('', 'heaviest functions (self):');
  for (const [f, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(t)}  ${f}`);
  return lines.join('\n');
}

if (require.main === module) console.log(summarize(process.argv[2]!, Number(process.argv[3] ?? 25)));

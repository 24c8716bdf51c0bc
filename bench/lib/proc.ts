import { readdirSync, readFileSync } from 'node:fs';

export interface Proc { pid: number; ppid: number; comm: string; cmdline: string }

function procs(): Proc[] {
  const out: Proc[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.push({ pid: Number(d), ppid, comm, cmdline: readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() });
    } catch { /* gone */ }
  }
  return out;
}

/** Every process below `root` (children, their children, ...). */
export function descendants(root: number): Proc[] {
  const all = procs();
  const out: Proc[] = [];
  const queue = [root];
  while (queue.length) {
    const p = queue.shift()!;
    for (const c of all.filter((x) => x.ppid === p)) { out.push(c); queue.push(c.pid); }
  }
  return out;
}

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** CPU time of this process's PostgreSQL servers (the embedded one and its backends; none with an external server). */
export function ownPostgresCpuMs(): number {
  return descendants(process.pid).filter((p) => p.comm === 'postgres').reduce((n, p) => n + cpuMsOf(p.pid), 0);
}

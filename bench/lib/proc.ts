import { readdirSync, readFileSync } from 'node:fs';

export interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  cmdline: string;
}

function procs(): Proc[] {
  const out: Proc[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.push({ pid: Number(d), ppid, comm, cmdline: readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() });
    } catch {
      /* gone */
    }
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
    for (const c of all.filter((x) => x.ppid === p)) {
      out.push(c);
      queue.push(c.pid);
    }
  }
  return out;
}

/**
 * CPU time (user + system) a process has used so far, in ms; 0 once it is gone. `withExited`: plus that of its children
 * that have exited (PostgreSQL's backends end when a pool closes an idle connection; their time stays with the postmaster).
 */
export function cpuMsOf(pid: number, withExited = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime in clock ticks (USER_HZ = 100)
    return ((Number(f[11]) + Number(f[12]) + (withExited ? Number(f[13]) + Number(f[14]) : 0)) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU time of this process's PostgreSQL (the embedded server: the postmaster with its exited backends, and the live
 * ones); 0 with an external server.
 */
export function ownPostgresCpuMs(): number {
  const pg = descendants(process.pid).filter((p) => p.comm === 'postgres');
  const pids = new Set(pg.map((p) => p.pid));
  return pg.reduce((n, p) => n + cpuMsOf(p.pid, !pids.has(p.ppid)), 0);
}

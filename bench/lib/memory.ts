import { readFileSync } from 'node:fs';

/** Resident memory of a process in bytes (VmRSS), 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Proportional set size of a process (shared pages split among their users: fair for PostgreSQL's backends). */
export function pssOf(pid: number): number {
  try {
    const m = /Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `everyMs` until stopped: the samples (ms since start, bytes) and the peak. */
export function sampleRss(pid: number, everyMs = 50) {
  const t0 = performance.now();
  const samples: { at: number; rss: number }[] = [{ at: 0, rss: rssOf(pid) }];
  const timer = setInterval(() => samples.push({ at: performance.now() - t0, rss: rssOf(pid) }), everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      samples.push({ at: performance.now() - t0, rss: rssOf(pid) });
      return { samples, peak: Math.max(...samples.map((s) => s.rss)), first: samples[0]!.rss };
    },
  };
}

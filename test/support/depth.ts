import { execFileSync } from 'node:child_process';

/**
 * # How deep this test run goes, read here and nowhere else
 *
 * `TEST_DEPTH=commit` (the default: `npm test`, what CI runs on every submission) samples; `TEST_DEPTH=deep` (`npm run
 * test:deep`) keeps the full depth — 1,000 write cases per route, the authorization property's 1,000, every browser
 * suite and drill under Docker. What a per-commit sample misses is found by rotation, not by repeating the same cases:
 * the seed of every property derives from the commit under test unless `ABUSE_SEED` names one, so two commits draw
 * different cases and a failure replays with the seed it prints.
 */
export type Depth = 'commit' | 'deep';
export const DEPTH: Depth = process.env.TEST_DEPTH === 'deep' ? 'deep' : 'commit';
export const isDeep = DEPTH === 'deep';

/** The commit under test (`git rev-parse HEAD`), or '' outside a git checkout. */
function headCommit(): string {
  if (process.env.TEST_COMMIT !== undefined) return process.env.TEST_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: __dirname, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/**
 * The seed of this run's properties: `ABUSE_SEED` when given (a replay), else the first 31 bits of the commit's hash
 * (another commit, other cases), else a fixed one. global-setup.ts computes it once and prints it; each worker reads it.
 */
export function runSeed(): number {
  if (process.env.ABUSE_SEED) return Number(process.env.ABUSE_SEED);
  const commit = headCommit();
  return commit ? parseInt(commit.slice(0, 8), 16) & 0x7fffffff : 7_2026;
}
export const SEED = runSeed();

/**
 * The cases of a property at this depth: `deep` at the deep depth, `commit` per commit; an explicit count in the
 * environment variable `env` (WRITE_RUNS, ABUSE_RUNS…) wins at either depth.
 */
export function casesOf(env: string, deep: number, commit: number): number {
  const given = process.env[env];
  return Math.max(1, given ? Number(given) : isDeep ? deep : commit);
}

/** The one-line command that replays a failed property case: this run's depth and seed, the file, the test's name. */
export function reproduction(file: string, testName: string, extra: Record<string, string | number> = {}): string {
  const env = { TEST_DEPTH: DEPTH, ABUSE_SEED: SEED, ...extra };
  const vars = Object.entries(env)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  return `${vars} npx jest ${file} -t '${testName.replace(/'/g, `'\\''`)}'`;
}

/** Runs a property; a failure's message ends with the command that replays it (`reproduction`). */
export async function withReplay<T>(file: string, testName: string, run: () => Promise<T>, hint = ''): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof Error) e.message += `\n\nReplay: ${reproduction(file, testName)}${hint ? `\n${hint}` : ''}`;
    throw e;
  }
}

/** This run's seed mixed with a name (a route, a resource): each draws its own cases, the same ones for the same seed. */
export const seedOf = (name: string): number => [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, SEED);

/**
 * `n` of `items` per commit, drawn by the run's seed and `key` (a route: each route draws other items, so that one run
 * still uses every item somewhere); every item at the deep depth.
 */
export function sampleOf<T>(items: readonly T[], n: number, key: string): T[] {
  if (isDeep || n >= items.length) return [...items];
  return shuffled(items, seedOf(key)).slice(0, n);
}

/** A generator of numbers in [0, 1) from a seed (mulberry32): the same seed, the same draw. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in an order drawn from `seed`. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = random(seed);
  return items
    .map((x) => ({ x, k: next() }))
    .sort((p, q) => p.k - q.k)
    .map((p) => p.x);
}

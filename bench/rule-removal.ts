/**
 * # Does the per-commit run still catch the hole class? ("done when")
 *
 * Removes one of the kit's security rules at a time — in place, in the working tree, restored afterwards whatever
 * happens — and runs the per-commit `npm test` (TEST_DEPTH=commit, the seed of HEAD) until the first test file fails.
 * Prints, per rule, which file and test caught it and after how long; a rule nothing catches is the line to worry about.
 *
 *   npm run bench:rules                    # every rule, one after the other (each run stops at its first failure)
 *   npm run bench:rules -- grant sod       # some of them (by key)
 *
 * The machine should be otherwise idle, and the web front end built (the browser suites are in the run).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

interface Rule {
  key: string;
  name: string;
  file: string;
  find: string;
}

/** Each rule is the line (or lines) that enforces it; removing it is the mutation. */
const RULES: Rule[] = [
  {
    key: 'own',
    name: 'the own-record guard (nobody changes what decides their own access or pay)',
    file: 'packages/service-kit/src/resource/guard.ts',
    find: "    if (await this.isAbout(tx, input, existing, ctx)) throw this.refusal(403, 'own_record_guarded', 'own_record_field', changed);\n",
  },
  {
    key: 'grant',
    name: 'the grant guard (only an administrator sets a grant field)',
    file: 'packages/service-kit/src/resource/guard.ts',
    find: "      if (grants.length) throw this.refusal(403, 'admin_only', 'admin_only_field', grants);\n",
  },
  {
    key: 'sod',
    name: 'separation of duties in the approval engine (nobody approves their own record)',
    file: 'packages/service-kit/src/approval/engine.ts',
    find: "      if (this.isOwn(record, before!, ctx)) throw forbidden('approval_own_record');\n",
  },
  {
    key: 'scope',
    name: "the scope check after a write (no write moves a record out of the caller's scope)",
    file: 'packages/service-kit/src/resource/guard.ts',
    find: '    await this.checkScope(tx, String(row.id), ctx);\n',
  },
  {
    key: 'rate',
    name: 'the rate limit on the matched route (sign-in and the like, however the path is encoded)',
    file: 'gateway/src/app.ts',
    find: '      if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(limit.ttl / 1000);\n',
  },
];

interface Outcome {
  rule: Rule;
  caughtBy: string | null;
  test: string | null;
  seconds: number;
}

function runUntilFirstFailure(): Promise<{ caughtBy: string | null; test: string | null; seconds: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'scripts/test.ts'], {
      cwd: ROOT,
      env: { ...process.env, TEST_DEPTH: 'commit' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let caughtBy: string | null = null;
    let test: string | null = null;
    let buffer = '';
    const tail: string[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
      resolve({ caughtBy, test, seconds: Math.round((Date.now() - t0) / 1000) });
    };
    const read = (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        tail.push(line);
        if (tail.length > 30) tail.shift();
        const fail = /^FAIL (\S+)/.exec(line);
        if (fail && !caughtBy) caughtBy = fail[1]!;
        const failed = /^\s+● (.+)$/.exec(line);
        if (caughtBy && failed && !test && !/^Console$/.test(failed[1]!)) {
          test = failed[1]!;
          finish();
        }
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    // A run that ends without a failing file: nothing caught the removal (or the run could not start: its last lines say).
    child.on('exit', () => {
      if (!caughtBy) console.log(tail.join('\n'));
      finish();
    });
  });
}

async function main() {
  const asked = process.argv.slice(2);
  const rules = asked.length ? RULES.filter((r) => asked.includes(r.key)) : RULES;
  const outcomes: Outcome[] = [];
  // The file being changed, put back on Ctrl-C as after each run.
  let restore = () => undefined as void;
  process.once('SIGINT', () => {
    restore();
    process.exit(130);
  });
  for (const rule of rules) {
    const path = join(ROOT, rule.file);
    const original = readFileSync(path, 'utf8');
    if (original.split(rule.find).length !== 2)
      throw new Error(`${rule.key}: the rule's line is not found once in ${rule.file} (the code moved: update bench/rule-removal.ts)`);
    restore = () => writeFileSync(path, original);
    writeFileSync(path, original.replace(rule.find, ''));
    console.log(`[rules] removed: ${rule.name} (${rule.file})`);
    try {
      const r = await runUntilFirstFailure();
      outcomes.push({ rule, ...r });
      console.log(`[rules] ${r.caughtBy ? `caught by ${r.caughtBy} › ${r.test}` : 'NOT CAUGHT'} after ${r.seconds} s`);
    } finally {
      restore();
    }
  }
  console.log('\n| rule removed | caught by | first failing test | after |\n|---|---|---|---|');
  for (const o of outcomes) console.log(`| ${o.rule.name} | ${o.caughtBy ?? '**not caught**'} | ${o.test ?? '—'} | ${o.seconds} s |`);
  if (outcomes.some((o) => !o.caughtBy)) process.exitCode = 1;
}

void main();

/**
 * Ends every run with what it cost and the one line CI reads, after jest's own summary: "N passed, N failed".
 *
 * - the run's wall time and its worker time (the sum of every file's run time: what the machine's cores spent);
 * - the longest files, so that a file that grows shows itself;
 * - the cost that grows with declarations: the generated suites' time per declared resource (resources.generic, fuzz,
 *   workflows.generic, the authorization property: their tests are grouped by the resource's name) and the writes
 *   property's time per write route, risky routes and plain ones apart (a plain resource's routes draw fewer cases: the
 *   test's name starts with its case count). What one more resource costs per commit is the first figure plus its routes' share of the second.
 */
const { relative } = require('node:path');

const GENERATED = /\/(resources\.generic|fuzz|workflows\.generic|abuse\/authz\.property)\.test\.ts$/;
const WRITES = /\/abuse\/writes-\d+\.property\.test\.ts$/;
const s = (ms) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

class SummaryReporter {
  constructor(globalConfig) {
    this.root = globalConfig.rootDir;
    this.started = Date.now();
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults.map((f) => ({ file: relative(this.root, f.testFilePath), ms: f.perfStats.end - f.perfStats.start, result: f }));
    const worker = files.reduce((n, f) => n + Math.max(f.ms, 0), 0);
    const lines = [`[tests] ${files.length} files in ${s(Date.now() - this.started)} wall, ${s(worker)} of worker time`];
    lines.push(
      `[tests] longest: ${[...files]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 12)
        .map((f) => `${f.file} ${s(f.ms)}`)
        .join(', ')}`,
    );

    const perResource = new Map();
    const routes = new Map();
    for (const f of files) {
      for (const t of f.result.testResults) {
        const key = t.ancestorTitles[0];
        if (!key || typeof t.duration !== 'number') continue;
        if (GENERATED.test(f.result.testFilePath) && /^[a-z][A-Za-z0-9]*$/.test(key)) perResource.set(key, (perResource.get(key) ?? 0) + t.duration);
        if (WRITES.test(f.result.testFilePath)) {
          const cases = Number(/^(\d+) generated/.exec(t.title)?.[1] ?? 0);
          if (cases) routes.set(cases, [...(routes.get(cases) ?? []), t.duration]);
        }
      }
    }
    if (perResource.size || routes.size) {
      const total = [...perResource.values()].reduce((a, b) => a + b, 0);
      const each = perResource.size ? `${s(total / perResource.size)} per resource (${perResource.size} resources)` : 'not run';
      const kinds = [...routes.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([cases, ms]) => `${ms.length} routes of ${cases} cases: ${s(ms.reduce((a, b) => a + b, 0) / ms.length)} each`);
      const writeMs = [...routes.values()].flat().reduce((a, b) => a + b, 0);
      lines.push(
        `[tests] cost per declaration: the generated suites ${each}; the writes property ${kinds.join(', ') || 'not run'}` +
          (perResource.size && routes.size ? `; one resource with its write routes ≈ ${s((total + writeMs) / perResource.size)} of worker time` : ''),
      );
    }
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed\n`;
    process.once('exit', () => process.stdout.write(`\n${lines.join('\n')}\n${line}`));
  }
}
module.exports = SummaryReporter;

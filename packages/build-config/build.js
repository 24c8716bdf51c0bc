#!/usr/bin/env node
/**
 * Builds front-end apps with Rspack: `node packages/build-config/build.js [--mode development] [--watch] [--out DIR] app…`
 * (app: a folder holding rspack.config.js — shell, mfe-hr, …). Prints `built <app> in N s` per app.
 *
 * It runs in plain Node on purpose, never under tsx: Module Federation writes some of its runtime into the bundle
 * from the source text of functions, and tsx's transform adds a `__name` helper to every function it loads — the
 * browser then fails with "__name is not defined". scripts/build-web.ts and scripts/dev.ts start it as a child.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { rspack } = require('@rspack/core');

const ROOT = path.resolve(__dirname, '..', '..');

function parse(argv) {
  const o = { mode: 'production', watch: false, out: undefined, apps: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--mode') o.mode = argv[++i];
    else if (argv[i] === '--watch') o.watch = true;
    else if (argv[i] === '--out') o.out = argv[++i];
    else o.apps.push(argv[i]);
  }
  if (o.out && o.apps.length !== 1) throw new Error('--out builds exactly one app');
  return o;
}

function configOf(app, o) {
  const config = require(path.join(ROOT, app, 'rspack.config.js'))({}, { mode: o.mode });
  if (o.out) config.output.path = path.resolve(o.out);
  return config;
}

/**
 * A Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of a production build over 1 KB: the web servers
 * send them as they are (@fastify/static `preCompressed`), so a user on a slow network downloads about a quarter of the
 * bytes and no server compresses anything per request. Brotli at quality 9: 11 is 8 % smaller and nine times slower
 * (about 8 s more per app). A copy newer than its file is kept: the shared fallbacks (`independent-packages`) survive
 * the output's cleaning between builds, everything else is written afresh.
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|json|svg|txt)$/.test(entry.name)) continue;
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    const fresh = (copy) => fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= fs.statSync(file).mtimeMs;
    if (fresh(`${file}.br`) && fresh(`${file}.gz`)) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

function buildOne(app, o) {
  const started = Date.now();
  const config = configOf(app, o);
  return new Promise((resolve, reject) => {
    rspack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(`${app}:\n${stats.toString('errors-only')}`));
      if (o.mode === 'production') precompress(config.output.path);
      console.log(`built ${app} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

async function main() {
  const o = parse(process.argv.slice(2));
  if (o.watch) {
    rspack(o.apps.map((app) => configOf(app, o))).watch({ aggregateTimeout: 300, ignored: /node_modules|dist/ }, (err, stats) => {
      if (err) console.error(err.message);
      else console.log(stats?.hasErrors() ? stats.toString('errors-only') : `web rebuilt (${new Date().toLocaleTimeString()})`);
    });
    return;
  }
  // One after the other: each build already keeps both cores busy.
  for (const app of o.apps) await buildOne(app, o);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

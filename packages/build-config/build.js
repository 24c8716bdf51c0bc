#!/usr/bin/env node
/**
 * Builds front-end apps with Rspack: `node packages/build-config/build.js [--mode development] [--watch] [--out DIR] app…`
 * (app: a folder holding rspack.config.js — shell, mfe-hr, …). Prints `built <app> in N s` per app.
 *
 * It runs in plain Node on purpose, never under tsx: Module Federation writes some of its runtime into the bundle
 * from the source text of functions, and tsx's transform adds a `__name` helper to every function it loads — the
 * browser then fails with "__name is not defined". scripts/build-web.ts and scripts/dev.ts start it as a child.
 */
const path = require('path');
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

function buildOne(app, o) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    rspack(configOf(app, o), (err, stats) => {
      if (err) return reject(err);
      if (stats && stats.hasErrors()) return reject(new Error(`${app}:\n${stats.toString('errors-only')}`));
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
      else console.log(stats && stats.hasErrors() ? stats.toString('errors-only') : `web rebuilt (${new Date().toLocaleTimeString()})`);
    });
    return;
  }
  // One after the other: each build already keeps both cores busy.
  for (const app of o.apps) await buildOne(app, o);
}

main().catch((e) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });

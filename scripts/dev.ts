/**
 * `npm run dev`: the portal with rebuilds on change. Webpack watches the shell and every remote (a reload of
 * the page shows the change); the backend restarts when its sources change (tsx watch).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import webpack from 'webpack';
import { WEB_APPS } from './lib/web-apps';

const ROOT = join(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const configs = WEB_APPS.map((a) => require(join(ROOT, a.dir, 'webpack.config.js'))({}, { mode: 'development' }));
const watching = webpack(configs).watch({ aggregateTimeout: 300, ignored: /node_modules|dist/ }, (err, stats) => {
  if (err) console.error(err.message);
  else console.log(stats?.hasErrors() ? stats.toString('errors-only') : `web rebuilt (${new Date().toLocaleTimeString()})`);
});

const backend = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['watch', '--clear-screen=false', '--exclude', '**/dist/**', 'scripts/start.ts'], {
  cwd: ROOT, stdio: 'inherit', env: { ...process.env, PORTAL_SKIP_WEB_BUILD: '1' },
});

const stop = () => {
  watching?.close(() => undefined);
  backend.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
backend.on('exit', (code) => process.exit(code ?? 0));

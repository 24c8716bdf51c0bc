/**
 * `npm run dev`: the portal with rebuilds on change. Rspack watches the shell and every remote (a reload of
 * the page shows the change); the backend restarts when its sources change (tsx watch).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { WEB_APPS } from './lib/web-apps';

const ROOT = join(__dirname, '..');
// Rspack in plain Node, not in this tsx process (packages/build-config/build.js says why).
const web = spawn(process.execPath, [join(ROOT, 'packages', 'build-config', 'build.js'), '--watch', '--mode', 'development', ...WEB_APPS.map((a) => a.dir)], {
  cwd: ROOT,
  stdio: 'inherit',
});

const backend = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['watch', '--clear-screen=false', '--exclude', '**/dist/**', 'scripts/start.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PORTAL_SKIP_WEB_BUILD: '1' },
});

const stop = () => {
  web.kill('SIGINT');
  backend.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
backend.on('exit', (code) => process.exit(code ?? 0));

/**
 * `npm run test:distributed` and `npm run test:docker:deep`: the browser tests against the stack PORTAL_STACK names —
 * every domain's of the registry (`test/e2e/<domain>.test.ts`) and the platform's (the other files of test/e2e/ that
 * start that stack, `startE2eStack`), then whatever folders the arguments add (test/ops, test/docker), one at a time.
 */
import { spawn } from 'node:child_process';
import { e2eFiles } from './lib/e2e-files';

const jest = spawn(process.execPath, [require.resolve('jest/bin/jest'), '--runInBand', ...e2eFiles(), ...process.argv.slice(2)], {
  cwd: `${__dirname}/..`,
  stdio: 'inherit',
});
jest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

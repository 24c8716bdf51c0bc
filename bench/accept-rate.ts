/**
 * How fast a busy Node server accepts new connections (issue 34's 200-connection tail, bench/README.md): a server in a
 * child process whose event loop turns every `BENCH_TURN_MS` (default 20) ms of work, and `BENCH_CONNECTIONS` (default
 * 200) connections opened at once from this process. Prints over how many ms the server accepted them, and how many
 * it accepted per turn. `npx tsx bench/accept-rate.ts`.
 */
import { fork } from 'node:child_process';
import net from 'node:net';

const TURN = Number(process.env.BENCH_TURN_MS ?? 20);
const N = Number(process.env.BENCH_CONNECTIONS ?? 200);

if (process.argv[2] === 'server') {
  const times: number[] = [];
  const server = net.createServer((s) => {
    times.push(Date.now());
    s.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as net.AddressInfo).port));
  let turns = 0;
  const spin = () => {
    const t = Date.now();
    while (Date.now() - t < TURN);
    turns++;
    setImmediate(spin);
  };
  spin();
  process.on('message', () => {
    const t0 = times[0] ?? 0;
    process.send!({ accepted: times.length, overMs: (times.at(-1) ?? t0) - t0, turns });
    process.exit(0);
  });
} else {
  const child = fork(__filename, ['server'], { execArgv: ['--import', 'tsx'] });
  child.once('message', (port) => {
    const sockets = Array.from({ length: N }, () => net.connect(port as number, '127.0.0.1').on('error', () => undefined));
    setTimeout(
      () => {
        child.send('report');
        child.once('message', (m) => {
          const r = m as { accepted: number; overMs: number };
          console.log(
            `${N} connections opened at once to a server whose loop turns every ${TURN} ms: ${r.accepted} accepted over ${r.overMs} ms (${(r.accepted / Math.max(1, r.overMs / TURN)).toFixed(1)} per turn)`,
          );
          for (const s of sockets) s.destroy();
        });
      },
      Math.max(3000, (N * TURN * 3) / 2),
    );
  });
}

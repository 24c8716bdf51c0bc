/**
 * Mail waits in its own queue: an SMTP outage holds no event of the service (activity log, caches,
 * decentralization), and the mail goes out once SMTP is back.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from '../scripts/lib/postgres';
import { eventually, startTestStack, type TestStack } from './support/stack';

let s: TestStack;
let port: number;
let smtp: SMTPServer | null = null;
beforeAll(async () => {
  port = await freePort();
  s = await startTestStack({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '200' } });
});
afterAll(async () => {
  await s?.close();
  if (smtp) await new Promise<void>((r) => smtp!.close(() => r()));
});

test('SMTP down: the mail is retried on its own while events keep flowing; SMTP back: it is delivered once', async () => {
  const pool = s.services.system!.pool;
  expect((await s.api().post('/auth/forget-password', { email: s.adminEmail })).status).toBe(200);
  const failing = await eventually(async () => {
    const { rows } = await pool.query(`SELECT attempts, sent_at FROM mail_queue WHERE mail_to = $1`, [s.adminEmail]);
    expect(rows[0]?.attempts).toBeGreaterThanOrEqual(1);
    return rows[0];
  });
  expect(failing.sent_at).toBeNull();

  // Events of the same service still go out at once: a new role reaches the activity log.
  const admin = s.api(await s.adminToken());
  const role = await admin.post('/role', { code: 'MAILTEST', name: 'Mail test', staff_scope: 'VIEW_ALL', project_scope: 'VIEW_ALL', permissions: [] });
  expect(role.status).toBe(200);
  expect((await admin.get(`/activity-log?q=role:${role.body.data.id}`)).body.data.totalRows).toBe(1);
  expect((await pool.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).rows[0].n).toBe(0);

  // SMTP comes back: the queued mail is delivered, exactly once.
  const received: string[] = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp!.listen(port, '127.0.0.1', r));
  await eventually(async () => expect(received).toEqual([s.adminEmail]), 15_000);
  // Marked sent once the server's answer is back (a moment after the server has the message).
  await eventually(async () => {
    const { rows } = await pool.query(`SELECT sent_at FROM mail_queue WHERE mail_to = $1`, [s.adminEmail]);
    expect(rows[0].sent_at).not.toBeNull();
  });
  expect(received).toEqual([s.adminEmail]);
});

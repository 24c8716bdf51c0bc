import { SMTPServer } from 'smtp-server';
import type { Pool } from 'pg';

/**
 * The development mailbox of the all-in-one mode: a real SMTP server on loopback that stores what it
 * receives in the system database, where the admin reads it (GET /api/v1/dev-mailbox). Mail is never
 * sent to the void, and never leaves the machine.
 */
export async function startDevMailbox(pool: Pool, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 5 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [folded = '', ...rest] = raw.split(/\r?\n\r?\n/);
        // Long header lines are folded onto continuation lines that start with white space (RFC 5322 §2.2.3).
        const head = folded.replace(/\r?\n[ \t]+/g, ' ');
        const subject = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? '';
        const decoded = decodeBody(head, rest.join('\n\n'));
        pool
          .query('INSERT INTO dev_mailbox (mail_from, mail_to, subject, body) VALUES ($1, $2, $3, $4)', [
            session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            session.envelope.rcptTo.map((r) => r.address).join(', '),
            decodeHeader(subject),
            decoded,
          ])
          .then(
            () => callback(),
            (err: Error) => callback(err),
          );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${address.port}`, close: () => new Promise((r) => server.close(() => r())) };
}

function decodeHeader(v: string): string {
  return v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    );
}
function decodeQp(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
function decodeBody(head: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQp(body);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

import { openSync, writeSync } from 'node:fs';
import type { FastifyServerOptions } from 'fastify';

/**
 * Logger settings for every process: JSON lines, and the redaction that keeps tokens and passwords out
 * of the logs (ARCHITECTURE §4). Request URLs are logged without their query string.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-portal-context"]',
  'req.headers["x-portal-internal"]',
  // Headers logged under another key too: @fastify/multipart logs the request's headers as `busboyOptions.headers` at
  // trace level, the signed context among them (found by test/abuse/secrets-in-logs.test.ts).
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-portal-context"]',
  '*.headers["x-portal-internal"]',
  '*.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.oldPassword',
  '*.refreshToken',
  '*.accessToken',
  '*.token',
];

/**
 * `LOG_FILE` (optional): append every log line to this file instead of writing to stdout — for tests, which read what
 * the gateway and the services logged (test/abuse/secrets-in-logs.test.ts), and for debugging. Each line is written
 * synchronously with O_APPEND, so every process or app of the all-in-one mode can share one file without interleaving
 * lines. The level is still `LOG_LEVEL` (silent by default under NODE_ENV=test).
 */
function destination(): { write: (line: string) => void } | undefined {
  const file = process.env.LOG_FILE;
  if (!file) return undefined;
  const fd = openSync(file, 'a');
  return {
    write: (line: string) => {
      writeSync(fd, line);
    },
  };
}

export function logOptions(name: string): FastifyServerOptions['logger'] {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
  const stream = destination();
  return {
    level,
    name,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
    },
  };
}

/** Options of the health-check routes: probes come every few seconds, so their requests are not logged (warnings still are). */
export const HEALTH_ROUTE = { logLevel: 'warn' } as const;

/**
 * Fastify's per-request logger (`req.log`, the request id bound): a child of the app's logger — except when nothing is
 * logged (`LOG_LEVEL=silent`), where making one for every request (its bindings through the redaction) would be work
 * for nothing; the app's logger serves then.
 */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, opts) =>
  logger.level === 'silent' ? logger : logger.child(bindings, opts);

import type { FastifyServerOptions } from 'fastify';

/**
 * Logger settings for every process: JSON lines, and the redaction that keeps tokens and passwords out
 * of the logs (ARCHITECTURE §4). Request URLs are logged without their query string.
 */
export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-portal-context"]', 'req.headers["x-portal-internal"]',
  'res.headers["set-cookie"]', '*.password', '*.newPassword', '*.confirmPassword', '*.oldPassword', '*.refreshToken', '*.accessToken', '*.token',
];

export function logOptions(name: string): FastifyServerOptions['logger'] {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
  return {
    level,
    name,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
    },
  };
}

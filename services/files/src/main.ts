/**
 * The files service as its own process (distributed mode): FILES_DRIVER=s3 with MinIO, see config.ts. HR_URL and
 * SYSTEM_URL (one or several instances, comma-separated) are the services it asks about the records files are attached
 * to (scope.ts: the caller's data scope, the department of the activity entry); without them such files are refused
 * with a 503 to callers limited by a data scope, and uploads to such records too.
 */
import { serveFromEnv } from '@portal/service-kit';
import { createFilesApp, FILES_MIGRATIONS } from './app';
import { filesConfigFromEnv } from './config';

void serveFromEnv('files', FILES_MIGRATIONS, (d) =>
  createFilesApp({
    pool: d.pool,
    bus: d.bus,
    internalKey: d.internalKey,
    config: filesConfigFromEnv(d.env, d.env.DATA_DIR ?? '/tmp/portal-files'),
    serviceUrl: (domain) => d.env[`${domain.toUpperCase()}_URL`] || null,
  }),
);

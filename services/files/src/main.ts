/** The files service as its own process (distributed mode): FILES_DRIVER=s3 with MinIO, see config.ts. */
import { serveFromEnv } from '@portal/service-kit';
import { createFilesApp, FILES_MIGRATIONS } from './app';
import { filesConfigFromEnv } from './config';

void serveFromEnv('files', FILES_MIGRATIONS, (d) =>
  createFilesApp({ pool: d.pool, bus: d.bus, internalKey: d.internalKey, config: filesConfigFromEnv(d.env, d.env.DATA_DIR ?? '/tmp/portal-files') }));

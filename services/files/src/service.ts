/**
 * The files service as the stacks build it: its own process (main.ts) and the all-in-one stack alike. FILES_DRIVER=s3
 * with MinIO, see config.ts. It asks the services owning records about those files are attached to (scope.ts: the
 * caller's data scope, the department of the activity entry): every domain the registry gives resources.
 */
import { defineService } from '@portal/service-kit';
import { createFilesApp, FILES_MIGRATIONS } from './app';
import { filesConfigFromEnv } from './config';

export const service = defineService({
  domain: 'files',
  migrations: FILES_MIGRATIONS,
  create: (d) => createFilesApp({ pool: d.pool, bus: d.bus, internalKey: d.internalKey, config: filesConfigFromEnv(d.env, d.dataDir), serviceUrl: d.url }),
});

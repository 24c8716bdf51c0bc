import { join } from 'node:path';
import type { Pool } from 'pg';
import type { Domain } from '@portal/contracts';
import { createServiceApp, localServiceUrl, recordLookup, type EventBus } from '@portal/service-kit';
import type { FilesConfig } from './config';
import { createStorage } from './storage';
import { filesRoutes, prepareStaging } from './routes';
import { listRoute } from './list';

export const FILES_MIGRATIONS = `${__dirname}/../migrations`;

/**
 * The files service (spec §7 Files): upload (checked by content and size), download one file or several as
 * a zip, soft delete; bytes in the local folder or an S3 bucket. See services/files/README.md for the rules.
 */
export async function createFilesApp(deps: {
  pool: Pool;
  bus: EventBus;
  internalKey: string;
  config: FilesConfig;
  /**
   * The base URL of another domain's service (or several, comma-separated), to ask about the record a file is attached
   * to: whether the caller may see it, and its department for the activity entry (service-kit records.ts). Default: the service of that domain running in this
   * process on the same bus (the all-in-one mode). Without one, such files are refused with a 503 to scoped callers.
   */
  serviceUrl?: (domain: Domain) => string | null;
}) {
  const { config, serviceUrl, ...rest } = deps;
  const storage = createStorage(config);
  await storage.init();
  const stagingDir = join(config.dir, '.staging');
  await prepareStaging(stagingDir);
  const created = await createServiceApp({ domain: 'files', resources: [], ...rest, serviceUrl }, async (app, kit) => {
    const records = recordLookup(serviceUrl ?? ((d) => localServiceUrl(deps.bus, d)), kit.codec);
    filesRoutes(app, kit, config, storage, stagingDir, records);
    listRoute(app, kit, records);
  });
  return { ...created, storage };
}

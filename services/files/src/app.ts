import { join } from 'node:path';
import type { Pool } from 'pg';
import { createServiceApp, type EventBus } from '@portal/service-kit';
import type { FilesConfig } from './config';
import { createStorage } from './storage';
import { filesRoutes, prepareStaging } from './routes';
import { listRoute } from './list';

export const FILES_MIGRATIONS = `${__dirname}/../migrations`;

/**
 * The files service (spec §7 Files): upload (checked by content and size), download one file or several as
 * a zip, soft delete; bytes in the local folder or an S3 bucket. See services/files/README.md for the rules.
 */
export async function createFilesApp(deps: { pool: Pool; bus: EventBus; internalKey: string; config: FilesConfig }) {
  const { config, ...rest } = deps;
  const storage = createStorage(config);
  await storage.init();
  const stagingDir = join(config.dir, '.staging');
  await prepareStaging(stagingDir);
  const created = await createServiceApp({ domain: 'files', resources: [], ...rest }, async (app, kit) => {
    filesRoutes(app, kit, config, storage, stagingDir);
    listRoute(app, kit);
  });
  return { ...created, storage };
}

/** The HR service as its own process (distributed mode): see serveFromEnv for the environment it reads. */
import { requiredEnv, serveFromEnv } from '@portal/service-kit';
import { createHrApp, HR_MIGRATIONS } from './app';

void serveFromEnv('hr', HR_MIGRATIONS, (d) => {
  const systemUrl = requiredEnv(d.env, 'SYSTEM_URL');
  return createHrApp({ pool: d.pool, bus: d.bus, internalKey: d.internalKey, directoryUrl: () => systemUrl });
});

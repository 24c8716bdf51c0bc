import { allResources, allRoutes } from '@portal/contracts';

export { allResources, type ResourceDef } from '@portal/contracts';
export { exportFields as exportFieldsOf, importFields as importFieldsOf } from '@portal/service-kit';

/**
 * The domain the generated suites are limited to: `npm test -- --domain hr` (scripts/test.ts) sets TEST_DOMAIN, and the
 * suites that run over every declared resource or route (resources.generic, fuzz, abuse/*) run over that domain's only.
 */
export const TEST_DOMAIN = process.env.TEST_DOMAIN || null;
/** The resources the generated suites create, change and read; a read-only view (ResourceDef.projection) has its own tests (test/hr/contacts.test.ts). */
export const testedResources = allResources.filter((r) => (!TEST_DOMAIN || r.domain === TEST_DOMAIN) && !r.projection);
export const testedRoutes = allRoutes.filter((r) => !TEST_DOMAIN || r.domain === TEST_DOMAIN);

import type { InternalRoute } from './kit/internal';
import { kitInternal } from './kit/internal-routes';
import { hrInternal } from './hr/internal';
import { systemInternal } from './system/internal';

export * from './kit/internal';
export * from './kit/internal-routes';
export * from './hr/internal';
export * from './system/internal';

/** Every `/internal/*` route a service answers: a service serving one not declared here fails its test (test/kit/internal-routes). */
export const allInternalRoutes: InternalRoute[] = [...Object.values(kitInternal), ...Object.values(hrInternal), ...Object.values(systemInternal)];

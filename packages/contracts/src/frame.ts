/**
 * `@portal/contracts/src/frame`: the contracts without zod — the resource declarations (labels, paths, features,
 * fields), the permission and option vocabularies with their labels, menus, list limits, days, approval and
 * notification texts — for the front end's first page (the signed-in frame and the dashboard). A shared singleton of
 * its own (packages/build-config/shared.js): the full `@portal/contracts` (index.ts), which re-exports this and adds
 * the zod schemas and the route declarations, loads with the first screen that uses it. No module reachable from here
 * may import zod (bench/README.md "The first page's JS").
 */
export * from './kit/field';
export * from './kit/resource';
export type * from './kit/row';
export * from './kit/list';
export * from './kit/approval';
export * from './kit/menu';
export * from './kit/booking';
export * from './kit/deadline';
export * from './kit/series';
export * from './kit/search';
export * from './kit/actors';
export * from './kit/domain';
export * from './common/permissions';
export * from './common/options';
export * from './common/labels';
export * from './common/ids';
export * from './common/dates';
export * from './common/money';
export * from './hr/resources';
export * from './system/resources';
export * from './admin/resources';
export * from './assets/resources';
export * from './business/resources';
export * from './implementation/resources';
export * from './notifications';
export * from './resources';
export * from './domains';

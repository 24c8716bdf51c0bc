/**
 * `@portal/ui-kit/src/frame`: the part of the kit the signed-in frame and the dashboard need — the API client and session,
 * languages, permissions, formats, the page states, notifications — and nothing that draws a screen. A shared
 * singleton of its own (packages/build-config/shared.js), so the shell's first page does not load the screens' code
 * and antd components (the full `@portal/ui-kit`, which re-exports this, loads with the first screen that uses them).
 *
 * Its antd components are imported by their own paths, not from the shared `antd`: the first page would otherwise
 * load the whole shared antd (bench/README.md "Front-end budgets").
 */
export * from './api/client';
export * from './api/session';
export * from './api/hooks';
export * from './api/eventStream';
export * from './i18n';
export * from './auth/ability';
export * from './format';
export * from './remote';
export * from './layout/States';
export * from './layout/StatusResult';
export * from './layout/usePhone';
export * from './resource/activityText';
export * from './notifications/queries';
export * from './notifications/live';
export * from './approval/texts';

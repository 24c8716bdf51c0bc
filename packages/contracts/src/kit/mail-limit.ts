import type { Domain } from '../common/permissions';
import type { RouteDecl } from './routes';

/**
 * Mail a service sends on a user's behalf (a meeting invitation the orderer asked for): at most this many recipients
 * per user in the last hour and the last day, per service, unless the settings (`/<domain>/mail-limit`) say otherwise.
 * A meeting of 50 moved three times in an hour is 200; a day of ordinary meetings stays far below 500. Past it a write
 * is refused (429) rather than its mail dropped: the organiser knows nobody was told.
 */
export interface MailLimits {
  per_hour: number;
  per_day: number;
}
export const MAIL_LIMIT_DEFAULTS: MailLimits = { per_hour: 200, per_day: 500 };
export const MAIL_LIMIT_MAX = 100_000;

/** The mail-limit settings of a domain that sends mail on its users' behalf; guarded by the `setting` feature. */
export function mailLimitRoutes(domain: Domain): RouteDecl[] {
  const p = `/${domain}/mail-limit`;
  return [
    {
      method: 'GET',
      path: p,
      domain,
      access: { feature: 'setting', action: 'view' },
      summary: "Mail sent on a user's behalf at most per hour and per day: { per_hour, per_day }",
    },
    { method: 'PUT', path: p, domain, access: { feature: 'setting', action: 'edit' }, summary: 'Set the mail limits: { per_hour, per_day } (each 1–100000)' },
  ];
}

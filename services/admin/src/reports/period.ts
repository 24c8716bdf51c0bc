import type { CallerContext, ResourceDef } from '@portal/contracts';
import { inPeriod, scopeCondition, type Params } from '@portal/service-kit';

/** ACTIVE rows of `def` (alias t) in the caller's scope, and `column` within the company days from–to. */
export function within(def: ResourceDef, ctx: CallerContext, p: Params, column: string, from: string, to: string): string {
  return [`t.state = 'ACTIVE'`, inPeriod(p, `t.${column}`, { from, to }), scopeCondition(def, ctx, p, 't')].filter(Boolean).join(' AND ');
}

/** Working days (Monday to Friday) from `from` to `to`, inclusive. */
export function workingDays(from: string, to: string): number {
  let n = 0;
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    const d = new Date(t).getUTCDay();
    if (d !== 0 && d !== 6) n++;
  }
  return n;
}

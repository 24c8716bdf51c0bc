import type { CallerContext, ResourceDef } from '@portal/contracts';
import { inPeriod, scopeCondition, type Params } from '@portal/service-kit';

/** ACTIVE rows of `def` (alias t) in the caller's scope, and `column` within the company days from–to. */
export function within(def: ResourceDef, ctx: CallerContext, p: Params, column: string, from: string, to: string): string {
  return [`t.state = 'ACTIVE'`, inPeriod(p, `t.${column}`, { from, to }), scopeCondition(def, ctx, p, 't')].filter(Boolean).join(' AND ');
}

import type { CallerContext, Domain, Feature } from '@portal/contracts';
import type { Tx } from './db';
import { enqueue } from './events/outbox';

export type ActivityAction = 'create' | 'update' | 'delete' | 'import' | 'status' | 'custom';

export interface ActivityEntry {
  domain: Domain;
  resource: string;
  recordId: string | null;
  action: ActivityAction;
  feature: Feature | null;
  description?: string;
  originData?: unknown;
  updatedData?: unknown;
  /** Department the record belongs to, so the log is scoped like the record. */
  departmentId?: string | null;
  /**
   * The accounts a record of everyone's own rows belongs to (ScopeRule.owner): its history is theirs to read (and
   * administrators'), not that of whoever holds the feature — such an entry carries no feature.
   */
  ownerIds?: string[];
  /**
   * For a record limited by project (ScopeRule.project, its own or its parent's): the project it belongs to (null: none),
   * so the log shows the entry only to those whose project scope covers it — as the record itself.
   */
  project?: { id: string | null };
}

export const ACTIVITY_SUBJECT = (domain: Domain) => `portal.${domain}.activity.logged`;

/**
 * Records an activity-log entry in the caller's transaction (ARCHITECTURE §3: every write). It travels
 * through the outbox to the system service, which keeps the portal-wide log.
 */
export async function recordActivity(tx: Tx, ctx: CallerContext, e: ActivityEntry): Promise<void> {
  await enqueue(tx, ACTIVITY_SUBJECT(e.domain), {
    context: e.resource,
    record_id: e.recordId,
    action: e.action,
    feature: e.feature,
    description: e.description ?? null,
    origin_data: e.originData ?? null,
    updated_data: e.updatedData ?? null,
    department_id: e.departmentId ?? null,
    owner_ids: e.ownerIds ?? null,
    ...(e.project ? { project_scoped: true, project_id: e.project.id } : {}),
    actor_id: ctx.userId,
    actor_name: ctx.name,
    ip: ctx.ip,
    occurred_at: new Date().toISOString(),
  });
}

/** The fields that changed between two versions of a record: `origin_data` and `updated_data` of the log. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const origin: Record<string, unknown> = {};
  const updated: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (['updated_date', 'updated_by'].includes(k)) continue;
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      origin[k] = before[k] ?? null;
      updated[k] = after[k] ?? null;
    }
  }
  return { origin, updated };
}

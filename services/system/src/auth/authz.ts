import type { Queryable } from '@portal/service-kit';
import { permissionSetSchema, type AbilityRule, type Action, type CallerContext, type Feature, type ProjectScope, type StaffScope } from '@portal/contracts';

/** What the gateway needs to authorize a session's requests (it expands department subtrees itself). */
export type Authz = Omit<CallerContext, 'ip' | 'userAgent' | 'lang'> & { lang: 'vi' | 'en'; email: string; username: string };

export interface RoleRow {
  id: string;
  permissions: unknown;
  staff_scope: StaffScope;
  staff_department_ids: string[] | null;
  project_scope: ProjectScope;
  project_ids: string[] | null;
}

/** Roles held directly by the user and through the decentralization of the user's staff record. */
export async function rolesOf(db: Queryable, userId: string): Promise<RoleRow[]> {
  const { rows } = await db.query<RoleRow>(
    `SELECT r.id, r.permissions, r.staff_scope, r.staff_department_ids, r.project_scope, r.project_ids
     FROM role r WHERE r.state = 'ACTIVE' AND r.id IN (
       SELECT unnest(u.role_ids) FROM app_user u WHERE u.id = $1
       UNION SELECT unnest(d.role_ids) FROM decentralization d JOIN app_user u ON u.staff_id = d.staff_id WHERE u.id = $1 AND d.state = 'ACTIVE')`,
    [userId],
  );
  return rows;
}

/** CASL rules ({action, subject}) from role permission sets; the admin may do everything. */
export function abilityOf(isAdmin: boolean, roles: RoleRow[]): AbilityRule[] {
  if (isAdmin) return [{ action: 'manage', subject: 'all' }];
  const seen = new Set<string>();
  const rules: AbilityRule[] = [];
  for (const role of roles) {
    const parsed = permissionSetSchema.safeParse(role.permissions ?? []);
    if (!parsed.success) continue;
    for (const p of parsed.data)
      for (const a of p.actions) {
        const key = `${a}:${p.feature}`;
        if (seen.has(key)) continue;
        seen.add(key);
        rules.push({ action: a as Action, subject: p.feature as Feature });
      }
  }
  return rules;
}

/**
 * The widest scope of the user's roles wins: VIEW_ALL beats department lists, which are united.
 * VIEW_RELATED_DEPARTMENT means the user's own department (and, once expanded by the gateway, its subtree).
 */
export function scopesOf(isAdmin: boolean, roles: RoleRow[], ownDepartment: string | null): Pick<CallerContext, 'staffScope' | 'projectScope'> {
  if (isAdmin) return { staffScope: { type: 'VIEW_ALL', departmentIds: null }, projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null } };
  const own = ownDepartment ? [ownDepartment] : [];
  let staffScope: CallerContext['staffScope'];
  if (roles.some((r) => r.staff_scope === 'VIEW_ALL')) staffScope = { type: 'VIEW_ALL', departmentIds: null };
  else {
    const ids = new Set<string>();
    let type: StaffScope = 'VIEW_RELATED_DEPARTMENT';
    for (const r of roles) {
      if (r.staff_scope === 'VIEW_SPECIFIC_DEPARTMENT') {
        type = 'VIEW_SPECIFIC_DEPARTMENT';
        (r.staff_department_ids ?? []).forEach((d) => ids.add(d));
      } else own.forEach((d) => ids.add(d));
    }
    if (!roles.length) own.forEach((d) => ids.add(d));
    staffScope = { type, departmentIds: [...ids] };
  }
  let projectScope: CallerContext['projectScope'];
  if (roles.some((r) => r.project_scope === 'VIEW_ALL')) projectScope = { type: 'VIEW_ALL', projectIds: null, departmentIds: null };
  else {
    const projectIds = new Set<string>();
    const departmentIds = new Set<string>();
    let type: ProjectScope = 'VIEW_RELATED_DEPARTMENT';
    let team = false;
    // Each role adds what it grants: its specific projects, the caller's department's projects, or those of the teams
    // the caller is on. The gateway turns the three into project ids (authz-cache.ts).
    for (const r of roles) {
      if (r.project_scope === 'VIEW_SPECIFIC_PROJECT') {
        type = 'VIEW_SPECIFIC_PROJECT';
        (r.project_ids ?? []).forEach((p) => projectIds.add(p));
      } else if (r.project_scope === 'VIEW_PROJECT_POSITION') {
        team = true;
        if (type !== 'VIEW_SPECIFIC_PROJECT') type = 'VIEW_PROJECT_POSITION';
      } else own.forEach((d) => departmentIds.add(d));
    }
    if (!roles.length) own.forEach((d) => departmentIds.add(d));
    projectScope = { type, projectIds: [...projectIds], departmentIds: [...departmentIds], team };
  }
  return { staffScope, projectScope };
}

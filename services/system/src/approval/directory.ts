import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { isUuid, type ApprovalLevelRule } from '@portal/contracts';
import { badRequest, projectTeamHolding, type ContextCodec } from '@portal/service-kit';
import { internalGet } from '../internal-client';

const uuids = (v: unknown, max = 1000): string[] => {
  if (!Array.isArray(v) || v.length > max || !v.every(isUuid)) throw badRequest([{ path: 'ids', key: 'invalid' }]);
  return v.map((x: string) => x.toLowerCase());
};

/**
 * The approver directory every domain's approval engine asks (service-kit/src/approval/directory.ts): who
 * approves a level, whom a deputy stands in for today, and recipients' emails and deputies. Users, roles and
 * delegations are here; the organization tree and staff come from HR (/internal/directory/*).
 */
export function approvalDirectoryRoutes(app: FastifyInstance, pool: Pool, codec: ContextCodec, hrUrl: () => string, projectsUrl: () => string | null) {
  const teamHolding = projectTeamHolding(projectsUrl, codec, 'system');
  const hr = async <T>(path: string): Promise<T> => {
    const data = await internalGet<T>(codec, hrUrl(), path);
    if (data === null) throw new Error(`hr ${path} unavailable`);
    return data;
  };
  const usersOfStaff = async (staffIds: string[], roleId?: string | null) => {
    if (!staffIds.length) return [];
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM app_user WHERE state = 'ACTIVE' AND staff_id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR $2 = ANY(role_ids)) ORDER BY full_name`,
      [staffIds, roleId ?? null],
    );
    return rows.map((r) => r.id);
  };

  app.post('/internal/approval/resolve', async (req) => {
    const b = req.body as {
      levels: ApprovalLevelRule[];
      given: string[];
      department_id: string | null;
      submitter_staff_id: string | null;
      subject_staff_id?: string | null;
      project_id?: string | null;
    };
    const given = uuids(b.given ?? [], 100);
    let department = isUuid(b.department_id) ? b.department_id : null;
    if (!department && isUuid(b.submitter_staff_id)) {
      department = (await hr<{ department_id: string | null } | null>(`/internal/staff/${b.submitter_staff_id}`))?.department_id ?? null;
    }
    let org: { id: string; parent_id: string | null; manager_id: string | null }[] | null = null;
    // Several levels may ask HR the same question: ask once per resolve.
    const asked = new Map<string, Promise<string[]>>();
    const staffWhere = (query: string) => {
      if (!asked.has(query)) asked.set(query, hr<string[]>(`/internal/directory/staff?${query}`));
      return asked.get(query)!;
    };
    const out: { level: number; approver_ids: string[] }[] = [];
    for (const l of b.levels ?? []) {
      let ids: string[] = [];
      switch (l.scope) {
        case 'USERS':
          ids = l.approver_ids?.length ? uuids(l.approver_ids, 100) : given;
          break;
        case 'ROLE': {
          const { rows } = await pool.query<{ id: string }>(
            `SELECT id FROM app_user WHERE state = 'ACTIVE' AND $1 = ANY(role_ids) ORDER BY full_name LIMIT 100`,
            [l.role_id],
          );
          ids = rows.map((r) => r.id);
          break;
        }
        case 'ROLE_OF_DEPARTMENT':
          if (department) ids = await usersOfStaff(await staffWhere(`department_id=${department}`), l.role_id);
          break;
        case 'POSITION_OF_PROJECT':
          // Those holding the position in the record's project team (the project directory); a record without a
          // project has nobody there, and the engine says the level has no approver.
          if (isUuid(l.position_id) && isUuid(b.project_id)) ids = await usersOfStaff(await teamHolding(b.project_id, l.position_id));
          break;
        case 'DEPARTMENT_TREE': {
          if (!department) break;
          org ??= await hr<{ id: string; parent_id: string | null; manager_id: string | null }[]>('/internal/directory/org');
          const byId = new Map(org.map((o) => [o.id, o]));
          // The heads up the tree from the record's department, skipping units without a head, the submitter and the
          // staff member the record is about (a head's own leave goes to the head above them).
          const skip = new Set([b.submitter_staff_id, b.subject_staff_id].filter(isUuid).map((x) => x.toLowerCase()));
          const heads: string[] = [];
          const seen = new Set<string>();
          for (let node = byId.get(department); node && !seen.has(node.id); node = node.parent_id ? byId.get(node.parent_id) : undefined) {
            seen.add(node.id);
            if (node.manager_id && !skip.has(node.manager_id.toLowerCase()) && !heads.includes(node.manager_id)) heads.push(node.manager_id);
          }
          // Heads without a portal account cannot approve: the next one up stands in.
          const { rows } = await pool.query<{ id: string; staff_id: string }>(
            `SELECT id, staff_id FROM app_user WHERE state = 'ACTIVE' AND staff_id = ANY($1::uuid[])`,
            [heads],
          );
          const withAccount = heads.map((h) => rows.find((r) => r.staff_id.toLowerCase() === h.toLowerCase())).filter((r) => r !== undefined);
          const head = withAccount[l.up ?? 0];
          if (head) ids = [head.id];
          break;
        }
      }
      out.push({ level: l.level, approver_ids: ids });
    }
    return { success: true, data: out };
  });

  app.post('/internal/approval/acting-for', async (req) => {
    const b = req.body as { user_id: string; approver_ids: string[] };
    const approvers = uuids(b.approver_ids, 1000);
    if (!isUuid(b.user_id)) throw badRequest([{ path: 'user_id', key: 'invalid' }]);
    const { rows } = await pool.query<{ approver_id: string }>(
      `SELECT approver_id FROM delegation WHERE state = 'ACTIVE' AND deputy_id = $1 AND approver_id = ANY($2::uuid[])
         AND from_date <= current_date AND to_date >= current_date ORDER BY from_date LIMIT 1`,
      [b.user_id, approvers],
    );
    return { success: true, data: rows[0]?.approver_id ?? null };
  });

  app.post('/internal/approval/accounts-of', async (req) => {
    const ids = uuids((req.body as { staff_ids: string[] }).staff_ids, 100);
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM app_user WHERE staff_id = ANY($1::uuid[])`, [ids]);
    return { success: true, data: rows.map((r) => r.id) };
  });

  app.post('/internal/approval/contacts', async (req) => {
    const ids = uuids((req.body as { user_ids: string[] }).user_ids, 1000);
    const { rows } = await pool.query<{ id: string; email: string | null; deputies: { id: string; email: string | null }[] }>(
      `SELECT u.id, u.email,
              coalesce(json_agg(json_build_object('id', du.id, 'email', du.email)) FILTER (WHERE du.id IS NOT NULL), '[]') AS deputies
         FROM app_user u
         LEFT JOIN delegation d ON d.approver_id = u.id AND d.state = 'ACTIVE' AND d.from_date <= current_date AND d.to_date >= current_date
         LEFT JOIN app_user du ON du.id = d.deputy_id AND du.state = 'ACTIVE'
        WHERE u.id = ANY($1::uuid[]) AND u.state = 'ACTIVE' GROUP BY u.id, u.email`,
      [ids],
    );
    return { success: true, data: rows };
  });
}

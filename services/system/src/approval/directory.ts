import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { hrInternal, systemInternal } from '@portal/contracts';
import { callInternal, projectTeamHolding, serveInternal, type ContextCodec } from '@portal/service-kit';

/**
 * The approver directory every domain's approval engine asks (service-kit/src/approval/directory.ts): who
 * approves a level, whom a deputy stands in for today, and recipients' emails and deputies. Users, roles and
 * delegations are here; the organization tree and staff come from HR (`hrInternal`). Declared in contracts
 * (`systemInternal`).
 */
export function approvalDirectoryRoutes(app: FastifyInstance, pool: Pool, codec: ContextCodec, hrUrl: () => string, projectsUrl: () => string | null) {
  const teamHolding = projectTeamHolding(projectsUrl, codec, 'system');
  const hr = {
    get baseUrl() {
      return hrUrl();
    },
    codec,
    service: 'system',
    timeoutMs: 3000,
  };
  const usersOfStaff = async (staffIds: string[], roleId?: string | null) => {
    if (!staffIds.length) return [];
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM app_user WHERE state = 'ACTIVE' AND staff_id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR $2 = ANY(role_ids)) ORDER BY full_name`,
      [staffIds, roleId ?? null],
    );
    return rows.map((r) => r.id);
  };

  serveInternal(app, systemInternal.resolve, async ({ body: b }) => {
    const given = b.given.map((x) => x.toLowerCase());
    let department = b.department_id;
    if (!department && b.submitter_staff_id) {
      department = (await callInternal(hr, hrInternal.staff, { params: { id: b.submitter_staff_id } }))?.department_id ?? null;
    }
    let org: { id: string; parent_id: string | null; manager_id: string | null }[] | null = null;
    // Several levels may ask HR the same question: ask once per resolve.
    const asked = new Map<string, Promise<string[]>>();
    const staffWhere = (department_id: string) => {
      if (!asked.has(department_id)) asked.set(department_id, callInternal(hr, hrInternal.staffWhere, { query: { department_id } }));
      return asked.get(department_id)!;
    };
    const out: { level: number; approver_ids: string[] }[] = [];
    for (const l of b.levels) {
      let ids: string[] = [];
      switch (l.scope) {
        case 'USERS':
          ids = l.approver_ids?.length ? l.approver_ids.map((x) => x.toLowerCase()) : given;
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
          if (department) ids = await usersOfStaff(await staffWhere(department), l.role_id);
          break;
        case 'POSITION_OF_PROJECT':
          // Those holding the position in the record's project team (the project directory); a record without a
          // project has nobody there, and the engine says the level has no approver.
          if (l.position_id && b.project_id) ids = await usersOfStaff(await teamHolding(b.project_id, l.position_id));
          break;
        case 'DEPARTMENT_TREE': {
          if (!department) break;
          org ??= await callInternal(hr, hrInternal.org, {});
          const byId = new Map(org.map((o) => [o.id, o]));
          // The heads up the tree from the record's department, skipping units without a head, the submitter and the
          // staff member the record is about (a head's own leave goes to the head above them).
          const skip = new Set([b.submitter_staff_id, b.subject_staff_id].filter((x): x is string => Boolean(x)).map((x) => x.toLowerCase()));
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
    return out;
  });

  serveInternal(app, systemInternal.actingFor, async ({ body: b }) => {
    const { rows } = await pool.query<{ approver_id: string }>(
      `SELECT approver_id FROM delegation WHERE state = 'ACTIVE' AND deputy_id = $1 AND approver_id = ANY($2::uuid[])
         AND from_date <= current_date AND to_date >= current_date ORDER BY from_date LIMIT 1`,
      [b.user_id, b.approver_ids],
    );
    return rows[0]?.approver_id ?? null;
  });

  serveInternal(app, systemInternal.accountsOf, async ({ body }) => {
    const { rows } = await pool.query<{ id: string; staff_id: string }>(`SELECT id, staff_id FROM app_user WHERE staff_id = ANY($1::uuid[])`, [body.staff_ids]);
    return rows;
  });

  serveInternal(app, systemInternal.contacts, async ({ body }) => {
    const ids = body.user_ids;
    const { rows } = await pool.query<{ id: string; email: string | null; deputies: { id: string; email: string | null }[] }>(
      `SELECT u.id, u.email,
              coalesce(json_agg(json_build_object('id', du.id, 'email', du.email)) FILTER (WHERE du.id IS NOT NULL), '[]') AS deputies
         FROM app_user u
         LEFT JOIN delegation d ON d.approver_id = u.id AND d.state = 'ACTIVE' AND d.from_date <= current_date AND d.to_date >= current_date
         LEFT JOIN app_user du ON du.id = d.deputy_id AND du.state = 'ACTIVE'
        WHERE u.id = ANY($1::uuid[]) AND u.state = 'ACTIVE' GROUP BY u.id, u.email`,
      [ids],
    );
    return rows;
  });
}

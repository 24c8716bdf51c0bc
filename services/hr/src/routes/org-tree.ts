import type { FastifyInstance } from 'fastify';
import { requireCaller, serveInternal, type ServiceKit, serveRoute } from '@portal/service-kit';
import { hrInternal, hrApi } from '@portal/contracts';

export interface OrgNode {
  id: string;
  code: string;
  name: string;
  type: string;
  parent_id: string | null;
  manager_id: string | null;
  children: OrgNode[];
}

export async function loadOrgRows(kit: ServiceKit) {
  const { rows } = await kit.pool.query<Omit<OrgNode, 'children'>>(
    `SELECT id, code, name, type, parent_id, manager_id FROM organization WHERE state = 'ACTIVE' ORDER BY ordering NULLS LAST, name`,
  );
  return rows;
}

export function buildTree(rows: Omit<OrgNode, 'children'>[]): OrgNode[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as OrgNode[] }]));
  const roots: OrgNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parent_id ? byId.get(node.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The organization tree (units and departments) and its flat parent map for the gateway's scope expansion. */
export function orgTreeRoutes(app: FastifyInstance, kit: ServiceKit) {
  serveRoute(app, hrApi.orgTree, async (req) => {
    requireCaller(req);
    return { success: true, data: buildTree(await loadOrgRows(kit)) };
  });
  serveInternal(app, hrInternal.orgParents, async () => {
    const { rows } = await kit.pool.query<{ id: string; parent_id: string | null }>(`SELECT id, parent_id FROM organization WHERE state = 'ACTIVE'`);
    return rows;
  });
}

/**
 * A small fixed world for the abuse tests: the demo company plus users covering every combination of permission level
 * and data scope that matters, records of every resource in the callers' own department, a sub-department and other
 * departments (some created by the callers themselves), files attached to them, and a snapshot of every row.
 *
 * The oracle (`canDo`, `sees`, `readsFile`) is computed here from the declarations (feature, scope rule) and the roles'
 * data (permission sets, staff scope, departments) with an implementation of spec §6 of its own: it never asks the
 * server what a user may see.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allResources, PROJECT_DIRECTORY, resourceByName, type Action, type Feature, type ResourceDef } from '@portal/contracts';
import { png } from '../support/images';
import { sampleBody } from '../support/samples';
import { DEMO_PASSWORD, type Api, type Seed, type TestStack } from '../support/stack';

export type Row = Record<string, unknown> & { id: string; state: string };

export interface Actor {
  key: string;
  api: Api;
  userId: string;
  staffId: string | null;
  isAdmin: boolean;
  /** `${action}:${feature}` pairs. */
  ability: Set<string>;
  /** Departments in the staff scope, subtrees included; null: every department (VIEW_ALL or admin). */
  depts: Set<string> | null;
  /** The department of the actor's staff record. */
  ownDept: string | null;
  /**
   * The project scope (spec §6): null for every project (VIEW_ALL, admin); otherwise the roles' specific projects, the
   * departments whose projects they see (subtrees), and whether the projects of their teams count.
   */
  projects?: { specific: Set<string>; depts: Set<string>; team: boolean } | null;
}

export interface FileFixture {
  id: string;
  context: string | null;
  contextId: string | null;
  isPublic: boolean;
  ownerId: string;
}

export interface World {
  s: TestStack;
  admin: Api;
  actors: Actor[];
  org: Map<string, { id: string; code: string; parent_id: string | null }>;
  dept: Record<string, string>;
  /** Every row of every resource (any state), by resource name. */
  rows: Map<string, Row[]>;
  byId: Map<string, Map<string, Row>>;
  files: FileFixture[];
}

const ALL_ACTIONS: Action[] = ['view', 'add', 'edit', 'delete', 'approve'];
const FEATURES_USED = [...new Set(allResources.map((r) => r.feature)), 'report', 'setting'] as Feature[];

/** Every row of a resource, whatever its state, through the admin's list (the data, not a permission question). */
async function allRows(admin: Api, r: ResourceDef): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await admin.get(`${r.path}?limit=300&page=${page}&f_state=ALL&fields=*`);
    if (res.status !== 200) throw new Error(`snapshot ${r.name}: ${res.status} ${JSON.stringify(res.body)}`);
    out.push(...res.body.data.items);
    if (out.length >= res.body.data.totalRows) return out;
  }
}

const ok = async <T = any>(p: Promise<{ status: number; body: any }>, what: string): Promise<T> => {
  const res = await p;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
};

/** Departments and everything under them. */
export function subtree(org: World['org'], ids: Iterable<string>): Set<string> {
  const out = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of org.values())
      if (o.parent_id && out.has(o.parent_id) && !out.has(o.id)) {
        out.add(o.id);
        grew = true;
      }
  }
  return out;
}

interface RoleRow {
  id: string;
  state: string;
  permissions: { feature: string; actions: string[] }[] | null;
  staff_scope: string;
  staff_department_ids: string[] | null;
  project_scope?: string;
  project_ids?: string[] | null;
}

/**
 * Spec §6 as the oracle reads it: a user's roles are their own and those of their staff record's decentralization
 * (ACTIVE ones); permissions are united; the widest staff scope wins — VIEW_ALL over department lists, which unite the
 * named departments (VIEW_SPECIFIC_DEPARTMENT) and the user's own (VIEW_RELATED_DEPARTMENT), each with its subtree.
 */
function model(
  w: Pick<World, 'org'>,
  user: { id: string; is_admin: boolean | null; role_ids: string[] | null; staff_id: string | null },
  roles: RoleRow[],
  decentralizations: Row[],
  staff: Map<string, Row>,
) {
  const ownDept = user.staff_id ? ((staff.get(user.staff_id)?.department_id as string | null) ?? null) : null;
  if (user.is_admin) return { isAdmin: true, ability: new Set<string>(), depts: null, ownDept, projects: null };
  const ids = new Set(user.role_ids ?? []);
  for (const d of decentralizations) if (d.state === 'ACTIVE' && d.staff_id === user.staff_id) for (const id of (d.role_ids as string[]) ?? []) ids.add(id);
  const held = roles.filter((r) => r.state === 'ACTIVE' && ids.has(r.id));
  const ability = new Set<string>();
  for (const r of held) for (const p of Array.isArray(r.permissions) ? r.permissions : []) for (const a of p.actions) ability.add(`${a}:${p.feature}`);
  // The project scope: every project with a VIEW_ALL role; otherwise each role adds its own projects, the own
  // department's (with its subtree), or the teams'.
  let projects: NonNullable<Actor['projects']> | null = null;
  if (!held.some((r) => r.project_scope === 'VIEW_ALL')) {
    projects = { specific: new Set(), depts: new Set(), team: false };
    for (const r of held) {
      if (r.project_scope === 'VIEW_SPECIFIC_PROJECT') for (const p of r.project_ids ?? []) projects.specific.add(p);
      else if (r.project_scope === 'VIEW_PROJECT_POSITION') projects.team = true;
      else if (ownDept) projects.depts.add(ownDept);
    }
    if (!held.length && ownDept) projects.depts.add(ownDept);
    projects.depts = subtree(w.org, projects.depts);
  }
  if (held.some((r) => r.staff_scope === 'VIEW_ALL')) return { isAdmin: false, ability, depts: null, ownDept, projects };
  const named = new Set<string>();
  for (const r of held) {
    if (r.staff_scope === 'VIEW_SPECIFIC_DEPARTMENT') for (const d of r.staff_department_ids ?? []) named.add(d);
    else if (ownDept) named.add(ownDept);
  }
  if (!held.length && ownDept) named.add(ownDept);
  return { isAdmin: false, ability, depts: subtree(w.org, named), ownDept, projects };
}

export function canDo(a: Actor, action: Action, feature: Feature): boolean {
  return a.isAdmin || a.ability.has(`${action}:${feature}`);
}

/** Whether the actor may call a resource's route of this action: its feature's right, or any signed-in user for a resource of everyone's own rows. */
export function canUse(a: Actor, action: Action, r: ResourceDef): boolean {
  return r.access === 'own' || canDo(a, action, r.feature);
}

/** Whether the actor's data scope lets them see a row of a resource (spec §6; the declaration's scope rule). */
export function sees(w: World, a: Actor, r: ResourceDef, row: Row): boolean {
  const rule = r.scope;
  // Rows of their owners: an admin reads every one, anyone else those naming them in an owner column.
  if (rule?.owner) return a.isAdmin || rule.owner.some((c) => row[c] === a.userId);
  // A limited row (ScopeRule.limited): an admin, its creator, its handler, the staff and own units it names — nobody else.
  const lim = rule?.limited;
  if (lim && String(row[lim.field]) !== String(lim.open)) {
    const named = (k: string, v: string | null) => Boolean(v) && ((row[k] as string[] | null) ?? []).includes(v!);
    return (
      a.isAdmin ||
      row.created_by === a.userId ||
      named(lim.staff, a.staffId) ||
      named(lim.departments, a.ownDept) ||
      Boolean(rule!.ownStaff && a.staffId && row[rule!.ownStaff] === a.staffId)
    );
  }
  // The project scope (spec §6): the row's project must be one of the actor's; the register's rows are their own project.
  if (rule?.project && !seesProject(w, a, rule.project === 'id' ? row : w.byId.get(PROJECT_DIRECTORY.register)?.get(String(row[rule.project])))) return false;
  // No rule, or one that limits writes only (organization units: `writeDepartment`): every row is read.
  if (!rule || (!rule.staffDepartment && !rule.via)) return true;
  if (rule.via) {
    const target = resourceByName.get(r.fields[rule.via]!.ref!)!;
    const parent = w.byId.get(target.name)!.get(String(row[rule.via]));
    return parent ? sees(w, a, target, parent) : false;
  }
  if (a.isAdmin || a.depts === null) return true;
  const dept = row[rule.staffDepartment!] as string | null;
  if (dept && a.depts.has(dept)) return true;
  if (rule.ownStaff && a.staffId && row[rule.ownStaff] === a.staffId) return true;
  // Staff named in a shared field (ScopeRule.shared: a ticket's performer, a trip's companion) read it from any department.
  return Boolean(
    a.staffId &&
      (rule.shared ?? []).some((k) => {
        const v = row[k];
        return Array.isArray(v) ? v.includes(a.staffId) : v === a.staffId;
      }),
  );
}

/**
 * Whether the project scope lets the actor read a row (true for a resource not limited by project): its project — its
 * own, the register's row itself, or its parent's (`via`) — is one of theirs. What the activity log applies to a record's
 * history.
 */
export function inProjectScope(w: World, a: Actor, r: ResourceDef, row: Row | undefined, depth = 0): boolean {
  const rule = r.scope;
  if (!row || depth > 5) return false;
  if (rule?.project) return seesProject(w, a, rule.project === 'id' ? row : w.byId.get(PROJECT_DIRECTORY.register)?.get(String(row[rule.project])));
  if (!rule?.via) return true;
  const target = resourceByName.get(r.fields[rule.via]!.ref!)!;
  return inProjectScope(w, a, target, w.byId.get(target.name)?.get(String(row[rule.via])), depth + 1);
}

/** Whether a project is in the actor's project scope: theirs by role, of their departments, or of a team they are on. */
function seesProject(w: World, a: Actor, project: Row | undefined): boolean {
  if (a.isAdmin || !a.projects) return true;
  if (!project) return false;
  const p = a.projects;
  if (p.specific.has(project.id) || p.depts.has(String(project.department_id))) return true;
  const team = PROJECT_DIRECTORY.team;
  return p.team && Boolean(a.staffId) && (w.rows.get(team) ?? []).some((m) => m.state === 'ACTIVE' && m.project_id === project.id && m.staff_id === a.staffId);
}

/** The department a row belongs to for the activity log: its own, or the one of the record it belongs to. */
export function departmentOf(w: World, r: ResourceDef, row: Row): string | null {
  if (r.scope?.staffDepartment) return (row[r.scope.staffDepartment] as string | null) ?? null;
  if (!r.scope?.via) return null;
  const target = resourceByName.get(r.fields[r.scope.via]!.ref!)!;
  const parent = w.byId.get(target.name)!.get(String(row[r.scope.via]));
  return parent ? departmentOf(w, target, parent) : null;
}

/** A private file: its owner, an admin, or whoever may view its record's feature and see that record; a public one: anyone. */
export function readsFile(w: World, a: Actor, f: FileFixture): boolean {
  if (f.isPublic || f.ownerId === a.userId || a.isAdmin) return true;
  const r = f.context ? resourceByName.get(f.context) : undefined;
  if (!r || !canUse(a, 'view', r)) return false;
  if (!f.contextId) return true;
  const row = w.byId.get(r.name)!.get(f.contextId);
  return row ? sees(w, a, r, row) : false;
}

const PASSWORD = 'Abuse@Portal2026';
const all = (actions: readonly Action[] = ALL_ACTIONS) => FEATURES_USED.map((feature) => ({ feature, actions: [...actions] }));

/** What the world's seed leaves for each copy to read (`world.json` in the data folder): who signs in how, and the files. */
interface WorldNotes {
  logins: { key: string; login: string; password: string }[];
  files: FileFixture[];
}

/**
 * Writes the world, once per run, on the stack of the run's world template (support/stack.ts `seed`: every file asking
 * for `WORLD` gets a copy of its databases and stored files). The users (beyond the admin and the four demo users):
 * none (no permission), view-all (view only, VIEW_ALL), full-all (every right, VIEW_ALL), rel-kttc (view, own department
 * KTTC and its sub-department BCH), full-bch (every right, own department BCH, a leaf), spec (view, VIEW_SPECIFIC TCKT and
 * the unit KDA, own record in HCNS outside it), mixed (a specific role for TCKT and a related one, own department MEP),
 * rel-nostaff (VIEW_RELATED without a staff record: no department), partial (staff, leave and report only, own KD),
 * decentral (no role of their own; a decentralization of their staff record gives the related role, own MEP),
 * deleted-role (their only role deactivated).
 */
async function seedWorld(s: TestStack): Promise<void> {
  const admin = s.api(await s.adminToken());
  const tag = randomBytes(3).toString('hex');
  const orgRows = (await ok<{ items: { id: string; code: string; parent_id: string | null }[] }>(admin.get('/organization?limit=300'), 'organizations')).items;
  const _org = new Map(orgRows.map((o) => [o.id, o]));
  const dept = Object.fromEntries(orgRows.map((o) => [o.code, o.id])) as Record<string, string>;
  const positions = (await ok<{ items: { id: string; code: string }[] }>(admin.get('/position?limit=300'), 'positions')).items;
  const leaveTypes = (await ok<{ items: { id: string; code: string }[] }>(admin.get('/leave-type?limit=300'), 'leave types')).items;
  const sick = leaveTypes.find((t) => t.code === 'SICK')!.id;

  const role = async (code: string, staff_scope: string, permissions: unknown, staff_department_ids: string[] = []) =>
    (
      await ok<{ id: string }>(
        admin.post('/role', { code: `${code}-${tag}`.toUpperCase(), name: code, staff_scope, project_scope: 'VIEW_ALL', staff_department_ids, permissions }),
        `role ${code}`,
      )
    ).id;
  const roles = {
    none: await role('none', 'VIEW_ALL', []),
    viewAll: await role('view-all', 'VIEW_ALL', all(['view'])),
    fullAll: await role('full-all', 'VIEW_ALL', all()),
    viewRel: await role('view-rel', 'VIEW_RELATED_DEPARTMENT', all(['view'])),
    fullRel: await role('full-rel', 'VIEW_RELATED_DEPARTMENT', all()),
    viewSpec: await role('view-spec', 'VIEW_SPECIFIC_DEPARTMENT', all(['view']), [dept.TCKT!, dept.KDA!]),
    specTckt: await role(
      'spec-tckt',
      'VIEW_SPECIFIC_DEPARTMENT',
      [
        { feature: 'staff', actions: ['view'] },
        { feature: 'leave', actions: ['view'] },
      ],
      [dept.TCKT!],
    ),
    partial: await role('partial', 'VIEW_RELATED_DEPARTMENT', [
      { feature: 'staff', actions: ['view'] },
      { feature: 'leave', actions: ['view', 'add'] },
      { feature: 'report', actions: ['view'] },
    ]),
    doomed: await role('doomed', 'VIEW_ALL', all(['view'])),
  };

  let n = 900;
  const staffIn = async (code: string) =>
    (
      await ok<{ id: string }>(
        admin.post('/staff', {
          code: `AB${n++}-${tag}`.toUpperCase(),
          full_name: `Abuse ${code} ${tag}`,
          department_id: dept[code],
          status: 'OFFICIAL',
          entry_date: '2020-01-01',
        }),
        `staff in ${code}`,
      )
    ).id;
  const specs: { key: string; dept: string | null; roles: string[] }[] = [
    { key: 'none', dept: null, roles: [roles.none] },
    { key: 'view-all', dept: 'HCNS', roles: [roles.viewAll] },
    { key: 'full-all', dept: 'QLHD', roles: [roles.fullAll] },
    { key: 'rel-kttc', dept: 'KTTC', roles: [roles.viewRel] },
    { key: 'full-bch', dept: 'BCH', roles: [roles.fullRel] },
    { key: 'spec', dept: 'HCNS', roles: [roles.viewSpec] },
    { key: 'mixed', dept: 'MEP', roles: [roles.specTckt, roles.viewRel] },
    { key: 'rel-nostaff', dept: null, roles: [roles.viewRel] },
    { key: 'partial', dept: 'KD', roles: [roles.partial] },
    { key: 'decentral', dept: 'MEP', roles: [] },
    { key: 'deleted-role', dept: 'TCKT', roles: [roles.doomed] },
  ];
  const logins: { key: string; login: string; password: string }[] = [
    { key: 'admin', login: s.adminEmail, password: 'Admin@Portal1' },
    ...['director', 'hr.manager', 'head.kttc', 'engineer'].map((u) => ({ key: `demo:${u}`, login: u, password: DEMO_PASSWORD })),
  ];
  const staffOf = new Map<string, string>();
  for (const u of specs) {
    const staffId = u.dept ? await staffIn(u.dept) : null;
    if (staffId) staffOf.set(u.key, staffId);
    const username = `abuse.${u.key}.${tag}`;
    const user = await ok<{ id: string }>(
      admin.post('/user', { username, email: `${username}@example.com`, full_name: `Abuse ${u.key}`, staff_id: staffId, role_ids: u.roles }),
      `user ${u.key}`,
    );
    await ok(admin.post(`/user/${user.id}/password`, { password: PASSWORD }), `password ${u.key}`);
    logins.push({ key: u.key, login: username, password: PASSWORD });
  }
  await ok(
    admin.post('/decentralization', { name: `Abuse decentral ${tag}`, staff_id: staffOf.get('decentral'), role_ids: [roles.viewRel] }),
    'decentralization',
  );
  await ok(admin.del(`/role/${roles.doomed}`), 'deactivate role');

  const tokens = new Map<string, Api>();
  for (const l of logins) tokens.set(l.key, s.api((await s.signIn(l.login, l.password)).accessToken));

  // Records where the demo has none, in several departments; some written by the scoped users themselves.
  const staffRows = (await ok<{ items: Row[] }>(admin.get('/staff?limit=300'), 'staff')).items;
  const staffInDept = (code: string, i = 0) => staffRows.filter((x) => x.department_id === dept[code])[i]!.id;
  const create = async (api: Api, name: string, refs: Record<string, string>, extra: Record<string, unknown> = {}) => {
    const r = resourceByName.get(name)!;
    const body = { ...(await sampleBody(admin, r, n++, { tag, refs })), ...extra };
    return ok<Row>(api.post(r.path, body), `create ${name} ${JSON.stringify(refs)}`);
  };
  const fullBch = tokens.get('full-bch')!;
  const fullAll = tokens.get('full-all')!;
  for (const code of ['KTTC', 'BCH', 'TCKT', 'MEP', 'HCNS']) await create(admin, 'group', { department_id: dept[code]! });
  const ownGroup = await create(fullBch, 'group', { department_id: dept.BCH! });
  const goneGroup = await create(admin, 'group', { department_id: dept.KTTC! });
  await ok(admin.del(`/group/${goneGroup.id}`), 'deactivate group');
  for (const code of ['KTTC', 'BCH', 'TCKT', 'KD', 'MEP']) await create(admin, 'staffLeave', { staff_id: staffInDept(code, 1), leave_type_id: sick });
  await create(admin, 'staffLeave', { staff_id: staffOf.get('spec')!, leave_type_id: sick });
  await create(fullBch, 'staffLeave', { staff_id: staffOf.get('full-bch')!, leave_type_id: sick });
  await create(tokens.get('demo:engineer')!, 'staffLeave', { staff_id: staffRows.find((x) => x.code === 'NV004')!.id, leave_type_id: sick });
  for (const code of ['KTTC', 'BCH', 'TCKT', 'HCNS']) {
    await create(admin, 'staffStatus', { staff_id: staffInDept(code, 2) }, { status: 'OFFICIAL', effective_date: '2031-01-01' });
    await create(admin, 'staffTransferHistory', { staff_id: staffInDept(code, 2) }, { kind: 'TRANSFER', effective_date: '2019-05-01' });
  }
  await create(admin, 'holiday', {}, { from_date: '2030-04-30', to_date: '2030-05-01' });
  const pos = positions[0]!.id;
  for (const code of ['TCKT', 'KTTC', 'BCH']) await create(admin, 'recruitment', { department_id: dept[code]!, position_id: pos });
  await create(fullAll, 'recruitment', { department_id: dept.MEP!, position_id: pos });
  await create(fullBch, 'recruitment', { department_id: dept.BCH!, position_id: pos });
  // Delegations (rows of their owners): each made by its approver for a deputy, one by the admin for someone else, one ended.
  const userRows = (await ok<{ items: Row[] }>(admin.get('/user?limit=300'), 'users')).items;
  const userOf = (login: string) => userRows.find((u) => u.username === login || u.email === login)!.id;
  const loginOf = (key: string) => logins.find((l) => l.key === key)!.login;
  const delegate = async (api: Api, approver: string | null, deputy: string, month: number) =>
    ok<Row>(
      api.post('/approval-delegation', {
        ...(approver ? { approver_id: userOf(loginOf(approver)) } : {}),
        deputy_id: userOf(loginOf(deputy)),
        from_date: `2031-0${month}-01`,
        to_date: `2031-0${month}-10`,
        note: `abuse ${tag}`,
      }),
      `delegation ${approver} → ${deputy}`,
    );
  await delegate(tokens.get('full-bch')!, null, 'rel-kttc', 1);
  await delegate(tokens.get('none')!, null, 'full-bch', 2);
  await delegate(tokens.get('demo:engineer')!, null, 'demo:head.kttc', 3);
  await delegate(admin, 'spec', 'mixed', 4);
  const ended = await delegate(tokens.get('partial')!, null, 'decentral', 5);
  await ok(tokens.get('partial')!.del(`/approval-delegation/${ended.id}`), 'end delegation');
  // Bookmarks (rows of their owners): a scoped user's, one kept through the spec's list route, the admin's, one removed.
  const mark = (api: Api, n: number) => ok<Row>(api.post('/bookmark', { title: `abuse ${tag} ${n}`, url: `/hr/staff?n=${n}` }), `bookmark ${n}`);
  await mark(tokens.get('full-bch')!, 1);
  await ok(tokens.get('none')!.post('/bookmarks/update', { items: [{ title: `abuse ${tag}`, url: '/hr/leave' }] }), 'bookmarks list');
  await mark(admin, 2);
  const unmarked = await mark(tokens.get('demo:engineer')!, 3);
  await ok(tokens.get('demo:engineer')!.del(`/bookmark/${unmarked.id}`), 'remove bookmark');
  // Limited documents: naming a scoped user, a unit, handled by someone out of everyone's scope; one a scoped user made.
  const docType = (await ok<{ items: Row[] }>(admin.get('/document-type?limit=1'), 'document types')).items[0]!.id;
  const limitedDoc = async (api: Api, extra: Record<string, unknown>) =>
    ok<Row>(
      api.post('/document', { direction: 'IN', document_type_id: docType, summary: `abuse limited ${tag}`, visibility: 0, ...extra }),
      'limited document',
    );
  const limitedDocs = [
    await limitedDoc(admin, { handler_id: staffInDept('KD'), viewer_ids: [staffOf.get('rel-kttc')] }),
    await limitedDoc(admin, { handler_id: staffInDept('HCNS'), viewer_department_ids: [dept.MEP] }),
    await limitedDoc(fullBch, { handler_id: staffOf.get('full-bch') }),
    await limitedDoc(fullAll, { handler_id: staffInDept('TCKT'), viewer_ids: [staffOf.get('spec')] }),
  ];
  const family = (await ok<{ items: Row[] }>(admin.get('/familyRelationship?limit=1'), 'family')).items[0]!;
  await ok(admin.del(`/familyRelationship/${family.id}`), 'deactivate family');

  // Files: private ones on records in and out of every scope, one public, one owned by a scoped user, one without a record.
  const upload = async (api: Api, context: string | null, isPublic = false) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(2, 2, n++))]), `f${n}.png`);
    const qs = new URLSearchParams({ ...(context ? { context } : {}), is_public: String(isPublic) });
    return (
      await ok<{ data: { id: string; owner: string; context: string | null; is_public: boolean }[] }>(
        api.raw('POST', `/files?${qs}`, { body: form }),
        `upload ${context}`,
      )
    ).data[0]!;
  };
  const attach: string[] = [];
  for (const code of ['KTTC', 'BCH', 'TCKT', 'HCNS', 'MEP', 'KD']) attach.push(`staff:${staffInDept(code)}`);
  attach.push(`staff:${staffOf.get('spec')}`);
  const pick = async (name: string, pred: (x: Row) => boolean) => {
    const r = resourceByName.get(name)!;
    const rows = (await ok<{ items: Row[] }>(admin.get(`${r.path}?limit=300`), name)).items;
    return rows.filter(pred);
  };
  const staffDept = new Map(staffRows.map((x) => [x.id, x.department_id as string]));
  for (const code of ['TCKT', 'KTTC', 'BCH']) {
    for (const c of (await pick('laborContract', (x) => staffDept.get(String(x.staff_id)) === dept[code])).slice(0, 1)) attach.push(`laborContract:${c.id}`);
    for (const c of (await pick('staffLeave', (x) => x.department_id === dept[code])).slice(0, 1)) attach.push(`staffLeave:${c.id}`);
    for (const c of (await pick('recruitment', (x) => x.department_id === dept[code])).slice(0, 1)) attach.push(`recruitment:${c.id}`);
  }
  for (const c of (await pick('candidate', () => true)).slice(0, 3)) attach.push(`candidate:${c.id}`);
  for (const c of (await pick('candidateInterview', () => true)).slice(0, 2)) attach.push(`candidateInterview:${c.id}`);
  attach.push(`position:${pos}`, `group:${ownGroup.id}`, ...limitedDocs.map((d) => `document:${d.id}`));
  const files: FileFixture[] = [];
  const fixture = (f: { id: string; owner: string; context: string | null; is_public: boolean }): FileFixture => {
    const [context, contextId] = f.context ? f.context.split(':') : [null, null];
    return { id: f.id, context: context ?? null, contextId: contextId ?? null, isPublic: f.is_public, ownerId: f.owner };
  };
  for (const c of attach) files.push(fixture(await upload(admin, c)));
  files.push(fixture(await upload(admin, `staff:${staffInDept('TCKT', 1)}`, true)));
  files.push(fixture(await upload(fullBch, `staff:${staffOf.get('full-bch')}`)));
  files.push(fixture(await upload(tokens.get('none')!, null)));
  files.push(fixture(await upload(admin, 'staff')));

  const notes: WorldNotes = { logins, files };
  writeFileSync(join(s.dataDir, 'world.json'), JSON.stringify(notes));
}

/** The world's template: the demo company and the world's users, roles, records and files, written once per run. */
export const WORLD: Seed = { name: 'abuse-world', build: seedWorld };

/**
 * The world on a stack started with `seed: WORLD`: its users signed in, the snapshot of every row, and the actors'
 * rights and scope computed from the roles' data.
 */
export async function buildWorld(s: TestStack): Promise<World> {
  const { logins, files } = JSON.parse(readFileSync(join(s.dataDir, 'world.json'), 'utf8')) as WorldNotes;
  const admin = s.api(await s.adminToken());
  const orgRows = (await ok<{ items: { id: string; code: string; parent_id: string | null }[] }>(admin.get('/organization?limit=300'), 'organizations')).items;
  const org = new Map(orgRows.map((o) => [o.id, o]));
  const dept = Object.fromEntries(orgRows.map((o) => [o.code, o.id])) as Record<string, string>;
  const tokens = new Map<string, Api>();
  for (const l of logins) tokens.set(l.key, s.api((await s.signIn(l.login, l.password)).accessToken));

  // The snapshot of every row, then the actors from the roles' data.
  const rows = new Map<string, Row[]>();
  for (const r of allResources) rows.set(r.name, await allRows(admin, r));
  const byId = new Map([...rows].map(([name, list]) => [name, new Map(list.map((x) => [x.id, x]))]));
  const w: World = { s, admin, actors: [], org, dept, rows, byId, files };
  const roleRows = rows.get('role') as unknown as RoleRow[];
  const users = rows.get('user')!;
  for (const l of logins) {
    const u = users.find((x) => x.username === l.login || x.email === l.login)!;
    const m = model(w, u as never, roleRows, rows.get('decentralization')!, byId.get('staff')!);
    w.actors.push({ key: l.key, api: tokens.get(l.key)!, userId: u.id, staffId: (u.staff_id as string | null) ?? null, ...m });
  }
  return w;
}

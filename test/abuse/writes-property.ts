/**
 * Abuse, part 4: what a user may change about themselves. For every declared write route — every resource's
 * create, update, delete and import, the approval actions, the custom HR, system, files and notification writes, the
 * auth routes — generated (user, target, body) cases, written as a hostile colleague would: their own records with high
 * odds, the fields that decide access, pay and rights set to what would favour them (the root unit, every role,
 * administration, a huge salary, themselves as approver). After each case, whatever it answered:
 *
 * - the user holds no right, data scope or administration they did not hold before (the system service's own reading
 *   of their session, departments expanded to subtrees as the gateway does);
 * - nothing guarded about them changed: the access, pay and grant fields of every record about them (their staff record,
 *   contracts, salaries, rewards, leave allowance, account, decentralization, the roles they hold, their department and
 *   the units above it), compared before and after;
 * - nobody approved, refused or passed on a record they submitted, created, or that is about them;
 * - a file attached or removed, or an activity entry written, names only a record the user may change by the record's
 *   own rule: its edit route, asked with nothing sent, lets them (their scope, whose it is, closed or not), and they hold
 *   add or edit on its feature; only an administrator removes a file of a record they may not change. Staff records and
 *   tickets are named (a ticket's own rule is narrower than its rights: its requester, performer or a manager);
 * - never a 5xx. (That a refused call writes nothing is hostile-input.test.ts's property, over every table.)
 *
 * What a user holds is read again after every write that succeeded (anyone's: a colleague's write may change it). The
 * world is kept alive between cases: an actor whose session or account another actor's legitimate write ended (an
 * administrator setting their password, deactivating them) gets them back, so that later cases still test something.
 *
 * How many cases, and which, is the run's depth (support/depth.ts): 1,000 per route at the deep depth; per
 * commit 40 per route, 12 per route of a plain reference list (`ResourceDef.plain`), WRITE_RUNS overriding both. The
 * seed derives from the commit (ABUSE_SEED replays one), a failure prints the command that replays it, and every case
 * that ever failed is pinned (pinned-cases.ts) and replays first on every run. Whether the gateway admits an (actor,
 * route) pair does not change from case to case: each pair is checked once per route (refused ones: one real call, a
 * 403), and the cases are drawn from the admitted actors only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import fc from 'fast-check';
import { createSigner } from 'fast-jwt';
import {
  admits,
  allResources,
  featureFor,
  resourceByName,
  FEATURE_KEYS,
  type Action,
  type Domain,
  type Feature,
  type FieldDef,
  type ResourceDef,
  type RouteDecl,
} from '@portal/contracts';
import { abilityOf, rolesOf, scopesOf } from '../../services/system/src/auth/authz';
import { t } from '../../packages/service-kit/src/i18n';
import { startTestStack, type ApiResponse, type TestStack } from '../support/stack';
import { testedRoutes } from '../support/resources';
import { png } from '../support/images';
import { sampleValue } from '../support/samples';
import { WORLD, buildWorld, subtree, type Actor, type World } from './world';
import { actsConcern, actsSnapshot, actsViolations } from './acts-invariants';
import { casesOf, seedOf, withReplay } from '../support/depth';
import { PINNED_WRITE_CASES } from './pinned-cases';

/** Cases per route: the deep depth's, a risky route's per commit, and a plain reference list's per commit. */
const RUNS = casesOf('WRITE_RUNS', 1000, 40);
const PLAIN_RUNS = casesOf('WRITE_RUNS', 1000, 12);
/**
 * The routes that check or set a password (declared `limit: 'auth'` — sign-in, change password, reset, refresh, Google —
 * and an administrator's password set) cost a deliberately slow hash per case, a password change up to 25 of them (the
 * history): 1,000 cases of one would take minutes and test nothing the others do not, so they run this many. The
 * identity they act on is the caller's own, or none.
 */
const AUTH_RUNS = Math.min(RUNS, casesOf('WRITE_AUTH_RUNS', 50, 5));
const INTERNAL_KEY = 'w'.repeat(48);
const AUTH_SECRET = 'a'.repeat(48);

let s: TestStack;
let w: World;
const signAccess = createSigner({ key: AUTH_SECRET, algorithm: 'HS256', expiresIn: 86_400_000, iss: 'portal' });

/** Everything a case may point at: ids by kind, refreshed as the cases write. */
const ids = {
  user: [] as string[],
  role: [] as string[],
  org: [] as string[],
  staff: [] as string[],
  position: [] as string[],
  file: [] as string[],
  flow: [] as string[],
  costLimit: [] as string[],
  delegation: [] as string[],
  ticket: [] as string[],
};
let rootOrg = '';
/** A valid create body of each resource (its required references made once, by the admin). */
const samples = new Map<string, Record<string, unknown>>();
/** Writers added to the world's actors: the rights a hostile colleague would most like to turn on themselves. */
const EXTRA_KEYS = ['acct', 'perm', 'org-kd', 'staff-kttc', 'leave-days'];

async function setup() {
  // Tokens outlive the run (the actors' sessions would otherwise expire midway and every later case be a plain 401).
  s = await startTestStack({ demo: true, seed: WORLD, env: { INTERNAL_KEY, AUTH_SECRET, ACCESS_TOKEN_TTL_SECONDS: '86400' } });
  w = await buildWorld(s);
  const admin = w.admin;
  const tag = randomBytes(2).toString('hex');
  const role = async (code: string, staff_scope: string, permissions: unknown) =>
    (await admin.post('/role', { code: `${code}-${tag}`.toUpperCase(), name: code, staff_scope, project_scope: 'VIEW_RELATED_DEPARTMENT', permissions })).body
      .data.id as string;
  const all = (features: string[]) => features.map((feature) => ({ feature, actions: ['view', 'add', 'edit', 'delete', 'approve'] }));
  const specs: [string, string | null, string][] = [
    ['acct', 'HCNS', await role('w-acct', 'VIEW_ALL', all(['account']))],
    ['perm', 'HCNS', await role('w-perm', 'VIEW_ALL', all(['permission', 'setting']))],
    ['org-kd', 'KD', await role('w-org', 'VIEW_RELATED_DEPARTMENT', all(['organization', 'organizational_chart', 'staff']))],
    ['staff-kttc', 'KTTC', await role('w-staff', 'VIEW_RELATED_DEPARTMENT', all(['staff', 'leave', 'leave_days', 'recruitment', 'report']))],
    ['leave-days', 'BCH', await role('w-days', 'VIEW_RELATED_DEPARTMENT', all(['leave', 'leave_days']))],
  ];
  for (const [key, dept, roleId] of specs) {
    const staff = dept
      ? (
          await admin.post('/staff', {
            code: `W${key}-${tag}`.toUpperCase(),
            full_name: `Writer ${key}`,
            department_id: w.dept[dept],
            status: 'OFFICIAL',
            entry_date: '2020-01-01',
          })
        ).body.data.id
      : null;
    const username = `w.${key}.${tag}`;
    const u = (await admin.post('/user', { username, email: `${username}@example.com`, full_name: `Writer ${key}`, staff_id: staff, role_ids: [roleId] })).body
      .data;
    expect((await admin.post(`/user/${u.id}/password`, { password: 'Writer#Pass1' })).status).toBe(200);
    const api = s.api((await s.signIn(username, 'Writer#Pass1')).accessToken);
    w.actors.push({ key, api, userId: u.id, staffId: staff, isAdmin: false, ability: new Set(), depts: null, ownDept: dept ? w.dept[dept]! : null });
  }
  // Money on everyone, so that "their own pay" is there to be taken.
  for (const a of w.actors) if (a.staffId) await admin.post('/salaryStaff', { staff_id: a.staffId, effective_date: '2025-01-01', base_salary: 20_000_000 });
  await refreshIds();
  rootOrg = (await s.services.hr!.pool.query(`SELECT id FROM organization WHERE parent_id IS NULL ORDER BY created_date LIMIT 1`)).rows[0].id;
  let n = 7000;
  for (const r of allResources) samples.set(r.name, validBody(r, n++, tag));
  for (const a of w.actors as Writer[]) {
    a.sid = sidOf(a);
    if (EXTRA_KEYS.includes(a.key)) Object.assign(a, { ability: (await powerOf(a)).ability, depts: (await powerOf(a)).depts });
    const { rows } = await s.services.system!.pool.query<{ role_ids: string[] | null; is_admin: boolean | null }>(
      'SELECT role_ids, is_admin FROM app_user WHERE id = $1',
      [a.userId],
    );
    a.roles = rows[0]?.role_ids ?? [];
    a.admin = Boolean(rows[0]?.is_admin);
  }
  heldRoles = [...new Set((w.actors as Writer[]).flatMap((a) => a.roles))];
}

async function refreshIds() {
  const q = async (pool: Domain, sql: string) => (await s.services[pool]!.pool.query<{ id: string }>(sql)).rows.map((r) => r.id);
  ids.user = await q('system', 'SELECT id FROM app_user');
  ids.role = await q('system', 'SELECT id FROM role');
  ids.delegation = await q('system', 'SELECT id FROM delegation');
  ids.org = await q('hr', 'SELECT id FROM organization');
  ids.staff = await q('hr', 'SELECT id FROM staff');
  ids.position = await q('hr', 'SELECT id FROM position');
  ids.flow = await q('hr', 'SELECT id FROM approval_flow');
  ids.costLimit = await q('hr', 'SELECT id FROM approval_cost_limit');
  ids.file = await q('files', 'SELECT id FROM media');
  ids.ticket = await q('admin', 'SELECT id FROM ticket');
}

/**
 * A create body of valid values (test/support/samples.ts), its required references taken from rows the world already
 * has (an optional one is left out, as samples.ts does: a reference some rule ties to other fields — a reply to an
 * incoming document — would make every create of the resource a refusal).
 */
function validBody(r: ResourceDef, n: number, tag: string): Record<string, unknown> {
  const rows = w.rows.get(r.name) ?? [];
  const body: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.readonly || f.type === 'json') continue;
    if (f.type === 'ref' || f.type === 'refs') {
      if (!f.required) continue;
      const existing = rows.find((x) => x[name]);
      if (existing) body[name] = existing[name];
      continue;
    }
    body[name] = sampleValue(name, f, n, tag);
  }
  return body;
}

// ---------- what an actor holds: rights, scope, and everything guarded about them ----------

/** An actor of the world with its session id and what its account held at the start. */
type Writer = Actor & { sid: string; roles: string[]; admin: boolean };
let heldRoles: string[] = [];

interface Power {
  admin: boolean;
  ability: Set<string>;
  depts: Set<string> | null;
  projectAll: boolean;
  /** The projects named as theirs: their roles' own projects and the teams their staff record is on (business). */
  projects: Set<string>;
  roleIds: string[];
  staffId: string | null;
  ownDept: string | null;
  /** The organization units that existed when this was read (a unit created since under one's own is no wider scope: nobody is in it). */
  units: Set<string>;
  /** For whom the actor approves as a deputy: `approver|from|to` of every ACTIVE delegation naming them. */
  actsFor: Set<string>;
}

/** The session id (`sid`) of the access token an actor's calls carry. */
const sidOf = (a: Actor): string => JSON.parse(Buffer.from(a.api.token!.split('.')[1]!, 'base64url').toString()).sid;

/**
 * What the actor holds, read as the system service reads a session (auth/authz.ts: their account, the roles of their
 * account and of their staff record's decentralization, their own department), departments expanded to subtrees as the
 * gateway does. Read from the databases, not over HTTP: it is read thousands of times.
 */
async function powerOf(a: Actor): Promise<Power> {
  const sys = s.services.system!.pool;
  const [
    {
      rows: [u],
    },
    roles,
  ] = await Promise.all([
    sys.query<{ is_admin: boolean | null; staff_id: string | null; state: string }>('SELECT is_admin, staff_id, state FROM app_user WHERE id = $1', [a.userId]),
    rolesOf(sys, a.userId),
  ]);
  if (!orgTree || orgTree.epoch !== epoch) {
    const { rows } = await s.services.hr!.pool.query<{ id: string; code: string; parent_id: string | null }>('SELECT id, code, parent_id FROM organization');
    orgTree = { epoch, map: new Map(rows.map((o) => [o.id, o])) };
  }
  const units = new Set(orgTree.map.keys());
  if (u?.state !== 'ACTIVE')
    return {
      admin: false,
      ability: new Set(),
      depts: new Set(),
      projectAll: false,
      projects: new Set(),
      roleIds: [],
      staffId: null,
      ownDept: null,
      units,
      actsFor: new Set(),
    };
  const { rows: deputyOf } = await sys.query<{ k: string }>(
    `SELECT approver_id || '|' || from_date || '|' || to_date AS k FROM delegation WHERE deputy_id = $1 AND state = 'ACTIVE'`,
    [a.userId],
  );
  const dept = u.staff_id
    ? ((await s.services.hr!.pool.query<{ department_id: string | null }>('SELECT department_id FROM staff WHERE id = $1', [u.staff_id])).rows[0]
        ?.department_id ?? null)
    : null;
  const admin = Boolean(u.is_admin);
  const scopes = scopesOf(admin, roles, dept);
  const depts = scopes.staffScope.departmentIds ? subtree(orgTree.map, scopes.staffScope.departmentIds) : null;
  const teams = u.staff_id
    ? (await s.services.business!.pool.query<{ p: string }>(`SELECT project_id AS p FROM project_team WHERE staff_id = $1 AND state = 'ACTIVE'`, [u.staff_id]))
        .rows
    : [];
  return {
    admin,
    ability: new Set(abilityOf(admin, roles).map((x) => `${x.action}:${x.subject}`)),
    depts,
    projectAll: scopes.projectScope.type === 'VIEW_ALL',
    projects: new Set([...teams.map((t) => t.p), ...(scopes.projectScope.projectIds ?? [])]),
    roleIds: roles.map((r) => r.id),
    staffId: u.staff_id,
    ownDept: dept,
    units,
    actsFor: new Set(deputyOf.map((d) => d.k)),
  };
}

/** A value as the guard compares it: an empty list and false are "nothing", as null is. */
// A list of references is a set, as the write guard compares it (service-kit guard.ts `comparable`): the same roles
// sent back in another order are no change, though the column keeps the order sent.
const canon = (v: unknown) => (v === false || (Array.isArray(v) && !v.length) ? null : Array.isArray(v) ? v.map(String).sort() : v);

/**
 * Every guarded value (FieldDef.guard) on every record about the actor (ResourceDef.about), as one canonical text:
 * one query per service, each record kind a subquery of it.
 */
async function guardedAbout(a: Actor, p0: Pick<Power, 'roleIds' | 'staffId' | 'ownDept'>): Promise<string> {
  const { roleIds, ownDept } = p0;
  const byDomain = new Map<string, { parts: string[]; params: unknown[] }>();
  for (const r of allResources) {
    const guarded = Object.entries(r.fields)
      .filter(([, f]) => f.guard)
      .map(([n]) => n);
    if (!guarded.length || !r.about) continue;
    const q = byDomain.get(r.domain) ?? { parts: [], params: [] };
    byDomain.set(r.domain, q);
    const p = (v: unknown) => {
      q.params.push(v);
      return `$${q.params.length}`;
    };
    const cols = ['id', 'state', ...guarded].map((c) => `t.${c}`).join(', ');
    let from: string;
    if (r.about.kind === 'staff' || r.about.kind === 'user') {
      const me = r.about.kind === 'staff' ? p0.staffId : a.userId;
      from = `${r.table} t WHERE t.${r.about.field} = ${p(me ?? '00000000-0000-0000-0000-000000000000')}::uuid`;
    } else if (r.about.kind === 'role') {
      from = `${r.table} t WHERE t.id = ANY(${p(roleIds)}::uuid[])`;
    } else {
      from = `(WITH RECURSIVE up AS (SELECT * FROM ${r.table} WHERE id = ${p(ownDept ?? '00000000-0000-0000-0000-000000000000')}::uuid
        UNION SELECT o.* FROM ${r.table} o JOIN up ON o.id = up.parent_id) SELECT * FROM up) t`;
    }
    q.parts.push(`SELECT '${r.name}' AS resource, coalesce(json_agg(json_build_array(${cols}) ORDER BY t.id), '[]') AS rows FROM ${from}`);
  }
  const answers = await Promise.all(
    [...byDomain].map(([domain, q]) => s.services[domain as 'hr']!.pool.query<{ resource: string; rows: unknown[][] }>(q.parts.join(' UNION ALL '), q.params)),
  );
  return answers
    .flatMap((a) => a.rows.map((r) => `${r.resource}:${JSON.stringify(r.rows.map((row) => row.map(canon)))}`))
    .sort()
    .join('\n');
}

/**
 * Approval steps the actor took since `since` (a case's start) on a record that is, right after, theirs: one they
 * submitted, created, or that is about them. Asked after the case that took them: a record a later case moved to them
 * (a refused leave given to someone else, resubmitted by another) was not theirs when it was approved or refused.
 */
async function ownApprovals(a: Actor, since: Date): Promise<string[]> {
  const found: string[] = [];
  for (const r of allResources.filter((x) => x.approval)) {
    const about = r.about?.kind === 'staff' ? `OR t.${r.about.field} = $4::uuid` : '';
    const { rows } = await s.services[r.domain]!.pool.query<{ id: string }>(
      `SELECT st.id FROM approval_step st JOIN approval_request rq ON rq.id = st.request_id JOIN ${r.table} t ON t.id = rq.record_id
        WHERE rq.resource = $2 AND st.actor_id = $1 AND st.action IN ('APPROVE', 'REFUSE', 'SUBMIT_SUPERIORS') AND st.created_date >= $3
          AND (rq.submitted_by = $1 OR t.created_by = $1 ${about})`,
      [a.userId, r.name, since, ...(about ? [a.staffId ?? '00000000-0000-0000-0000-000000000000'] : [])],
    );
    found.push(...rows.map((x) => `${r.name}:${x.id}`));
  }
  return found;
}

function expectThat(cond: boolean, what: string, detail: () => unknown): void {
  if (!cond) throw new Error(`${what}\n${JSON.stringify(detail(), null, 1).slice(0, 4000)}`);
}

// ---------- hostile values ----------

interface Draw {
  n: number;
  m: number;
  k: number;
}
const pickOf = <T>(xs: readonly T[], i: number): T | undefined => (xs.length ? xs[Math.abs(i) % xs.length] : undefined);

/** What a field could be set to by someone trying to favour themselves; otherwise a plain valid value. */
function hostileValue(r: ResourceDef, name: string, f: FieldDef, a: Actor, p: Draw): unknown {
  const self = p.k % 3 !== 0;
  if (r.about && 'field' in r.about && r.about.field === name) return r.about.kind === 'staff' ? (a.staffId ?? pickOf(ids.staff, p.n)) : a.userId;
  switch (f.type) {
    case 'ref': {
      const target =
        f.ref === 'organization'
          ? self
            ? rootOrg
            : pickOf(ids.org, p.n)
          : f.ref === 'staff'
            ? self
              ? a.staffId
              : pickOf(ids.staff, p.n)
            : f.ref === 'position'
              ? pickOf(ids.position, p.n)
              : f.ref === 'user'
                ? self
                  ? a.userId
                  : pickOf(ids.user, p.n)
                : f.ref === 'role'
                  ? pickOf(ids.role, p.n)
                  : pickOf(w.rows.get(f.ref ?? '')?.map((x) => x.id) ?? [], p.n);
      return target ?? null;
    }
    case 'refs':
      return f.ref === 'role' ? ids.role.slice(0, 20) : f.ref === 'organization' ? ids.org.slice(0, 20) : [];
    case 'bool':
      return self;
    case 'money':
      return self ? 999_000_000_000 : 1_000_000 * (p.m % 50);
    case 'number':
    case 'int':
      return Math.min(f.max ?? 366, Math.max(f.min ?? 0, self ? (f.max ?? 366) : p.m % 30));
    case 'enum':
      return f.values![self ? 0 : p.m % f.values!.length];
    case 'json':
      return name === 'permissions' ? FEATURE_KEYS.map((feature) => ({ feature, actions: ['view', 'add', 'edit', 'delete', 'approve'] })) : [];
    case 'email':
      return self ? `${a.key.replace(/\W/g, '')}.${p.n}@attacker.example` : `x${p.n}@example.com`;
    case 'date':
      return `2026-0${(p.m % 9) + 1}-1${p.n % 9}`;
    default:
      return name.endsWith('status') ? 'APPROVED' : `${f.label.en} ${p.n}`.slice(0, f.max ?? 100);
  }
}

/** A hostile body for a resource: some fields (guarded ones with high odds) set as above. */
function resourceBody(r: ResourceDef, a: Actor, p: Draw, create: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = create ? { ...(samples.get(r.name) ?? {}) } : {};
  const fields = Object.entries(r.fields).filter(([, f]) => !f.readonly);
  const guarded = fields.filter(([, f]) => f.guard);
  // Mostly guarded fields; one case in five a plain edit, so that the writes a user may make are tried too.
  const plain = fields.filter(([, f]) => !f.guard);
  const chosen =
    p.k % 5 === 0 && plain.length ? [pickOf(plain, p.n)!] : [...(guarded.length ? [pickOf(guarded, p.m)!, pickOf(guarded, p.k)!] : []), pickOf(fields, p.n)!];
  for (const [name, f] of chosen) body[name] = hostileValue(r, name, f, a, p);
  if (r.about && 'field' in r.about && r.about.field !== 'id' && p.k % 2 === 0) body[r.about.field] = r.about.kind === 'staff' ? a.staffId : a.userId;
  // Unique values stay unique, so that a refusal is never just "code already exists".
  for (const [name, f] of fields) {
    if (!create || !f.unique || typeof body[name] !== 'string') continue;
    const fresh = `${p.n}${randomBytes(3).toString('hex')}`;
    body[name] =
      f.type === 'email'
        ? `${String(body[name]).split('@')[0]!.slice(0, 40)}.${fresh}@example.com`
        : `${String(body[name]).slice(0, 30)}${fresh}`.slice(0, f.max ?? 50);
  }
  return body;
}

/** Text for an XML element. */
const xml = (v: unknown) => String(v).replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);
const XLSX_PARTS = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="x" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

/**
 * A 1-row workbook of a body, headed by the fields' Vietnamese labels (as the import template is); written directly as
 * the few XML parts a workbook needs (exceljs would cost a thousand cases several seconds).
 */
function workbookOf(r: ResourceDef, body: Record<string, unknown>): Buffer {
  const cols = Object.entries(r.fields).filter(([n, f]) => !f.readonly && !f.noExport && body[n] !== undefined && body[n] !== null && f.type !== 'json');
  const col = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : col(Math.floor(i / 26) - 1) + col(i % 26));
  const cell = (v: unknown, i: number, row: number) =>
    typeof v === 'number' ? `<c r="${col(i)}${row}"><v>${v}</v></c>` : `<c r="${col(i)}${row}" t="inlineStr"><is><t>${xml(v)}</t></is></c>`;
  const value = ([n, f]: [string, FieldDef]) =>
    f.type === 'refs'
      ? (body[n] as string[]).join(', ')
      : f.type === 'date'
        ? String(body[n]).split('-').reverse().join('/')
        : typeof body[n] === 'boolean'
          ? body[n]
            ? 'Có'
            : 'Không'
          : body[n];
  const sheet =
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
    `<row r="1">${cols.map(([, f], i) => cell(f.label.vi, i, 1)).join('')}</row><row r="2">${cols.map((c, i) => cell(value(c), i, 2)).join('')}</row></sheetData></worksheet>`;
  return Buffer.from(zipSync(Object.fromEntries([...Object.entries(XLSX_PARTS), ['xl/worksheets/sheet1.xml', sheet]].map(([k, v]) => [k, strToU8(v)]))));
}

// ---------- the routes and one case ----------

const WRITE_ROUTES = testedRoutes.filter((r) => r.method !== 'GET');
const resourceOf = (route: RouteDecl) =>
  allResources.filter((r) => route.path === r.path || route.path.startsWith(`${r.path}/`)).sort((x, y) => y.path.length - x.path.length)[0];

interface Case {
  actor: number;
  target: number;
  own: boolean;
  n: number;
  m: number;
  k: number;
}

/** Rows of a resource that are about the actor, then any rows. */
function targetsOf(r: ResourceDef | undefined, a: Actor, own: boolean): string[] {
  if (!r) return [];
  const rows = w.rows.get(r.name) ?? [];
  if (own && r.about) {
    const mine = rows
      .filter((x) =>
        r.about!.kind === 'staff'
          ? x[r.about!.field === 'id' ? 'id' : (r.about as { field: string }).field] === a.staffId
          : r.about!.kind === 'user'
            ? x[(r.about as { field: string }).field] === a.userId
            : r.about!.kind === 'unit'
              ? x.id === a.ownDept
              : false,
      )
      .map((x) => x.id);
    if (mine.length) return mine;
  }
  return rows.map((x) => x.id);
}

/** The id a path parameter takes for this route. */
function idFor(route: RouteDecl, a: Actor, c: Case): string {
  const r = resourceOf(route);
  if (route.path.startsWith('/user/')) return c.own ? a.userId : pickOf(ids.user, c.target)!;
  if (route.path.startsWith('/files/')) return pickOf(ids.file, c.target) ?? randomUUID();
  if (route.path.startsWith('/approval-delegation/')) return pickOf(ids.delegation, c.target) ?? randomUUID();
  if (route.path.includes('/approval-flow/')) return pickOf(ids.flow, c.target) ?? randomUUID();
  if (route.path.includes('/approval-cost-limit/')) return pickOf(ids.costLimit, c.target) ?? randomUUID();
  return pickOf(targetsOf(r, a, c.own), c.target) ?? randomUUID();
}

/** A body for a route that is not a plain resource write: the keys such routes read, with hostile values. */
function otherBody(route: RouteDecl, a: Actor, c: Case): Record<string, unknown> {
  const self = c.k % 3 !== 0;
  const user = self ? a.userId : pickOf(ids.user, c.n)!;
  const today = new Date().toISOString().slice(0, 10);
  const p = route.path;
  // A bulk action: records of the route's resource (the actor's own with high odds), and the status a bulk move asks.
  if (/\/bulk-(approve|refuse|cancel|delete|status)$/.test(p)) {
    const pool = targetsOf(resourceOf(route), a, c.own);
    return {
      ids: [...new Set([pickOf(pool, c.target), pickOf(pool, c.n)].filter(Boolean))],
      description: 'abuse',
      note: 'abuse',
      status: pickOf(['APPROVED', 'HIRED', 'OFFER', 'DONE', 'CANCELLED', 'INTERVIEW'], c.m),
    };
  }
  // The spec's path of a status move (workflow.alias): a record of its resource, a status (or a record naming one: `via`).
  const moved = allResources.find((x) => x.workflow?.alias?.path === p);
  if (moved) {
    const al = moved.workflow!.alias!;
    const statuses = moved.fields[moved.workflow!.field]!.values!.map(String);
    const status = al.via ? (pickOf(targetsOf(resourceByName.get(al.via.resource), a, false), c.m) ?? randomUUID()) : pickOf(statuses, c.m);
    return {
      ...(al.id ? { [al.id]: pickOf(targetsOf(moved, a, c.own), c.target) ?? randomUUID() } : {}),
      [al.status]: status,
      note: 'abuse',
      staff_id: a.staffId,
      department_id: rootOrg,
    };
  }
  if (/\/(submit|resubmit|submit-superiors|approve|refuse|cancel)$/.test(p))
    return { description: 'abuse', approver_ids: self ? [a.userId] : [pickOf(ids.user, c.n)!, a.userId] };
  if (p === '/approval-delegation') return { approver_id: c.m % 2 ? undefined : pickOf(ids.user, c.n), deputy_id: user, from_date: today, to_date: today };
  if (p.endsWith('/password')) return { password: `Abuse#${c.n}Aa1` };
  if (p === '/auth/change-password')
    return { oldPassword: c.m % 2 ? 'Abuse@Portal2026' : 'x', newPassword: `Abuse#${c.n}Zz9`, confirmPassword: `Abuse#${c.n}Zz9` };
  if (p === '/activity-log') {
    const named = recordOf(a, c.n, !self);
    return { activity_context: named.resource, searchLogsValue: `${named.resource}:${named.id}`, description: 'abuse' };
  }
  if (p === '/files/:id') {
    const named = recordOf(a, c.k, c.own);
    return { activity_context: c.m % 3 ? `${named.resource}:${named.id}` : 'files' };
  }
  if (p === '/leave-setting')
    return { annual_days: self ? 366 : 12, accrual: 'MONTHLY', carry_over_max_days: 5, carry_over_until_month: 3, allow_negative: true };
  if (p.includes('approval-flow'))
    return { document_type: 'leave', name: 'abuse', cost_band: 'ALL', levels: [{ level: 1, scope: 'USERS', approver_ids: [a.userId] }] };
  if (p.includes('approval-cost-limit')) return { max_cost: self ? 1e15 : 1 };
  if (p.endsWith('/status')) return { status: pickOf(['APPROVED', 'HIRED', 'OFFER', 'DONE', 'CANCELLED'], c.m), staff_id: a.staffId, department_id: rootOrg };
  if (p === '/notifications/preferences') return { items: [{ type: 'APPROVE_REQUEST', in_app: self, email: !self }] };
  if (p === '/bookmarks/update') return { items: [{ title: 'x', url: '/x' }] };
  if (p.startsWith('/auth/'))
    return {
      email: self ? a.key : 'nobody@example.com',
      password: 'x',
      token: randomBytes(16).toString('hex'),
      refreshToken: randomBytes(16).toString('hex'),
      newPassword: 'Abuse#1Aa',
      confirmPassword: 'Abuse#1Aa',
      code: 'x',
    };
  if (p.startsWith('/candidate/'))
    return {
      items: [{ full_name: 'x', recruitment_id: pickOf(targetsOf(resourceByName.get('recruitment'), a, false), c.n) }],
      staff_id: a.staffId,
      department_id: rootOrg,
    };
  return { staff_id: a.staffId, department_id: rootOrg, role_ids: ids.role, is_admin: true, approver_ids: [a.userId] };
}

/** A record a file or an activity entry is said to be about: a staff record (the actor's own with odds `own`) or a ticket. */
function recordOf(a: Actor, x: number, own: boolean): Named {
  if (Math.floor(x / 2) % 2) return { resource: 'ticket', id: pickOf(ids.ticket, x) ?? randomUUID() };
  return { resource: 'staff', id: String(own ? a.staffId : pickOf(ids.staff, x)) };
}

/** A record a case added a file or an activity entry to, or (`removed`) removed a file from. */
interface Named {
  resource: string;
  id: string;
  removed?: boolean;
}

/** Sends one case; returns the answer. `named`: the records a file or activity entry was said to be about. */
async function send(route: RouteDecl, a: Actor & { sid?: string }, c: Case): Promise<{ res: ApiResponse; named: Named[] }> {
  const r = resourceOf(route);
  const path = route.path.replace(':id', idFor(route, a, c));
  const isResourceWrite = r && (route.path === r.path || route.path === `${r.path}/:id`);
  if (route.path === '/auth/sign-out') {
    // A session of its own, so that the actor keeps theirs.
    const sid = randomUUID();
    await s.services.system!.pool.query(
      `INSERT INTO auth_session (id, user_id, device, ip, user_agent, method, expires_at) VALUES ($1, $2, 'abuse', '', '', 'password', now() + interval '1 day')`,
      [sid, a.userId],
    );
    return { res: await s.api(signAccess({ sub: a.userId, sid })).post(path), named: [] };
  }
  if (route.path === '/files') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(2, 2, c.n))]), `a${c.n}.png`);
    const target = recordOf(a, c.n, c.own);
    const logged = c.k % 2 ? target : recordOf(a, c.k, false);
    const qs = new URLSearchParams({ ...(c.m % 2 ? { context: `${target.resource}:${target.id}` } : {}), activity_context: `${logged.resource}:${logged.id}` });
    return { res: await a.api.raw('POST', `${path}?${qs}`, { body: form }), named: [...(c.m % 2 ? [target] : []), logged] };
  }
  if (r && route.path === `${r.path}/import`) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(workbookOf(r, resourceBody(r, a, c, true)))]), 'import.xlsx');
    return { res: await a.api.raw('POST', `${path}${c.m % 3 === 0 ? '?dry_run=1' : ''}`, { body: form }), named: [] };
  }
  // Save and send: a create's (or, for a saved record, an edit's) hostile body as the record, and approvers naming
  // themselves with high odds.
  const sends = r && (route.path === `${r.path}/save-and-submit` || route.path === `${r.path}/:id/save-and-submit`);
  const body = sends
    ? { record: resourceBody(r, a, c, route.method === 'POST'), description: 'abuse', approver_ids: c.k % 3 ? [a.userId] : [pickOf(ids.user, c.n)!, a.userId] }
    : isResourceWrite && route.method !== 'DELETE'
      ? resourceBody(r!, a, c, route.method === 'POST')
      : otherBody(route, a, c);
  const call = route.method === 'POST' ? a.api.post : route.method === 'PUT' ? a.api.put : a.api.del;
  // The record a file to be deleted is attached to, read before it goes.
  const file =
    route.path === '/files/:id'
      ? (
          await s.services.files!.pool.query<{ context: string | null; context_id: string | null }>(
            'SELECT context, context_id FROM media WHERE id::text = $1',
            [path.split('/').pop()],
          )
        ).rows[0]
      : undefined;
  const res = await call(path, body);
  const said = (v: unknown): Named[] => {
    const [resource = '', id = ''] = typeof v === 'string' ? v.split(':') : [];
    return resourceByName.has(resource) ? [{ resource, id }] : [];
  };
  const named =
    route.path === '/activity-log'
      ? said(body.searchLogsValue)
      : route.path === '/files/:id'
        ? [...(file?.context && file.context_id ? [{ resource: file.context, id: file.context_id, removed: true }] : []), ...said(body.activity_context)]
        : [];
  return { res, named };
}

/**
 * Keeps every actor able to act: a session ended or an account deactivated by another actor's legitimate write (an
 * administrator setting a password, deactivating an account, an account editor deleting one) is given back; so are
 * the roles their accounts held at the start. What the cases test is a user acting on their own behalf.
 */
async function revive() {
  const sys = s.services.system!.pool;
  const actors = w.actors as Writer[];
  // Accounts given back what they held: active, their roles, administration as it was, their own staff record.
  const { rowCount: restored } = await sys.query(
    `UPDATE app_user u SET state = 'ACTIVE', role_ids = x.roles::uuid[], is_admin = x.admin, staff_id = x.staff, locked_until = NULL
       FROM unnest($1::uuid[], $2::text[], $3::boolean[], $4::uuid[]) AS x(id, roles, admin, staff)
      WHERE u.id = x.id AND (u.state <> 'ACTIVE' OR u.role_ids::text[] IS DISTINCT FROM x.roles::uuid[]::text[] OR coalesce(u.is_admin, false) <> x.admin OR u.staff_id IS DISTINCT FROM x.staff)`,
    [actors.map((a) => a.userId), actors.map((a) => `{${a.roles.join(',')}}`), actors.map((a) => a.admin), actors.map((a) => a.staffId)],
  );
  const { rows } = await sys.query<{ id: string }>(
    `SELECT u.id FROM app_user u LEFT JOIN auth_session x ON x.user_id = u.id AND x.id = ANY($2::uuid[]) AND x.revoked_at IS NULL
      WHERE u.id = ANY($1::uuid[]) GROUP BY u.id HAVING bool_or(x.id IS NOT NULL) IS NOT TRUE`,
    [actors.map((a) => a.userId), actors.map((a) => a.sid)],
  );
  for (const { id } of rows) {
    const a = actors.find((x) => x.userId === id)!;
    a.sid = randomUUID();
    await sys.query(
      `INSERT INTO auth_session (id, user_id, device, ip, user_agent, method, expires_at) VALUES ($1, $2, 'abuse', '', '', 'password', now() + interval '1 day')`,
      [a.sid, id],
    );
    a.api = s.api(signAccess({ sub: id, sid: a.sid }));
  }
  const { rowCount } = await sys.query(`UPDATE role SET state = 'ACTIVE' WHERE id = ANY($1::uuid[]) AND state <> 'ACTIVE'`, [heldRoles]);
  // What the actors hold changed: read it again.
  if (rows.length || rowCount || restored) epoch++;
}

/** What an actor held, read after the last write that succeeded (`epoch`): reads and refusals change nothing. */
const known = new Map<string, { epoch: number; power: Power; guarded: string | null }>();
let epoch = 0;
/** The organization tree as of an epoch (to expand department scopes). */
let orgTree: { epoch: number; map: Map<string, { id: string; code: string; parent_id: string | null }> } | null = null;
let caseCount = 0;
/** Answers per route (`POST /staff` → { '200': 412, '403': 500, … }): printed at the end, so a reader sees what was written. */
const answers = new Map<string, Record<string, number>>();

/** What the actor holds now: their rights and scope, and (`guarded`) everything guarded about them. */
async function stateOf(a: Writer, guarded: boolean): Promise<{ power: Power; guarded: string | null }> {
  let hit = known.get(a.key);
  if (!hit || hit.epoch !== epoch) {
    hit = { epoch, power: await powerOf(a), guarded: null };
    timing.states++;
    known.set(a.key, hit);
  }
  if (guarded && hit.guarded === null) hit.guarded = await guardedAbout(a, hit.power);
  return hit;
}

/** Whether the gateway admits the actor to the route, as they hold their rights now. */
async function admittedNow(a: Writer, route: RouteDecl): Promise<boolean> {
  const { power } = await stateOf(a, false);
  return (
    admits(
      { isAdmin: power.admin, ability: [...power.ability].map((x) => ({ action: x.split(':')[0] as Action, subject: x.split(':')[1] as Feature })) },
      route.access,
    ) === 'ok'
  );
}

/** Where the time goes (the summary): reading what users hold, sending the cases, checking after them. */
const timing = { state: 0, send: 0, after: 0, states: 0 };
/** Cases and milliseconds by outcome, for the summary. */
const split: Record<string, [number, number]> = {};
async function runCase(route: RouteDecl, c: Case, actors: readonly Actor[] = w.actors) {
  const a = actors[c.actor % actors.length]! as Writer;
  let t = performance.now();
  // The gateway's own reading of the route's access against what the actor holds now: a caller it refuses needs no
  // more than that refusal checked (and the gateway is held to it).
  const { power } = await stateOf(a, false);
  const admitted =
    admits(
      power.admin || power.ability.size
        ? { isAdmin: power.admin, ability: [...power.ability].map((x) => ({ action: x.split(':')[0] as Action, subject: x.split(':')[1] as Feature })) }
        : { isAdmin: false, ability: [] },
      route.access,
    ) === 'ok';
  const { guarded: guardedBefore } = admitted ? await stateOf(a, true) : { guarded: null };
  timing.state += performance.now() - t;
  // Who may move and share a record (acts-invariants.ts): the rows its rules read, before the write.
  const concern = admitted ? (resourceOf(route) ?? allResources.find((x) => x.workflow?.alias?.path === route.path)) : undefined;
  const acts = actsConcern(concern) ? await actsSnapshot(s.services[concern.domain]!.pool, concern) : null;
  t = performance.now();
  const sentAt = new Date();
  const { res, named } = await send(route, a, c);
  timing.send += performance.now() - t;
  const k = admitted ? (res.status < 300 ? 'written' : 'refused by the service') : 'refused by the gateway';
  split[k] = [(split[k]?.[0] ?? 0) + 1, (split[k]?.[1] ?? 0) + performance.now() - t];
  if (!admitted) {
    expectThat(res.status === 403, "a caller without the route's right is refused with a 403", () => ({
      route: `${route.method} ${route.path}`,
      actor: a.key,
      status: res.status,
      body: res.body,
    }));
    return;
  }
  t = performance.now();
  try {
    await check(route, c, a, power, guardedBefore!, res, named, sentAt);
    if (acts && res.status < 300) {
      const wrong = await actsViolations(s.services[acts.def.domain]!.pool, acts, {
        userId: a.userId,
        staffId: power.staffId,
        admin: power.admin,
        ability: power.ability,
        depts: power.depts,
      });
      expectThat(!wrong.length, 'moved a record past its approval, or changed who reads it without being its keeper', () => ({
        route: `${route.method} ${route.path}`,
        actor: a.key,
        case: c,
        wrong,
      }));
    }
  } finally {
    timing.after += performance.now() - t;
  }
}

async function check(route: RouteDecl, c: Case, a: Writer, before: Power, guardedBefore: string, res: ApiResponse, named: Named[], sentAt: Date) {
  const why = () => ({ route: `${route.method} ${route.path}`, actor: a.key, case: c, status: res.status, body: res.body });
  const tally = answers.get(`${route.method} ${route.path}`) ?? {};
  tally[res.status] = (tally[res.status] ?? 0) + 1;
  answers.set(`${route.method} ${route.path}`, tally);
  expectThat(res.status < 500, 'never a 5xx', why);
  if (res.status < 200 || res.status >= 300) return;
  caseCount++;
  // What any actor holds can change only by a write to a resource that has guarded fields (staff, their pay records,
  // accounts, roles, decentralizations, organization units) or by a route of its own (approvals, status changes…): only
  // those make every actor's state be read again. (Were that wrong, the next case would see a change it did not make
  // and fail: never a change missed.)
  const r = resourceOf(route);
  if (
    !r ||
    !route.path.startsWith(r.path) ||
    Object.values(r.fields).some((f) => f.guard) ||
    r.scope?.owner ||
    !/^(|\/:id|\/import)$/.test(route.path.slice(r.path.length))
  )
    epoch++;
  const after = await powerOf(a);
  expectThat(!after.admin || before.admin, 'became an administrator', why);
  const gained = [...after.ability].filter((x) => !before.ability.has(x) && !before.admin);
  expectThat(!gained.length, 'gained rights', () => ({ ...why(), gained }));
  const wider = before.depts !== null && (after.depts === null || [...after.depts].some((d) => !before.depts!.has(d) && before.units.has(d)));
  expectThat(!wider, 'widened their staff data scope', () => ({ ...why(), before: before.depts && [...before.depts], after: after.depts && [...after.depts] }));
  expectThat(!after.projectAll || before.projectAll, 'widened their project scope', why);
  // Nor by naming a project theirs: a role's own projects, a place on a project's team (VIEW_PROJECT_POSITION).
  const gainedProjects = [...after.projects].filter((p) => !before.projects.has(p));
  expectThat(!gainedProjects.length, 'named a project theirs (a role of theirs, a team they are on)', () => ({ ...why(), gainedProjects }));
  // Approving for someone else is a right too: only the approver names their deputy.
  const deputyFor = before.admin ? [] : [...after.actsFor].filter((x) => !before.actsFor.has(x));
  expectThat(!deputyFor.length, 'made themselves a deputy of someone else', () => ({ ...why(), deputyFor }));
  // The same records as before the write (its own staff record, the roles it held), read again.
  const guardedAfter = await guardedAbout(a, before);
  expectThat(guardedAfter === guardedBefore, 'changed what is guarded about themselves (access, pay or rights)', () => {
    const b = guardedBefore.split('\n');
    const changed = guardedAfter
      .split('\n')
      .map((line, i) => [b[i], line])
      .filter(([x, y]) => x !== y);
    return { changed, ...why() };
  });
  // The record written is still theirs to read: no write moves a record, or creates one, outside the writer's scope (the
  // kit's scope check after a write). Asked of a create or an edit of the resource itself, by an actor who may view it.
  const suffix = r && route.path.startsWith(r.path) ? route.path.slice(r.path.length) : null;
  const id = (res.body as { data?: { id?: unknown } } | null)?.data?.id;
  if (
    r &&
    !before.admin &&
    typeof id === 'string' &&
    ((suffix === '' && route.method === 'POST') ||
      suffix === '/save-and-submit' ||
      suffix === '/:id/save-and-submit' ||
      (suffix === '/:id' && route.method === 'PUT')) &&
    (r.access === 'own' || before.ability.has(`view:${featureFor(r, 'view')}`))
  ) {
    const read = await a.api.get(`${r.path}/${id}`);
    expectThat(read.status === 200, 'wrote a record outside their own scope', () => ({ ...why(), readBack: read.status }));
  }
  // Their state now, for their next case (unless someone writes in between). The roles held count as they do now.
  known.set(a.key, { epoch, power: after, guarded: after.roleIds.join() === before.roleIds.join() ? guardedAfter : null });
  // Every way an approval step is taken: approve, refuse, pass up; one by one, in bulk, the spec's aliases (`-approve`,
  // `-approve-add-flow`).
  if (/(approve|refuse|submit-superiors)(-add-flow)?$/.test(route.path)) {
    const own = await ownApprovals(a, sentAt);
    expectThat(!own.length, 'approved a record of their own', () => ({ ...why(), own }));
  }
  for (const n of named) {
    // An administrator removes any file; anything else needs the record to be one the caller may change. (A context
    // naming no record, `staff:null`, is a free-form label: no record's history.)
    if ((n.removed && before.admin) || !/^[0-9a-f-]{36}$/i.test(n.id)) continue;
    expectThat(await mayChange(a, before, n), 'added or removed a file or history entry on a record they may not change', () => ({ ...why(), named: n }));
  }
  if (route.domain === 'system') await revive();
  // Records created or deleted change what later cases may point at.
  if (caseCount % 20 === 0) await refreshIds();
}

/**
 * Whether the actor may change record `n` as it stands, by the record's own rule: add or edit on its feature, and its
 * edit route, sent nothing, lets them (found, in their scope, theirs or one they manage, not closed: 200). A record locked
 * by its approval answers that lock before its rule (the lock does not keep files and history out), and an actor with add
 * alone may not call the edit route: for those, the record as they may read it.
 */
async function mayChange(a: Writer, before: Power, n: Named): Promise<boolean> {
  const r = resourceByName.get(n.resource)!;
  const holds = (action: 'add' | 'edit') => before.admin || before.ability.has(`${action}:${featureFor(r, action)}`);
  if (!holds('add') && !holds('edit')) return false;
  const readable = async () => (await a.api.get(`${r.path}/${n.id}`)).status === 200;
  if (!holds('edit')) return readable();
  const probe = await a.api.put(`${r.path}/${n.id}`, {}, { 'accept-language': 'en' });
  if (probe.status === 422 && probe.body?.message === t('en', 'approval_locked')) return readable();
  return probe.status === 200;
}

const runsOf = (route: RouteDecl) => (route.limit === 'auth' || route.path === '/user/:id/password' ? AUTH_RUNS : resourceOf(route)?.plain ? PLAIN_RUNS : RUNS);

/**
 * The routes of one shard of the property (`writes-<n>.property.test.ts`: jest runs the shards side by side, each on a
 * stack and world of its own). A resource's routes stay together, so that "every resource was written" holds per shard;
 * the resources are dealt out heaviest first to the lightest shard (weight: the cases of their routes). A route's cases
 * do not depend on the shard (seeded by the route).
 */
export function routesOfShard(shard: number, shards: number): RouteDecl[] {
  const groups = new Map<string, RouteDecl[]>();
  for (const route of WRITE_ROUTES) {
    const key = resourceOf(route)?.name ?? route.path.split('/')[1]!;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  const load = Array.from({ length: shards }, () => ({ weight: 0, routes: [] as RouteDecl[] }));
  const weightOf = (routes: RouteDecl[]) => routes.reduce((n, r) => n + runsOf(r) * (r.path.endsWith('/import') ? 3 : 1), 0);
  for (const routes of [...groups.values()].sort((a, b) => weightOf(b) - weightOf(a))) {
    const lightest = load.reduce((min, x) => (x.weight < min.weight ? x : min));
    lightest.weight += weightOf(routes);
    lightest.routes.push(...routes);
  }
  return WRITE_ROUTES.filter((r) => load[shard - 1]!.routes.includes(r));
}

/** Registers the property over one shard's routes (1-based `shard` of `shards`) in the calling test file. */
export function writesProperty(shard: number, shards: number): void {
  const routes = routesOfShard(shard, shards);
  beforeAll(setup, 600_000);
  afterAll(async () => {
    await s?.close();
  });

  describe.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
    test(`${runsOf(route)} generated (user, target, hostile body) cases: no one gains rights, scope or money, or approves their own record`, async () => {
      // Each actor the gateway refuses is refused once, for real (a 403); the cases go to those it admits.
      const admitted: Actor[] = [];
      for (const [i, a] of w.actors.entries()) {
        if (await admittedNow(a as Writer, route)) admitted.push(a);
        else await runCase(route, { actor: i, target: i, own: true, n: i, m: i, k: i });
      }
      // Cases that once failed replay first, as they failed (among every actor), whatever the seed.
      for (const c of PINNED_WRITE_CASES[`${route.method} ${route.path}`] ?? []) await runCase(route, c);
      if (!admitted.length) return;
      const arb = fc.record({
        actor: fc.nat({ max: 1000 }),
        target: fc.nat({ max: 10_000 }),
        own: fc.boolean(),
        n: fc.nat({ max: 10_000 }),
        m: fc.nat({ max: 10_000 }),
        k: fc.nat({ max: 10_000 }),
      });
      const name = `${route.method} ${route.path}`;
      await withReplay(
        `test/abuse/writes-${shard}.property.test.ts`,
        name,
        () =>
          fc.assert(
            fc.asyncProperty(arb, (c) => runCase(route, c, admitted)),
            { numRuns: runsOf(route), seed: seedOf(name), endOnFailure: true },
          ),
        `Pin the counterexample in test/abuse/pinned-cases.ts under '${name}'.`,
      );
    }, 900_000);
  });

  test('the cases wrote', async () => {
    const lines = [...answers].map(
      ([route, t]) =>
        `${route}: ${Object.entries(t)
          .map(([k, v]) => `${k}×${v}`)
          .join(' ')}`,
    );
    const outcomes = Object.entries(split)
      .map(([k, [n, ms]]) => `${k} ${n} (${(ms / n).toFixed(1)} ms each)`)
      .join(', ');
    console.log(
      `shard ${shard} of ${shards}: ${routes.reduce((n, r) => n + runsOf(r), 0)} cases on ${routes.length} write routes: ${outcomes}; ` +
        `reading what users hold ${(timing.state / 1000).toFixed(0)} s (${timing.states} readings), checking ${(timing.after / 1000).toFixed(0)} s\n${lines.join('\n')}`,
    );
    // Every resource of the shard was written by someone (created, updated, imported): the property was tested on real
    // writes, not only refusals.
    for (const r of allResources.filter((x) => routes.some((route) => route.path === x.path))) {
      const written = [`POST ${r.path}`, `PUT ${r.path}/:id`, `POST ${r.path}/import`].reduce((n, route) => n + (answers.get(route)?.['200'] ?? 0), 0);
      expect([r.name, written > 0]).toEqual([r.name, true]);
    }
  });
}

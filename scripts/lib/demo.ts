import type { CallerContext, Domain, PermissionSet } from '@portal/contracts';
import type { ServiceKit } from '@portal/service-kit';
import { hashPassword } from '@portal/system';
import { seedRecruitmentDemo } from './demo-recruitment';
import { seedStaffRecords } from './demo-staff-records';
import { DOMAIN_REGISTRY } from './domains';
import type { DemoCompany } from './demo-company';

/**
 * The demo company (PORTAL_DEMO=0 skips it): a construction and engineering firm with a unit/department
 * tree, positions, about 50 staff, roles with different data scopes and a demo user for each.
 * Written through the resource repositories, so activity logs and events are as in real use.
 */
export const DEMO_USERS = [
  { username: 'director', email: 'director@portal.local', role: 'DIRECTOR', staff: 'NV001' },
  { username: 'hr.manager', email: 'hr@portal.local', role: 'HR_MANAGER', staff: 'NV002' },
  { username: 'head.kttc', email: 'head.kttc@portal.local', role: 'DEPT_HEAD', staff: 'NV003' },
  { username: 'engineer', email: 'engineer@portal.local', role: 'EMPLOYEE', staff: 'NV004' },
  { username: 'sales', email: 'sales@portal.local', role: 'BUSINESS', staff: 'NV009' },
  // The implementation's people: the site commander who spends, and the four who approve a subcontractor budget.
  { username: 'site', email: 'site@portal.local', role: 'SITE_MANAGER', staff: 'NV011' },
  { username: 'contracts', email: 'contracts@portal.local', role: 'CONTRACTS', staff: 'NV008' },
  { username: 'pm.director', email: 'pm.director@portal.local', role: 'VICE_DIRECTOR', staff: 'NV005' },
  { username: 'finance.director', email: 'finance.director@portal.local', role: 'VICE_DIRECTOR', staff: 'NV006' },
  { username: 'accountant', email: 'accountant@portal.local', role: 'ACCOUNTANT', staff: 'NV007' },
] as const;

const ALL = ['view', 'add', 'edit', 'delete', 'approve'] as const;
/** The same actions on several features. */
const rights = (features: readonly string[], actions: readonly (typeof ALL)[number][]) => features.map((feature) => ({ feature, actions: [...actions] }));
const ROLES: { code: string; name: string; staff_scope: string; project_scope: string; permissions: PermissionSet }[] = [
  {
    code: 'DIRECTOR',
    name: 'Giám đốc',
    staff_scope: 'VIEW_ALL',
    project_scope: 'VIEW_ALL',
    permissions: [
      'staff',
      'recruitment',
      'leave',
      'leave_days',
      'organization',
      'organizational_chart',
      'report',
      'ticket',
      'book_car',
      'work_schedule',
      'document',
      'notification',
      'documentation',
      'book_meeting_room',
      'project',
      'category',
      'price_approval',
      'subcontractor',
      'maintenance',
      'payment',
      'asset',
      'contact',
    ].map((feature) => ({ feature, actions: ['view', 'approve'] })),
  },
  {
    code: 'HR_MANAGER',
    name: 'Trưởng phòng Hành chính - Nhân sự',
    staff_scope: 'VIEW_ALL',
    project_scope: 'VIEW_RELATED_DEPARTMENT',
    permissions: [
      ...['staff', 'recruitment', 'leave', 'leave_days', 'organization', 'organizational_chart'].map((feature) => ({ feature, actions: [...ALL] })),
      { feature: 'report', actions: ['view'] },
      { feature: 'contact', actions: ['view'] },
      // The administration half of the department: bookings, rooms and cars, tickets, schedules, documents, the documentation library.
      ...['ticket', 'book_car', 'book_meeting_room', 'work_schedule', 'document', 'documentation'].map((feature) => ({ feature, actions: [...ALL] })),
      // …and the company's assets: the register, repairs, insurance (the asset office).
      { feature: 'asset', actions: [...ALL] },
    ],
  },
  {
    code: 'DEPT_HEAD',
    name: 'Trưởng phòng',
    staff_scope: 'VIEW_RELATED_DEPARTMENT',
    project_scope: 'VIEW_RELATED_DEPARTMENT',
    permissions: [
      { feature: 'staff', actions: ['view', 'edit'] },
      { feature: 'leave', actions: ['view', 'add', 'approve'] },
      { feature: 'leave_days', actions: ['view'] },
      // Heads ask for people, interview and approve the requests and offers of their department (hiring itself is HR's: it takes staff add).
      { feature: 'recruitment', actions: ['view', 'add', 'edit', 'approve'] },
      { feature: 'organization', actions: ['view'] },
      { feature: 'organizational_chart', actions: ['view'] },
      { feature: 'report', actions: ['view'] },
      { feature: 'contact', actions: ['view'] },
      { feature: 'book_meeting_room', actions: ['view', 'add', 'edit', 'delete'] },
      { feature: 'book_car', actions: ['view', 'add', 'edit', 'delete'] },
      // Heads manage their department's tickets (assign, move, close) and approve those naming them.
      { feature: 'ticket', actions: ['view', 'add', 'edit', 'delete', 'approve'] },
      // …and keep their department's working schedule.
      { feature: 'work_schedule', actions: ['view', 'add', 'edit', 'delete', 'approve'] },
      // Heads register and answer their department's documents.
      { feature: 'document', actions: ['view', 'add', 'edit'] },
      // Heads see their department's assets and keep them (status, repairs) as its asset office.
      { feature: 'asset', actions: ['view', 'edit', 'approve'] },
      // …and the projects their departments run or whose team they are on.
      { feature: 'project', actions: ['view'] },
      { feature: 'subcontractor', actions: ['view'] },
    ],
  },
  {
    // The business department: the pipeline, feasibility, positioning, bids, plans and the partners (spec §1 "Business",
    // "Contractors"); its head approves suggestions and marks projects won or lost.
    code: 'BUSINESS',
    name: 'Phòng Kinh doanh',
    staff_scope: 'VIEW_RELATED_DEPARTMENT',
    project_scope: 'VIEW_RELATED_DEPARTMENT',
    permissions: [
      { feature: 'project', actions: [...ALL] },
      { feature: 'subcontractor', actions: [...ALL] },
      { feature: 'report', actions: ['view'] },
      { feature: 'contact', actions: ['view'] },
      { feature: 'organizational_chart', actions: ['view'] },
      { feature: 'documentation', actions: ['view'] },
      { feature: 'document', actions: ['view'] },
      { feature: 'leave', actions: ['view', 'add', 'edit', 'delete'] },
      { feature: 'leave_days', actions: ['view'] },
      { feature: 'ticket', actions: ['view', 'add', 'edit', 'delete'] },
      { feature: 'work_schedule', actions: ['view', 'add', 'edit', 'delete'] },
      { feature: 'book_car', actions: ['view', 'add', 'edit', 'delete'] },
      { feature: 'book_meeting_room', actions: ['view', 'add', 'edit', 'delete'] },
    ],
  },
  {
    // The site commander (Chỉ huy trưởng): runs the projects whose team they are on — work packages, subcontractor
    // budgets, additional work, payment orders, cost reviews — and approves none of the money.
    code: 'SITE_MANAGER',
    name: 'Chỉ huy trưởng công trường',
    staff_scope: 'VIEW_RELATED_DEPARTMENT',
    project_scope: 'VIEW_PROJECT_POSITION',
    permissions: [
      { feature: 'project', actions: ['view', 'edit'] },
      ...rights(['category', 'subcontractor', 'payment', 'price_approval', 'maintenance'], ['view', 'add', 'edit', 'delete']),
      ...rights(['leave', 'ticket', 'work_schedule', 'book_car', 'book_meeting_room'], ['view', 'add', 'edit', 'delete']),
      ...rights(['leave_days', 'organizational_chart', 'contact', 'documentation', 'document'], ['view']),
    ],
  },
  {
    // The head of contract management: the first approver of every subcontract and cost review, and on the committee
    // that scores subcontractors' quotations (the edit right on subcontracts and purchases: what they write is
    // still only what each record's declared actors allow them).
    code: 'CONTRACTS',
    name: 'Trưởng phòng Quản lý hợp đồng',
    staff_scope: 'VIEW_RELATED_DEPARTMENT',
    project_scope: 'VIEW_ALL',
    permissions: [
      { feature: 'project', actions: ['view'] },
      { feature: 'category', actions: ['view'] },
      ...rights(['subcontractor', 'price_approval'], ['view', 'edit', 'approve']),
      { feature: 'payment', actions: ['view', 'approve'] },
      ...rights(['leave', 'ticket', 'work_schedule', 'book_car', 'book_meeting_room'], ['view', 'add', 'edit', 'delete']),
      ...rights(['leave_days', 'organizational_chart', 'contact', 'documentation', 'document', 'report'], ['view']),
    ],
  },
  {
    // The vice directors (projects, finance): approve the money of every project, after contract management.
    code: 'VICE_DIRECTOR',
    name: 'Phó Giám đốc',
    staff_scope: 'VIEW_ALL',
    project_scope: 'VIEW_ALL',
    permissions: [
      ...rights(['project', 'category', 'subcontractor', 'price_approval', 'payment', 'maintenance'], ['view', 'approve']),
      ...rights(['leave', 'ticket', 'work_schedule', 'book_car', 'book_meeting_room'], ['view', 'add', 'edit', 'delete']),
      ...rights(['leave_days', 'organizational_chart', 'contact', 'documentation', 'document', 'report', 'staff'], ['view']),
    ],
  },
  {
    // The chief accountant: confirms what was paid and settles advances (the approve right on payments).
    code: 'ACCOUNTANT',
    name: 'Kế toán trưởng',
    staff_scope: 'VIEW_RELATED_DEPARTMENT',
    project_scope: 'VIEW_ALL',
    permissions: [
      { feature: 'project', actions: ['view'] },
      { feature: 'subcontractor', actions: ['view'] },
      { feature: 'payment', actions: ['view', 'add', 'edit', 'approve'] },
      ...rights(['leave', 'ticket', 'work_schedule', 'book_car', 'book_meeting_room'], ['view', 'add', 'edit', 'delete']),
      ...rights(['leave_days', 'organizational_chart', 'contact', 'documentation', 'document', 'report'], ['view']),
    ],
  },
  {
    code: 'EMPLOYEE',
    name: 'Nhân viên',
    staff_scope: 'VIEW_RELATED_DEPARTMENT',
    project_scope: 'VIEW_PROJECT_POSITION',
    permissions: [
      { feature: 'leave', actions: ['view', 'add', 'edit', 'delete'] },
      { feature: 'leave_days', actions: ['view'] },
      // Employees raise tickets and work those handed to them (the service checks whose they are).
      { feature: 'ticket', actions: ['view', 'add', 'edit', 'delete'] },
      // Everyone reads the week's schedule and writes their own entries.
      { feature: 'work_schedule', actions: ['view', 'add', 'edit', 'delete'] },
      { feature: 'book_car', actions: ['view', 'add', 'edit', 'delete'] },
      { feature: 'book_meeting_room', actions: ['view', 'add', 'edit', 'delete'] },
      { feature: 'organizational_chart', actions: ['view'] },
      { feature: 'contact', actions: ['view'] },
      { feature: 'documentation', actions: ['view'] },
      // Employees read the documents of their department and those sent to them.
      { feature: 'document', actions: ['view'] },
      // …and their department's assets, those they hold among them.
      { feature: 'asset', actions: ['view'] },
      // …and the projects whose team they are on (VIEW_PROJECT_POSITION).
      { feature: 'project', actions: ['view'] },
    ],
  },
];

const ORG: [code: string, name: string, type: 'UNIT' | 'DEPARTMENT', parent: string | null][] = [
  ['CTY', 'Công ty CP Xây dựng và Kỹ thuật Portal', 'UNIT', null],
  ['BGD', 'Ban Giám đốc', 'DEPARTMENT', 'CTY'],
  ['KVP', 'Khối Văn phòng', 'UNIT', 'CTY'],
  ['HCNS', 'Phòng Hành chính - Nhân sự', 'DEPARTMENT', 'KVP'],
  ['TCKT', 'Phòng Tài chính - Kế toán', 'DEPARTMENT', 'KVP'],
  ['QLHD', 'Phòng Quản lý Hợp đồng', 'DEPARTMENT', 'KVP'],
  ['KDA', 'Khối Dự án', 'UNIT', 'CTY'],
  ['KD', 'Phòng Kinh doanh', 'DEPARTMENT', 'KDA'],
  ['KTTC', 'Phòng Kỹ thuật - Thi công', 'DEPARTMENT', 'KDA'],
  ['MEP', 'Phòng Cơ điện (MEP)', 'DEPARTMENT', 'KDA'],
  ['BCH', 'Ban Chỉ huy công trường', 'DEPARTMENT', 'KTTC'],
];

const POSITIONS: [code: string, name: string, level: number, manager: boolean][] = [
  ['GD', 'Giám đốc', 1, true],
  ['PGD-DA', 'Phó Giám đốc Dự án', 2, true],
  ['PGD-TC', 'Phó Giám đốc Tài chính', 2, true],
  ['TP', 'Trưởng phòng', 3, true],
  ['PP', 'Phó phòng', 4, true],
  ['CHT', 'Chỉ huy trưởng', 4, true],
  ['KS', 'Kỹ sư', 5, false],
  ['NV', 'Chuyên viên', 5, false],
];

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Quốc', 'Thanh', 'Hữu', 'Ngọc', 'Đức', 'Thu', 'Gia'];
const GIVEN = [
  'An',
  'Bình',
  'Cường',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hoa',
  'Hùng',
  'Khánh',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Nam',
  'Nga',
  'Phong',
  'Phương',
  'Quân',
  'Sơn',
  'Tâm',
  'Thảo',
  'Trang',
  'Tuấn',
  'Vy',
];

/** Department of the nth staff member: the first four are the demo users; the rest spread over departments. */
const STAFF_PLAN: [dept: string, position: string][] = [
  ['BGD', 'GD'],
  ['HCNS', 'TP'],
  ['KTTC', 'TP'],
  ['KTTC', 'KS'],
  ['BGD', 'PGD-DA'],
  ['BGD', 'PGD-TC'],
  ['TCKT', 'TP'],
  ['QLHD', 'TP'],
  ['KD', 'TP'],
  ['MEP', 'TP'],
  ['BCH', 'CHT'],
];
const SPREAD = ['HCNS', 'TCKT', 'QLHD', 'KD', 'KTTC', 'KTTC', 'MEP', 'BCH', 'BCH', 'KD'];

/**
 * The demo company: its base (roles, units, positions, staff and demo users, HR's records) through the system and HR
 * services, then each domain's own part (DomainEntry.demo) through its service, for every domain of the registry whose
 * service is in `kits`.
 */
export async function seedDemo(opts: { kits: Partial<Record<Domain, ServiceKit>>; demoPassword: string; log: (s: string) => void }) {
  const deps = { system: opts.kits.system!, hr: opts.kits.hr!, demoPassword: opts.demoPassword, log: opts.log };
  const { rows: existing } = await deps.hr.pool.query('SELECT 1 FROM organization LIMIT 1');
  if (existing.length) return;
  const { rows: adminRows } = await deps.system.pool.query<{ id: string }>(`SELECT id FROM app_user WHERE is_admin ORDER BY created_date LIMIT 1`);
  const ctx: CallerContext = {
    userId: adminRows[0]!.id,
    sessionId: '00000000-0000-0000-0000-000000000000',
    staffId: null,
    departmentId: null,
    roleIds: [],
    name: 'Demo seed',
    lang: 'vi',
    isAdmin: true,
    ability: [{ action: 'manage', subject: 'all' }],
    staffScope: { type: 'VIEW_ALL', departmentIds: null },
    projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
    ip: '127.0.0.1',
    userAgent: 'seed',
  };
  const repo = (kit: ServiceKit, name: string) => kit.repos.get(name)!;
  const orgIds = new Map<string, string>();
  for (const [i, [code, name, type, parent]] of ORG.entries()) {
    const row = await repo(deps.hr, 'organization').create({ code, name, type, parent_id: parent ? orgIds.get(parent) : null, ordering: i }, ctx);
    orgIds.set(code, row.id);
  }
  const posIds = new Map<string, string>();
  for (const [i, [code, name, level, is_manager]] of POSITIONS.entries()) {
    posIds.set(code, (await repo(deps.hr, 'position').create({ code, name, level, is_manager, ordering: i }, ctx)).id);
  }
  const staffIds = new Map<string, string>();
  const staffDepartments = new Map<string, string>();
  const deptHead = new Map<string, string>();
  for (let n = 1; n <= 50; n++) {
    const [dept, pos] = STAFF_PLAN[n - 1] ?? [SPREAD[n % SPREAD.length]!, n % 3 === 0 ? 'KS' : 'NV'];
    const female = n % 3 === 1;
    const family = FAMILY[n % FAMILY.length]!;
    const middle = female ? 'Thị' : MIDDLE[n % MIDDLE.length] === 'Thị' ? 'Văn' : MIDDLE[n % MIDDLE.length]!;
    const given = GIVEN[(n * 7) % GIVEN.length]!;
    const code = `NV${String(n).padStart(3, '0')}`;
    const deptId = orgIds.get(dept)!;
    const parentUnit = ORG.find(([c]) => c === dept)?.[3];
    const row = await repo(deps.hr, 'staff').create(
      {
        code,
        full_name: `${family} ${middle} ${given}`,
        last_name: family,
        middle_name: middle,
        first_name: given,
        gender: female ? 'FEMALE' : 'MALE',
        birthday: `${1970 + (n % 28)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
        phone: `09${String(10000000 + n * 7919).slice(0, 8)}`,
        company_email: DEMO_USERS.find((u) => u.staff === code)?.email ?? `${code.toLowerCase()}@portal.local`,
        nationality: 'Việt Nam',
        ethnic: 'Kinh',
        department_id: deptId,
        unit_id: parentUnit ? orgIds.get(parentUnit) : null,
        position_id: posIds.get(pos),
        manager_id: deptHead.get(dept) ?? null,
        status: n % 9 === 0 ? 'PROBATION' : 'OFFICIAL',
        labor_type: ['BCH', 'KTTC', 'MEP'].includes(dept) ? 'CONSTRUCTION' : 'OFFICE',
        entry_date: `${2012 + (n % 13)}-0${(n % 9) + 1}-01`,
        working_area: n % 2 ? 'Hà Nội' : 'TP. Hồ Chí Minh',
        job_position: POSITIONS.find(([c]) => c === pos)![1],
      },
      ctx,
    );
    staffIds.set(code, row.id);
    staffDepartments.set(code, dept);
    if (['TP', 'GD', 'CHT'].includes(pos) && !deptHead.has(dept)) {
      deptHead.set(dept, row.id);
      await repo(deps.hr, 'organization').update(deptId, { manager_id: row.id }, ctx);
    }
  }
  // The director heads the company too: the top of every DEPARTMENT_TREE approval.
  await repo(deps.hr, 'organization').update(orgIds.get('CTY')!, { manager_id: staffIds.get('NV001')! }, ctx);
  // Leave: the usual types, and a leave approval flow by the organization chart (the department head).
  for (const [code, name, max_days, paid, annual] of [
    ['ANNUAL', 'Nghỉ phép năm', null, true, true],
    ['SICK', 'Nghỉ ốm', 30, true, false],
    ['UNPAID', 'Nghỉ không lương', 30, false, false],
  ] as const) {
    await repo(deps.hr, 'leaveType').create({ code, name, max_days, paid, annual }, ctx);
  }
  await repo(deps.hr, 'annualLeaveIncrease').create({ name: 'Thâm niên 5 năm', years_of_service: 5, extra_days: 1 }, ctx);
  await repo(deps.hr, 'annualLeaveIncrease').create({ name: 'Thâm niên 10 năm', years_of_service: 10, extra_days: 2 }, ctx);
  await seedStaffRecords(deps.hr, ctx, staffIds);
  await deps.hr.pool.query(`INSERT INTO approval_flow (document_type, name, cost_band, levels) VALUES ('leave', 'Trưởng đơn vị duyệt', 'ALL', $1)`, [
    JSON.stringify([{ level: 1, scope: 'DEPARTMENT_TREE', up: 0 }]),
  ]);
  const roleIds = new Map<string, string>();
  for (const r of ROLES) roleIds.set(r.code, (await repo(deps.system, 'role').create({ ...r, staff_department_ids: [], project_ids: [] }, ctx)).id);
  const hash = await hashPassword(deps.demoPassword);
  const userIds = new Map<string, string>();
  const users = new Map<string, { id: string; name: string; staffId: string }>();
  for (const u of DEMO_USERS) {
    const staffId = staffIds.get(u.staff)!;
    const { rows } = await deps.hr.pool.query<{ full_name: string }>('SELECT full_name FROM staff WHERE id = $1', [staffId]);
    const user = await repo(deps.system, 'user').create(
      {
        username: u.username,
        email: u.email,
        full_name: rows[0]!.full_name,
        staff_id: staffId,
        role_ids: [roleIds.get(u.role)!],
        language: 'vi',
        is_admin: false,
      },
      ctx,
    );
    userIds.set(u.username, user.id);
    users.set(u.username, { id: user.id, name: rows[0]!.full_name, staffId });
    await deps.system.pool.query('UPDATE app_user SET password_hash = $2, password_changed_at = now() WHERE id = $1', [user.id, hash]);
    await deps.system.pool.query('INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)', [user.id, hash]);
    // The demo password is set: the invitation the new account was mailed must not also set one.
    await deps.system.pool.query('UPDATE password_reset SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [user.id]);
  }
  // Recruitment approvals name users and roles: after both exist.
  await seedRecruitmentDemo({ hr: deps.hr, ctx, staffIds, orgIds, posIds, userIds, roleIds });
  // A leave request not yet sent for approval (a site engineer's, in three weeks), so that the leave list, its page and
  // its approval panel have something on a first visit; the demo users' own leave is left for them to try.
  const {
    rows: [annual],
  } = await deps.hr.pool.query<{ id: string }>(`SELECT id FROM leave_type WHERE code = 'ANNUAL'`);
  const inWeeks = (w: number, plus: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + 7 * w + ((8 - d.getUTCDay()) % 7) + plus);
    return d.toISOString().slice(0, 10);
  };
  await repo(deps.hr, 'staffLeave').create(
    { staff_id: staffIds.get('NV010')!, leave_type_id: annual!.id, from_date: inWeeks(3, 0), to_date: inWeeks(3, 1), reason: 'Việc gia đình' },
    ctx,
  );
  const company: DemoCompany = { ctx, staffIds, staffDepartments, roleIds, orgIds, positionIds: posIds, users, wonProjects: [], contractorIds: [] };
  for (const entry of DOMAIN_REGISTRY) {
    const kit = opts.kits[entry.domain];
    if (entry.demo && kit) await entry.demo(kit, company);
  }
  deps.log(
    `demo company created: ${ORG.length} units and departments, ${POSITIONS.length} positions, 50 staff, ${ROLES.length} roles, ${DEMO_USERS.length} demo users`,
  );
}

import {
  addDays,
  additionalWork,
  categoryChecklist,
  construction,
  implementationCategory,
  implementationProject,
  paymentConfirmation,
  memo,
  paymentOrder,
  subcontractorBudget,
  supply,
  type CallerContext,
} from '@portal/contracts';
import { implementProject } from '@portal/implementation';
import { moveStatus, sweepDeadline, withTx, type ServiceKit } from '@portal/service-kit';
import type { DemoCompany } from './demo-company';
import { seedReviews } from './demo-reviews';

/** Constructions of a running project: code, name, floors, floor area (m²). */
const CONSTRUCTIONS: Record<string, [string, string, number, number][]> = {
  'Chung cư Green River Long Biên': [
    ['CT-A', 'Tòa A', 25, 21_500],
    ['CT-B', 'Tòa B', 25, 21_500],
    ['CT-HT', 'Hạ tầng ngoài nhà', 0, 0],
  ],
  'Nhà xưởng Foxconn Bắc Giang': [
    ['XG-01', 'Nhà xưởng số 1', 2, 18_000],
    ['XG-VP', 'Nhà văn phòng điều hành', 4, 3_200],
  ],
};

/** Work packages: code, name, construction code, budget (million đồng), days from the project's start to its start and its length, status. */
const PACKAGES: Record<string, [string, string, string, number, number, number, string][]> = {
  'Chung cư Green River Long Biên': [
    ['HM-01', 'Kết cấu phần ngầm', 'CT-A', 38_000, -120, 150, 'IN_PROGRESS'],
    ['HM-02', 'Kết cấu phần thân tòa A', 'CT-A', 52_000, 10, 240, 'IN_PROGRESS'],
    ['HM-03', 'Hệ thống cơ điện (MEP) tòa A', 'CT-A', 41_000, 90, 260, 'WAITING'],
    ['HM-04', 'Kết cấu phần thân tòa B', 'CT-B', 50_000, 60, 240, 'NEW'],
    ['HM-05', 'Đường nội bộ và thoát nước', 'CT-HT', 9_500, 200, 90, 'NEW'],
  ],
  'Nhà xưởng Foxconn Bắc Giang': [
    ['HM-01', 'Móng và nền nhà xưởng', 'XG-01', 24_000, -60, 90, 'IN_PROGRESS'],
    ['HM-02', 'Kết cấu thép và mái', 'XG-01', 61_000, 20, 120, 'WAITING'],
    ['HM-03', 'Hoàn thiện nhà văn phòng', 'XG-VP', 12_000, 45, 150, 'NEW'],
  ],
};

/** A work package's checklist: name, required, days from the package's start it is due, done when the package has begun. */
const CHECKLIST: [string, boolean, number, boolean][] = [
  ['Biện pháp thi công được tư vấn giám sát phê duyệt', true, -7, true],
  ['Nghiệm thu vật liệu đầu vào', true, 10, true],
  ['Nghiệm thu cốp pha, cốt thép', true, 30, false],
  ['Thí nghiệm mẫu bê tông 28 ngày', true, 60, false],
  ['Bản vẽ hoàn công', false, 120, false],
];

/**
 * The demo company's implementation: the projects the business demo won arrive as their won event would bring them;
 * the two largest are under way — contract signed, started months ago, the site commander (NV011) in charge — with
 * their constructions, work packages in several states and each package's checklist, partly done; the third (the
 * cold store) has just arrived.
 */
export async function seedDomainDemo(kit: ServiceKit, company: DemoCompany): Promise<void> {
  const { ctx, staffIds } = company;
  const today = kit.today();
  const projects = kit.repo(implementationProject);
  const running = company.wonProjects.filter((p) => CONSTRUCTIONS[p.name]);
  const implemented = new Map<string, string>();
  for (const won of company.wonProjects) implemented.set(won.name, await withTx(kit.pool, (tx) => implementProject(kit, tx, won)));
  for (const [n, won] of running.entries()) {
    const start = addDays(today, -150 + 60 * n);
    const id = implemented.get(won.name)!;
    await projects.update(
      id,
      {
        contract_number: `${120 + n}/2026/HĐXD`,
        investor: n === 0 ? 'Công ty TNHH Bất động sản Sông Hồng' : 'Foxconn Việt Nam',
        location: n === 0 ? 'Phúc Đồng, Long Biên, Hà Nội' : 'KCN Quang Châu, Bắc Giang',
        manager_id: staffIds.get('NV011'),
        start_date: start,
        end_date: addDays(start, 540),
        progress: n === 0 ? 28 : 15,
      },
      ctx,
    );
    await withTx(kit.pool, async (tx) => moveStatus(projects, tx, await projects.get(id, ctx, tx, true), 'IN_PROGRESS', ctx));
    const constructionIds = new Map<string, string>();
    for (const [code, name, floors, area] of CONSTRUCTIONS[won.name]!) {
      const row = await kit.repo(construction).create({ implementation_id: id, code, name, floors, floor_area: area || null }, ctx);
      constructionIds.set(code, row.id);
    }
    const categories = kit.repo(implementationCategory);
    for (const [k, [code, name, at, millions, from, days, status]] of PACKAGES[won.name]!.entries()) {
      const begins = addDays(start, from);
      const cat = await categories.create(
        {
          implementation_id: id,
          code,
          name,
          construction_id: constructionIds.get(at),
          manager_id: staffIds.get(k % 2 === 0 ? 'NV011' : 'NV004'),
          budget: millions * 1_000_000,
          start_date: begins,
          end_date: addDays(begins, days),
        },
        ctx,
      );
      const begun = status === 'IN_PROGRESS';
      for (const [i, [item, required, due, done]] of CHECKLIST.entries()) {
        await kit.repo(categoryChecklist).create(
          {
            category_id: cat.id,
            name: item,
            required,
            owner_id: staffIds.get(i % 2 === 0 ? 'NV004' : 'NV011'),
            due_date: addDays(begins, due),
            done: begun && done,
            sort_order: i + 1,
          },
          ctx,
        );
      }
      const path = status === 'IN_PROGRESS' ? ['IN_PROGRESS'] : status === 'WAITING' ? ['WAITING'] : [];
      for (const to of path) await withTx(kit.pool, async (tx) => moveStatus(categories, tx, await categories.get(cat.id, ctx, tx, true), to, ctx));
    }
  }
  // The checklists as a running service's sweep leaves them: the items past due flagged, their owners told.
  await sweepDeadline(kit, categoryChecklist, kit.now());
  await seedMoney(
    kit,
    company,
    running.map((w) => implemented.get(w.name)!),
  );
}

/** Subcontracts of a running project: name, contractor's place in the contractor list, contract value (million đồng), work package code. */
const SUBCONTRACTS: [string, number, number, string][][] = [
  [
    ['Thi công cọc khoan nhồi và tường vây', 0, 18_500, 'HM-01'],
    ['Cốp pha, cốt thép, bê tông phần thân tòa A', 1, 2_350, 'HM-02'],
    ['Cung cấp và lắp đặt hệ thống điện tòa A', 2, 1_480, 'HM-03'],
    ['Hệ thống cấp thoát nước tòa A', 3, 960, 'HM-03'],
    ['Chống thấm tầng hầm', 4, 420, 'HM-01'],
    ['Đường nội bộ và thoát nước mặt', 5, 1_150, 'HM-05'],
  ],
  [
    ['Kết cấu thép nhà xưởng', 6, 3_800, 'HM-02'],
    ['Móng và nền nhà xưởng', 7, 1_650, 'HM-01'],
  ],
];

/**
 * The money of the running projects: the approval flows of subcontractor budgets (three levels up to the SUBCONTRACTOR
 * limit of 2 tỷ, the director's fourth above it — each level titled as the printed request form heads it), of
 * additional work and of payments; subcontracts in every approval status, sent by the site commander and decided by
 * the people the flows name (through the approval engine, so each step has its real name, decision and time); on the
 * approved ones, additional work, progress payments paid and confirmed, and an advance paid and not yet settled; the
 * supplies each site asked for (ordered once approved, waiting, given up, a draft), a memo waiting for the director, and
 * the cost reviews (demo-reviews.ts).
 */
async function seedMoney(kit: ServiceKit, company: DemoCompany, projects: string[]): Promise<void> {
  const { staffIds, roleIds, users } = company;
  const person = (username: string): CallerContext => {
    const u = users.get(username)!;
    return { ...company.ctx, userId: u.id, staffId: u.staffId, name: u.name, isAdmin: false };
  };
  const title = (vi: string, en: string) => ({ vi, en });
  const contracts = {
    level: 1,
    scope: 'ROLE',
    role_id: roleIds.get('CONTRACTS'),
    title: title('Trưởng phòng Quản lý hợp đồng', 'Head of contract management'),
  };
  const pm = { level: 2, scope: 'USERS', approver_ids: [users.get('pm.director')!.id], title: title('Phó Giám đốc Dự án', 'PM vice director') };
  const finance = {
    level: 3,
    scope: 'USERS',
    approver_ids: [users.get('finance.director')!.id],
    title: title('Phó Giám đốc Tài chính', 'Finance vice director'),
  };
  const director = { level: 4, scope: 'ROLE', role_id: roleIds.get('DIRECTOR'), title: title('Giám đốc', 'Director') };
  const flow = (type: string, name: string, band: string, levels: unknown[]) =>
    kit.pool.query(`INSERT INTO approval_flow (document_type, name, cost_band, levels) VALUES ($1, $2, $3, $4)`, [type, name, band, JSON.stringify(levels)]);
  await flow('subcontractor_budget', 'Ngân sách nhà thầu phụ đến 2 tỷ', 'UP_TO_LIMIT', [contracts, pm, finance]);
  await flow('subcontractor_budget', 'Ngân sách nhà thầu phụ trên 2 tỷ', 'ABOVE_LIMIT', [contracts, pm, finance, director]);
  await flow('additional', 'Phát sinh đến 500 triệu', 'UP_TO_LIMIT', [contracts, pm]);
  await flow('additional', 'Phát sinh trên 500 triệu', 'ABOVE_LIMIT', [contracts, pm, { ...director, level: 3 }]);
  await flow('payment', 'Đề nghị thanh toán', 'ALL', [{ ...contracts }, { ...finance, level: 2 }]);
  await kit.pool.query(`UPDATE approval_cost_limit SET max_cost = $2 WHERE kind = $1`, ['SUBCONTRACTOR', 2_000_000_000]);
  await kit.pool.query(`UPDATE approval_cost_limit SET max_cost = $2 WHERE kind = $1`, ['ADDITIONAL', 500_000_000]);
  await flow('supplies', 'Vật tư đến 300 triệu', 'UP_TO_LIMIT', [contracts, pm]);
  await flow('supplies', 'Vật tư trên 300 triệu', 'ABOVE_LIMIT', [contracts, pm, { ...director, level: 3 }]);
  await kit.pool.query(`UPDATE approval_cost_limit SET max_cost = $2 WHERE kind = $1`, ['SUPPLIER', 300_000_000]);
  // Cost reviews go the way of what they buy: a supplier award as supplies, a subcontractor award as a subcontract.
  await flow('review_cost_supplier', 'Chọn nhà cung cấp đến 300 triệu', 'UP_TO_LIMIT', [contracts, pm]);
  await flow('review_cost_supplier', 'Chọn nhà cung cấp trên 300 triệu', 'ABOVE_LIMIT', [contracts, pm, { ...director, level: 3 }]);
  await flow('review_cost_subcontractor', 'Chọn nhà thầu phụ đến 2 tỷ', 'UP_TO_LIMIT', [contracts, pm, finance]);
  await flow('review_cost_subcontractor', 'Chọn nhà thầu phụ trên 2 tỷ', 'ABOVE_LIMIT', [contracts, pm, finance, director]);
  await flow('memo', 'Tờ trình', 'ALL', [
    { ...pm, level: 1 },
    { ...director, level: 2 },
  ]);

  const contractorIds = company.contractorIds;
  const site = person('site');
  const act = async (resource: string, action: 'submit' | 'approve' | 'refuse' | 'cancel', id: string, who: CallerContext, comment?: string) =>
    kit.approvals.get(resource)!.act(action, id, comment ? { description: comment } : {}, who);
  const deciders = [person('contracts'), person('pm.director'), person('finance.director'), person('director')];
  /** Sent by the site commander, then decided by its first `approved` levels (ALL: every one), each by the person it waits for; `last`: what comes next. */
  const decide = async (resource: string, id: string, approved: number, last?: 'refuse' | 'cancel') => {
    let r = await act(resource, 'submit', id, site);
    const next = () => deciders.find((d) => r.approver_ids.includes(d.userId))!;
    const comments = ['Đã kiểm tra hồ sơ, đồng ý trình.', 'Đồng ý.', 'Đồng ý, đảm bảo dòng tiền.', 'Duyệt.'];
    for (let i = 0; i < approved && r.status !== 'APPROVED'; i++) r = await act(resource, 'approve', id, next(), comments[i]);
    if (last === 'refuse') await act(resource, 'refuse', id, next(), 'Đơn giá cao hơn mặt bằng thị trường, đề nghị đàm phán lại.');
    if (last === 'cancel') await act(resource, 'cancel', id, site);
  };
  /** A payment paid out: its confirmation recorded by the site, confirmed by the chief accountant, `days` from today. */
  const paidOut = async (paymentId: string, reference: string, amount: number, days: number) => {
    const confirmations = kit.repo(paymentConfirmation);
    const paid = await confirmations.create({ payment_id: paymentId, reference, amount, paid_date: addDays(kit.today(), days) }, site);
    await withTx(kit.pool, async (tx) => moveStatus(confirmations, tx, await confirmations.get(paid.id, site, tx, true), 'CONFIRMED', person('accountant')));
  };
  /** A status move of a record of `resource` by `who`, with what it records. */
  const move = async (resource: typeof supply, id: string, to: string, who: CallerContext, body: Record<string, unknown> = {}) => {
    const repo = kit.repo(resource);
    await withTx(kit.pool, async (tx) => moveStatus(repo, tx, await repo.get(id, who, tx, true), to, who, { body }));
  };
  const budgets = kit.repo(subcontractorBudget);
  const categoryOf = async (project: string, code: string) =>
    (await kit.pool.query<{ id: string }>(`SELECT id FROM implementation_category WHERE implementation_id = $1 AND code = $2`, [project, code])).rows[0]?.id ??
    null;
  // Every approval status: approved (above and below the limit), waiting at the second level, refused, withdrawn, a draft.
  const ALL = 9;
  const fates: [approved: number, last?: 'refuse' | 'cancel'][] = [[ALL], [ALL], [1], [0, 'refuse'], [0, 'cancel'], [-1], [ALL], [ALL]];
  let k = 0;
  for (const [i, project] of projects.entries()) {
    for (const [name, c, millions, pkg] of SUBCONTRACTS[i] ?? []) {
      const [approved, last] = fates[k++ % fates.length]!;
      const b = await budgets.create(
        {
          implementation_id: project,
          name,
          contractor_id: contractorIds[c % contractorIds.length],
          category_id: await categoryOf(project, pkg),
          responsibility_staff_id: staffIds.get('NV011'),
          contract_number: `${String(k).padStart(2, '0')}/2026/HĐTP`,
          cost: millions * 1_000_000,
          progress: approved === ALL ? 20 + 10 * k : 0,
          description: `Đề nghị phê duyệt ngân sách: ${name.toLowerCase()}, theo kết quả chào giá và đàm phán.`,
        },
        site,
      );
      if (approved >= 0) await decide('subcontractorBudget', b.id, approved, last);
      if (approved !== ALL) continue;
      // On an approved subcontract: the payments of its progress, the first confirmed paid in full.
      const payments = kit.repo(paymentOrder);
      const cost = millions * 1_000_000;
      const first = await payments.create(
        {
          budget_id: b.id,
          name: 'Thanh toán đợt 1 theo khối lượng nghiệm thu',
          kind: 'PROGRESS',
          amount: Math.round(cost * 0.3),
          bill_number: `HD-${k}01`,
          method: 'TRANSFER',
          due_date: addDays(kit.today(), -20),
        },
        site,
      );
      await decide('paymentOrder', first.id, ALL);
      await paidOut(first.id, `UNC-${k}01`, Math.round(cost * 0.3), -12);
      const second = await payments.create(
        {
          budget_id: b.id,
          name: 'Thanh toán đợt 2 theo khối lượng nghiệm thu',
          kind: 'PROGRESS',
          amount: Math.round(cost * 0.2),
          bill_number: `HD-${k}02`,
          method: 'TRANSFER',
          due_date: addDays(kit.today(), 10),
        },
        site,
      );
      await decide('paymentOrder', second.id, 1);
    }
  }
  // An advance paid and not yet settled: its subcontractor gets no other until it is.
  const [firstApproved] = (await kit.pool.query<{ id: string }>(`SELECT id FROM subcontractor_budget WHERE status = 'APPROVED' ORDER BY cost DESC LIMIT 1`))
    .rows;
  if (firstApproved) {
    const advance = await kit.repo(paymentOrder).create(
      {
        budget_id: firstApproved.id,
        name: 'Tạm ứng mua vật tư',
        kind: 'ADVANCE',
        amount: 500_000_000,
        method: 'TRANSFER',
        due_date: addDays(kit.today(), -5),
      },
      site,
    );
    await decide('paymentOrder', advance.id, ALL);
    await paidOut(advance.id, 'UNC-TU01', 500_000_000, -3);
    // Additional work on it: one approved (what may be paid grows), one waiting.
    const extra = kit.repo(additionalWork);
    const piles = await extra.create(
      {
        budget_id: firstApproved.id,
        name: 'Bổ sung 12 cọc do địa chất yếu',
        summary_approval_cost: 640_000_000,
        reason: 'Kết quả khoan thăm dò bổ sung tại trục C-D.',
      },
      site,
    );
    await decide('additionalWork', piles.id, ALL);
    const wall = await extra.create(
      { budget_id: firstApproved.id, name: 'Gia cố tường vây đoạn giáp nhà dân', summary_approval_cost: 180_000_000, reason: 'Yêu cầu của tư vấn giám sát.' },
      site,
    );
    await decide('additionalWork', wall.id, 1);
  }
  // Supplies the site asked for: ordered once approved, one waiting, one given up, a draft; a memo waiting for the director.
  for (const [i, project] of projects.entries()) {
    for (const [j, [name, category, quantity, unit, millions, fate]] of SUPPLIES.entries()) {
      const r = await kit.repo(supply).create(
        {
          implementation_id: project,
          name,
          supply_category: category,
          quantity,
          unit,
          summary_approval_cost: millions * 1_000_000,
          needed_by: addDays(kit.today(), 7 + 7 * j),
        },
        site,
      );
      if (fate === 'FAILED') await move(supply, r.id, 'FAILED', site, { failed_reason: 'Dùng vật tư tồn kho của công trường' });
      if (fate === 'WAITING') await decide('supply', r.id, 1);
      if (fate !== 'ORDER') continue;
      await decide('supply', r.id, ALL);
      await move(supply, r.id, 'ORDER', site, { ordered_date: addDays(kit.today(), -2 - i) });
    }
    const m = await kit.repo(memo).create(
      {
        implementation_id: project,
        name: i === 0 ? 'Tờ trình điều chỉnh biện pháp thi công tầng hầm' : 'Tờ trình tăng ca hoàn thiện nhà văn phòng',
        content: 'Kính trình Ban Giám đốc xem xét, phê duyệt.',
        summary_approval_cost: i === 0 ? 1_250_000_000 : 180_000_000,
      },
      site,
    );
    await decide('memo', m.id, 1);
  }
  await seedReviews(kit, projects, contractorIds, site, decide, [site, person('contracts')]);
}

/** Supplies asked for on each running project: name, category, quantity, unit, estimated cost (million đồng), what became of it. */
const SUPPLIES: [string, 'EQUIPMENT_SUPPLIES' | 'ACCESSORIES_SUPPLIES' | 'INSTALLATION', number, string, number, 'ORDER' | 'WAITING' | 'FAILED' | 'DRAFT'][] = [
  ['Thép CB400-V D25', 'EQUIPMENT_SUPPLIES', 48.5, 'tấn', 820, 'ORDER'],
  ['Bu lông neo M24 và phụ kiện', 'ACCESSORIES_SUPPLIES', 1200, 'bộ', 96, 'ORDER'],
  ['Cáp điện CXV 4x95 và máng cáp', 'INSTALLATION', 850, 'm', 410, 'WAITING'],
  ['Ván khuôn phủ phim 18 mm', 'ACCESSORIES_SUPPLIES', 600, 'tấm', 150, 'FAILED'],
  ['Ống HDPE D200', 'INSTALLATION', 320, 'm', 75, 'DRAFT'],
];

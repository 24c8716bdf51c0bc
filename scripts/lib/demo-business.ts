import {
  addDays,
  businessSettingItem,
  contractor,
  contractorEvaluation,
  contractorEvaluationGroup,
  contractorEvaluationItem,
  contractorEvaluationLine,
  contractorSettingItem,
  project,
  projectSuggestion,
  projectTeam,
  type BusinessSettingKind,
  type CallerContext,
} from '@portal/contracts';
import { moveStatus, withTx, type ServiceKit } from '@portal/service-kit';
import type { DemoCompany } from './demo-company';
import { seedStudies } from './demo-business-studies';
import { seedContracts } from './demo-business-contracts';
import { seedBids } from './demo-business-bids';
import { seedMatrix } from './demo-business-matrix';
import { seedPlans } from './demo-business-plans';

/** The business option lists (contracts business/settings.ts), by kind. */
const SETTINGS: Record<BusinessSettingKind, string[]> = {
  CATEGORY: ['Nhà cao tầng', 'Nhà xưởng công nghiệp', 'Hạ tầng kỹ thuật', 'Trung tâm thương mại', 'Khách sạn - Resort', 'Bệnh viện - Trường học'],
  AREA: ['Miền Bắc', 'Miền Trung', 'Miền Nam'],
  PHASE: ['Chuẩn bị đầu tư', 'Thiết kế cơ sở', 'Thiết kế kỹ thuật', 'Mời thầu'],
  SOURCE: ['Khách hàng cũ', 'Giới thiệu', 'Hội chợ - triển lãm', 'Báo chí - mạng', 'Tư vấn thiết kế'],
  INVESTMENT_TYPE: ['Vốn tư nhân', 'Vốn FDI', 'Vốn ngân sách', 'PPP'],
  DEVELOPMENT_TYPE: ['Xây mới', 'Cải tạo - mở rộng', 'Thiết kế - thi công (EPC)'],
};

/** Projects: name, investor, category, area, stage, value (billion đồng), probability, rating, department. */
const PROJECTS: [string, string, number, number, string, number, number, string | null, 'KD' | 'KTTC'][] = [
  ['Tòa nhà văn phòng Láng Hạ Tower', 'Công ty CP Đầu tư Láng Hạ', 0, 0, 'NEGOTIATING', 180, 70, 'mark_1', 'KD'],
  ['Nhà máy điện tử Yên Phong II', 'Samsung Electro-Mechanics Việt Nam', 1, 0, 'BIDDING', 320, 40, 'mark_1', 'KD'],
  ['Chung cư Green River Long Biên', 'Công ty TNHH Bất động sản Sông Hồng', 0, 0, 'WON', 250, 100, 'mark_1', 'KD'],
  ['Trung tâm thương mại Vincom Thái Bình', 'Tập đoàn Vingroup', 3, 0, 'TRACKING', 95, 30, 'mark_2', 'KD'],
  ['Khu nghỉ dưỡng Cam Ranh Bay', 'Công ty CP Du lịch Khánh Hòa', 4, 1, 'LEAD', 400, 10, null, 'KD'],
  ['Bệnh viện đa khoa tỉnh Quảng Ngãi', 'Sở Y tế Quảng Ngãi', 5, 1, 'BIDDING', 140, 35, 'mark_2', 'KD'],
  ['Đường dẫn cầu Thủ Thiêm 4', 'Ban QLDA Giao thông TP.HCM', 2, 2, 'LOST', 520, 0, 'mark_3', 'KD'],
  ['Nhà xưởng Foxconn Bắc Giang', 'Foxconn Việt Nam', 1, 0, 'WON', 210, 100, 'mark_1', 'KD'],
  ['Khách sạn Hạ Long Bay View', 'Công ty CP Du lịch Quảng Ninh', 4, 0, 'TRACKING', 60, 25, 'mark_2', 'KD'],
  ['Trường liên cấp Vinschool Ocean Park', 'Vinschool', 5, 0, 'NEGOTIATING', 75, 60, 'mark_1', 'KD'],
  ['Khu công nghiệp VSIP Nghệ An - hạ tầng giai đoạn 2', 'VSIP Nghệ An', 2, 1, 'BIDDING', 130, 30, 'mark_2', 'KD'],
  ['Tòa nhà hỗn hợp Nguyễn Trãi', 'Công ty CP Địa ốc Thanh Xuân', 0, 0, 'PAUSED', 160, 20, 'mark_3', 'KD'],
  ['Trung tâm logistics Cái Mép', 'Gemadept', 1, 2, 'LEAD', 85, 10, null, 'KD'],
  ['Chung cư The Sun Thủ Đức', 'Công ty CP Nam Long', 0, 2, 'TRACKING', 300, 30, 'mark_1', 'KD'],
  ['Nhà máy dược phẩm Bình Dương', 'Công ty CP Dược Hậu Giang', 1, 2, 'NEGOTIATING', 48, 65, 'mark_2', 'KD'],
  ['Cải tạo trụ sở Ngân hàng BIDV Hà Tĩnh', 'BIDV', 0, 1, 'LOST', 12, 0, 'mark_3', 'KD'],
  ['Hệ thống thoát nước Đà Nẵng', 'Ban QLDA Đà Nẵng', 2, 1, 'LEAD', 70, 10, null, 'KD'],
  ['Resort Phú Quốc Sunset', 'Sun Group', 4, 2, 'BIDDING', 450, 25, 'mark_2', 'KD'],
  ['Trung tâm thương mại Aeon Hải Phòng', 'Aeon Việt Nam', 3, 0, 'TRACKING', 220, 30, 'mark_1', 'KD'],
  ['Bệnh viện quốc tế Vinmec Cần Thơ', 'Vinmec', 5, 2, 'LEAD', 190, 15, null, 'KD'],
  ['Kho lạnh Long An', 'Công ty TNHH ABA Cooltrans', 1, 2, 'WON', 35, 100, 'mark_2', 'KTTC'],
  ['Nâng cấp nhà xưởng Canon Quế Võ', 'Canon Việt Nam', 1, 0, 'NEGOTIATING', 28, 75, 'mark_1', 'KTTC'],
  ['Cầu vượt nút giao Mai Dịch', 'Ban QLDA Giao thông Hà Nội', 2, 0, 'LOST', 380, 0, 'mark_3', 'KD'],
  ['Khách sạn Sapa Highland', 'Công ty CP Du lịch Lào Cai', 4, 0, 'TRACKING', 55, 20, 'mark_3', 'KD'],
  ['Tòa nhà văn phòng Hải Châu', 'Công ty CP Đầu tư Miền Trung', 0, 1, 'BIDDING', 110, 45, 'mark_1', 'KD'],
  ['Trường đại học FPT Quy Nhơn', 'Tập đoàn FPT', 5, 1, 'LEAD', 150, 10, null, 'KD'],
  ['Khu đô thị Ecopark - hạ tầng phân khu 5', 'Ecopark', 2, 0, 'TRACKING', 260, 35, 'mark_2', 'KD'],
  ['Nhà xưởng may Hưng Yên', 'Tổng công ty May 10', 1, 0, 'PAUSED', 22, 15, 'mark_3', 'KD'],
  ['Showroom ô tô Vinfast Nha Trang', 'VinFast', 3, 1, 'LEAD', 9, 10, null, 'KD'],
  ['Cải tạo khách sạn Rex', 'Saigontourist', 4, 2, 'NEGOTIATING', 42, 55, 'mark_2', 'KD'],
];

/** The moves each stage is reached by from LEAD, in order (contracts business/project.ts). */
const PATHS: Record<string, string[]> = {
  LEAD: [],
  TRACKING: ['TRACKING'],
  BIDDING: ['TRACKING', 'BIDDING'],
  NEGOTIATING: ['TRACKING', 'BIDDING', 'NEGOTIATING'],
  WON: ['TRACKING', 'BIDDING', 'NEGOTIATING', 'WON'],
  LOST: ['TRACKING', 'BIDDING', 'LOST'],
  PAUSED: ['TRACKING', 'PAUSED'],
};
const LOST_REASONS = [
  'Giá dự thầu cao hơn đơn vị trúng thầu 6%',
  'Chủ đầu tư chọn nhà thầu có kinh nghiệm cầu vượt',
  'Hồ sơ năng lực chưa đạt yêu cầu về doanh thu',
];

/**
 * The business department's year (contracts business/*): its option lists; a pipeline of 30 projects across every stage
 * — three won, three lost (each with why), two paused — run by the business department (two by the site engineering
 * department), its head (the `sales` demo user) or one of its officers in charge; the teams of the projects under way
 * (the engineer is on two of them: what an employee with VIEW_PROJECT_POSITION sees); suggestions waiting for the
 * director, approved and rejected; then the partners (seedContractors), the feasibility studies
 * (seedStudies), the contracts of the won projects (seedContracts), the bids with their checklists (seedBids), the
 * yearly plans (seedPlans) and the positioning matrix (seedMatrix).
 */
export async function seedDomainDemo(kit: ServiceKit, company: DemoCompany): Promise<void> {
  const { ctx, orgIds, staffIds, users } = company;
  const today = kit.today();
  const as = (username: string): CallerContext => {
    const u = users.get(username)!;
    return { ...ctx, userId: u.id, name: u.name, staffId: u.staffId };
  };
  const settingIds = new Map<string, string[]>();
  for (const [kind, names] of Object.entries(SETTINGS)) {
    const ids: string[] = [];
    for (const [i, name] of names.entries()) ids.push((await kit.repo(businessSettingItem).create({ kind, name, ordering: i }, ctx)).id);
    settingIds.set(kind, ids);
  }
  // The business department's officers in charge: its head (NV009) and its staff.
  const kd = [...company.staffDepartments.entries()].filter(([, d]) => d === 'KD').map(([code]) => staffIds.get(code)!);
  const projects = kit.repo(project);
  const made: { id: string; stage: string; name: string; investor: string; value: number; categoryId: string; areaId: string }[] = [];
  for (const [n, [name, investor, category, area, stage, billions, probability, rating, dept]] of PROJECTS.entries()) {
    const close = new Date(`${today}T00:00:00Z`);
    close.setUTCMonth(close.getUTCMonth() + ((n * 5) % 14) - 2);
    const row = await projects.create(
      {
        name,
        investor,
        category_id: settingIds.get('CATEGORY')![category],
        area_id: settingIds.get('AREA')![area],
        location: ['Hà Nội', 'Đà Nẵng', 'TP. Hồ Chí Minh'][area],
        department_id: orgIds.get(dept),
        manager_id: n % 3 === 0 ? staffIds.get('NV009') : kd[n % kd.length],
        rating,
        expected_value: billions * 1_000_000_000,
        probability: ['WON', 'LOST'].includes(stage) ? 50 : probability,
        expected_close: close.toISOString().slice(0, 10),
        description: `Dự án ${name} của ${investor}.`,
      },
      as('sales'),
    );
    await withTx(kit.pool, async (tx) => {
      for (const to of PATHS[stage]!) {
        const body = to === 'WON' ? { won_date: today } : to === 'LOST' ? { lost_reason: LOST_REASONS[n % LOST_REASONS.length] } : {};
        await moveStatus(projects, tx, await projects.get(row.id, ctx, tx, true), to, to === 'WON' || to === 'LOST' ? as('director') : as('sales'), { body });
      }
      // Back to the seller's own estimate once tracked (a move to won or lost sets it).
      if (!['WON', 'LOST'].includes(stage) && probability !== 10) await projects.updateIn(tx, row.id, { probability }, as('sales'));
    });
    if (stage === 'WON') {
      company.wonProjects.push({
        id: row.id,
        code: String(row.code),
        name,
        department_id: orgIds.get(dept)!,
        manager_id: (row.manager_id as string | null) ?? null,
        expected_value: billions * 1_000_000_000,
        won_date: today,
        team: [],
      });
    }
    made.push({
      id: row.id,
      stage,
      name,
      investor,
      value: billions * 1_000_000_000,
      categoryId: settingIds.get('CATEGORY')![category]!,
      areaId: settingIds.get('AREA')![area]!,
    });
  }
  // Teams of the projects under way: the person in charge as project manager, an engineer, the site commander.
  const team = kit.repo(projectTeam);
  const pm = company.positionIds.get('PGD-DA')!;
  const engineer = company.positionIds.get('KS')!;
  const commander = company.positionIds.get('CHT')!;
  for (const [i, p] of made.entries()) {
    if (!['NEGOTIATING', 'WON', 'BIDDING'].includes(p.stage)) continue;
    await team.create({ project_id: p.id, staff_id: staffIds.get('NV005'), position_id: pm }, ctx);
    if (i % 2 === 0 || p.stage === 'WON') await team.create({ project_id: p.id, staff_id: staffIds.get('NV004'), position_id: engineer }, ctx);
    if (p.stage === 'WON') await team.create({ project_id: p.id, staff_id: staffIds.get('NV011'), position_id: commander }, ctx);
  }
  // Suggestions: two waiting for the director, one approved, one rejected (to be reworked and resubmitted).
  const suggestions = kit.repo(projectSuggestion);
  const leads = made.filter((p) => p.stage === 'LEAD');
  const reasons = [
    'Chủ đầu tư là khách hàng cũ, đã thanh toán đúng hạn ở hai dự án trước; quy mô phù hợp năng lực thi công.',
    'Dự án có vốn FDI, yêu cầu kỹ thuật MEP cao — thế mạnh của phòng Cơ điện.',
    'Vị trí gần công trường hiện có, tận dụng được thiết bị và ban chỉ huy.',
    'Đối thủ chính đang quá tải; cơ hội trúng thầu cao nếu tham gia sớm.',
  ];
  const open: { id: string }[] = [];
  for (const [i, p] of leads.slice(0, 4).entries())
    open.push(await suggestions.create({ business_project_id: p.id, rating: i % 2 ? 'mark_2' : 'mark_1', reason: reasons[i] }, as('sales')));
  await withTx(kit.pool, async (tx) => {
    await moveStatus(suggestions, tx, await suggestions.get(open[2]!.id, ctx, tx, true), 'APPROVED', as('director'), { note: 'Đồng ý theo đuổi' });
    await moveStatus(suggestions, tx, await suggestions.get(open[3]!.id, ctx, tx, true), 'REJECTED', as('director'), {
      body: { decision_note: 'Bổ sung đánh giá năng lực tài chính của chủ đầu tư rồi đề xuất lại' },
    });
  });
  await seedContractors(
    kit,
    company,
    made.map((p) => p.id),
  );
  await seedStudies(kit, made, settingIds, as);
  await seedContracts(kit, made, ctx);
  await seedBids(kit, made, { manager: staffIds.get('NV009')!, owners: [...kd, staffIds.get('NV005')!] }, ctx);
  await seedPlans(kit, { kd: orgIds.get('KD')!, kttc: orgIds.get('KTTC')! }, as);
  await seedMatrix(kit, made, kd, ctx, as('sales'));
}

/** Partner types and fields of work; the partners: name, kind, type, representative, tax code, grade aimed at (points around it). */
const PARTNER_TYPES = [
  'Nhà thầu kết cấu',
  'Nhà thầu cơ điện',
  'Nhà thầu hoàn thiện',
  'Nhà cung cấp bê tông',
  'Nhà cung cấp thép',
  'Cho thuê thiết bị',
  'Tư vấn thiết kế',
];
const FIELDS = ['Kết cấu bê tông cốt thép', 'Kết cấu thép', 'Điện - điều hòa', 'Phòng cháy chữa cháy', 'Hoàn thiện nội thất', 'Cẩu tháp - vận thăng'];
const PARTNERS: [string, 'CONTRACTOR' | 'EQUIPMENT' | 'SUPPLIER' | 'CONSULTANT', number, string, number | null][] = [
  ['Công ty CP Xây dựng Hòa Bình Minh', 'CONTRACTOR', 0, 'Nguyễn Văn Hòa', 88],
  ['Công ty TNHH Kết cấu thép Đông Á', 'CONTRACTOR', 0, 'Trần Minh Đông', 76],
  ['Công ty CP Cơ điện lạnh REE-M', 'CONTRACTOR', 1, 'Lê Thanh Sơn', 84],
  ['Công ty TNHH PCCC Thăng Long', 'CONTRACTOR', 1, 'Phạm Quốc Long', 58],
  ['Công ty CP Nội thất Mộc Việt', 'CONTRACTOR', 2, 'Vũ Thu Hà', 71],
  ['Công ty TNHH Hoàn thiện Sao Mai', 'CONTRACTOR', 2, 'Đỗ Ngọc Mai', 62],
  ['Công ty CP Bê tông Việt Đức', 'SUPPLIER', 3, 'Hoàng Đức Việt', 80],
  ['Công ty CP Thép Hòa Phát Hà Nội', 'SUPPLIER', 4, 'Bùi Văn Phát', 90],
  ['Công ty TNHH Thiết bị nâng Hưng Thịnh', 'EQUIPMENT', 5, 'Ngô Hưng Thịnh', 67],
  ['Công ty CP Cho thuê máy xây dựng Tiến Phát', 'EQUIPMENT', 5, 'Dương Tiến', 74],
  ['Công ty TNHH Tư vấn thiết kế Kiến Việt', 'CONSULTANT', 6, 'Phan Kiến Trúc', 82],
  ['Công ty CP Xây dựng Số 9', 'CONTRACTOR', 0, 'Lê Văn Chín', 69],
  ['Công ty TNHH Điện nước Bình Minh', 'CONTRACTOR', 1, 'Trần Bình', 55],
  ['Công ty CP Chống thấm Kova', 'CONTRACTOR', 2, 'Nguyễn Thị Kova', 79],
  ['Công ty TNHH Vận thăng Alimak Việt Nam', 'EQUIPMENT', 5, 'Hồ Văn Nam', 86],
  ['Công ty CP Cốp pha Việt', 'SUPPLIER', 4, 'Đặng Văn Cốp', null],
  ['Công ty TNHH Kính An Phát', 'SUPPLIER', 2, 'Lý An Phát', null],
  ['Công ty CP Tư vấn giám sát Sông Đà', 'CONSULTANT', 6, 'Vũ Sông Đà', 77],
  ['Công ty TNHH Thang máy Thyssen Việt', 'EQUIPMENT', 1, 'Mai Văn Thang', 64],
  ['Công ty CP Xây lắp Điện 4', 'CONTRACTOR', 1, 'Bùi Điện', null],
];
/** Evaluation groups (type, name, proportion %) and their items (name, most points; each group's add up to 100). */
const CRITERIA: ['PERFORMANCE_EVALUATION' | 'WARRANTY_EVALUATION', string, number, [string, number][]][] = [
  [
    'PERFORMANCE_EVALUATION',
    'Chất lượng thi công',
    40,
    [
      ['Đúng thiết kế, tiêu chuẩn', 60],
      ['Tỷ lệ sai sót phải sửa', 40],
    ],
  ],
  [
    'PERFORMANCE_EVALUATION',
    'Tiến độ',
    30,
    [
      ['Đúng tiến độ cam kết', 70],
      ['Huy động nhân lực, thiết bị', 30],
    ],
  ],
  ['PERFORMANCE_EVALUATION', 'An toàn lao động', 20, [['Tuân thủ quy định an toàn', 100]]],
  ['PERFORMANCE_EVALUATION', 'Hồ sơ - thanh toán', 10, [['Hồ sơ nghiệm thu đầy đủ, đúng hạn', 100]]],
  ['WARRANTY_EVALUATION', 'Phản hồi bảo hành', 50, [['Thời gian có mặt sau khi báo lỗi', 100]]],
  [
    'WARRANTY_EVALUATION',
    'Chất lượng khắc phục',
    50,
    [
      ['Khắc phục triệt để', 70],
      ['Không tái phát', 30],
    ],
  ],
];

/**
 * Twenty partners — contractors, suppliers, equipment lessors, consultants — and their evaluations over the past year
 * (performance on acceptance, warranty after handover, one unscheduled), completed, so each has its standing; three
 * partners without any (no activity, no score), and one evaluation still a draft.
 */
async function seedContractors(kit: ServiceKit, company: DemoCompany, projectIds: string[]): Promise<void> {
  const { ctx, staffIds } = company;
  const today = kit.today();
  const typeIds: string[] = [];
  for (const [i, name] of PARTNER_TYPES.entries()) typeIds.push((await kit.repo(contractorSettingItem).create({ kind: 'TYPE', name, ordering: i }, ctx)).id);
  const fieldIds: string[] = [];
  for (const [i, name] of FIELDS.entries()) fieldIds.push((await kit.repo(contractorSettingItem).create({ kind: 'FIELD', name, ordering: i }, ctx)).id);
  const items: Record<string, { id: string; point: number }[]> = { PERFORMANCE_EVALUATION: [], WARRANTY_EVALUATION: [] };
  for (const [i, [evaluation_type, name, proportion, its]] of CRITERIA.entries()) {
    const g = await kit.repo(contractorEvaluationGroup).create({ evaluation_type, name, proportion, ordering: i }, ctx);
    for (const [j, [iname, point]] of its.entries())
      items[evaluation_type]!.push({
        id: (await kit.repo(contractorEvaluationItem).create({ group_id: g.id, name: iname, point, ordering: j }, ctx)).id,
        point,
      });
  }
  const evaluations = kit.repo(contractorEvaluation);
  const lines = kit.repo(contractorEvaluationLine);
  const dayBefore = (days: number) => addDays(today, -days);
  for (const [n, [name, kind, type, representative, aim]] of PARTNERS.entries()) {
    const c = await kit.repo(contractor).create(
      {
        name,
        kind,
        type_id: typeIds[type],
        field_ids: [fieldIds[n % fieldIds.length], fieldIds[(n + 2) % fieldIds.length]],
        representative,
        phone: `028${String(3800000 + n * 7717).slice(0, 7)}`,
        email: `lienhe${n + 1}@doitac${n + 1}.vn`,
        address: ['Hà Nội', 'Đà Nẵng', 'TP. Hồ Chí Minh'][n % 3],
        tax_code: String(100000000 + n * 1234567).slice(0, 10),
        bank_account: String(10000000000 + n * 98765432),
        bank_name: ['Vietcombank', 'BIDV', 'Techcombank', 'VietinBank'][n % 4],
        website: `https://doitac${n + 1}.vn`,
        status: aim !== null && aim < 60 ? 'SUSPENDED' : 'COOPERATING',
      },
      ctx,
    );
    // The contractors in good standing carry out the implementation demo's subcontracts.
    if (kind === 'CONTRACTOR' && (aim === null || aim >= 60)) company.contractorIds.push(c.id);
    if (aim === null) continue;
    // Two or three evaluations over the year, each scored around the partner's level, completed.
    const plan: ['PERFORMANCE_EVALUATION' | 'WARRANTY_EVALUATION', 'EXECUTION' | 'MAINTENANCE', string, number][] = [
      ['PERFORMANCE_EVALUATION', 'EXECUTION', 'CONSTRUCTION_ACCEPTANCE', 300 - n * 5],
      ['WARRANTY_EVALUATION', 'MAINTENANCE', 'CONSTRUCTION_ACCEPTANCE', 120 - n * 3],
      ...(n % 4 === 1 ? [['PERFORMANCE_EVALUATION', 'EXECUTION', 'SUDDEN', 40] as ['PERFORMANCE_EVALUATION', 'EXECUTION', string, number]] : []),
    ];
    for (const [k, [evaluation_type, warranty_type, trigger, ago]] of plan.entries()) {
      const e = await evaluations.create(
        {
          contractor_id: c.id,
          evaluation_type,
          warranty_type,
          trigger,
          project_id: projectIds[(n + k) % projectIds.length],
          evaluation_date: dayBefore(ago),
          evaluator_id: staffIds.get(k % 2 ? 'NV009' : 'NV005'),
          note: k === 2 ? 'Đánh giá đột xuất sau sự cố chậm tiến độ' : null,
        },
        ctx,
      );
      const level = Math.max(30, Math.min(100, aim + ((n * 7 + k * 11) % 9) - 4)) / 100;
      for (const it of items[evaluation_type]!) await lines.create({ evaluation_id: e.id, item_id: it.id, point: Math.round(it.point * level) }, ctx);
      // The last partner's latest evaluation stays a draft (being scored).
      if (n === PARTNERS.length - 2 && k === plan.length - 1) continue;
      await withTx(kit.pool, async (tx) => moveStatus(evaluations, tx, await evaluations.get(e.id, ctx, tx, true), 'COMPLETED', ctx));
    }
  }
}

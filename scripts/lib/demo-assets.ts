import {
  addDays,
  asset,
  assetAlertSetting,
  assetGroup,
  assetHandover,
  assetHandoverLine,
  assetInspection,
  assetInsurance,
  assetType,
  repairAsset,
  repairCompany,
} from '@portal/contracts';
import { moveStatus, ownMove, withTx, type ServiceKit } from '@portal/service-kit';
import { markDepreciated } from '@portal/assets';
import type { DemoCompany } from './demo-company';

const TYPES: [code: string, name: string][] = [
  ['MMTB', 'Máy móc thiết bị thi công'],
  ['PTVT', 'Phương tiện vận tải'],
  ['TBVP', 'Thiết bị văn phòng'],
  ['TBDL', 'Thiết bị đo lường'],
  ['CCDC', 'Công cụ dụng cụ'],
];

/** Groups: code, name, type, life (months), inspection interval (months, or null), kind, price range (million đồng), departments, brands. */
const GROUPS: [string, string, string, number, number | null, 'ASSET' | 'EQUIPMENT' | 'STORAGE', [number, number], string[], string[]][] = [
  ['EXC', 'Máy đào', 'MMTB', 96, 12, 'ASSET', [2500, 4500], ['BCH', 'KTTC'], ['Komatsu PC200', 'Hitachi ZX210', 'Kobelco SK200']],
  ['CRANE', 'Cần trục tháp', 'MMTB', 120, 6, 'ASSET', [6000, 9000], ['BCH'], ['Potain MC175', 'Zoomlion TC6013']],
  ['GEN', 'Máy phát điện', 'MMTB', 60, 12, 'EQUIPMENT', [300, 800], ['BCH', 'MEP'], ['Denyo DCA-150', 'Cummins C200']],
  ['MIX', 'Máy trộn bê tông', 'MMTB', 60, 12, 'EQUIPMENT', [150, 400], ['BCH'], ['Trung Quốc JZC350', 'Hòa Phát 500L']],
  ['SCAF', 'Giàn giáo', 'CCDC', 60, null, 'STORAGE', [50, 120], ['BCH', 'KTTC'], ['Hòa Phát', 'Việt Nhật']],
  ['TRUCK', 'Xe tải', 'PTVT', 120, 12, 'ASSET', [1200, 2000], ['HCNS', 'BCH'], ['Hyundai HD210', 'Isuzu FVR']],
  ['PICKUP', 'Xe bán tải', 'PTVT', 96, 12, 'ASSET', [700, 1000], ['HCNS', 'KTTC'], ['Ford Ranger', 'Toyota Hilux']],
  [
    'LAPTOP',
    'Máy tính xách tay',
    'TBVP',
    36,
    null,
    'EQUIPMENT',
    [18, 35],
    ['HCNS', 'TCKT', 'QLHD', 'KD', 'KTTC', 'MEP'],
    ['Dell Latitude 5440', 'Lenovo ThinkPad T14', 'HP ProBook 450'],
  ],
  ['PC', 'Máy tính để bàn', 'TBVP', 48, null, 'EQUIPMENT', [12, 20], ['HCNS', 'TCKT', 'QLHD'], ['Dell OptiPlex 7010', 'HP ProDesk 400']],
  ['PRINTER', 'Máy in', 'TBVP', 36, null, 'EQUIPMENT', [5, 15], ['HCNS', 'TCKT', 'KD'], ['Canon LBP2900', 'HP LaserJet M211']],
  ['TOTAL', 'Máy toàn đạc', 'TBDL', 60, 12, 'EQUIPMENT', [250, 450], ['KTTC', 'BCH'], ['Leica TS07', 'Topcon GM-105']],
  ['LEVEL', 'Máy thủy bình', 'TBDL', 60, 12, 'EQUIPMENT', [20, 50], ['KTTC', 'BCH'], ['Sokkia B40', 'Nikon AC-2S']],
  ['TOOLS', 'Dụng cụ cầm tay', 'CCDC', 24, null, 'STORAGE', [2, 10], ['BCH', 'MEP'], ['Bosch GBH 2-26', 'Makita HR2630']],
];
/** How many assets of each group (about 200 in all). */
const COUNTS: Record<string, number> = {
  EXC: 8,
  CRANE: 4,
  GEN: 10,
  MIX: 8,
  SCAF: 12,
  TRUCK: 6,
  PICKUP: 6,
  LAPTOP: 60,
  PC: 30,
  PRINTER: 14,
  TOTAL: 8,
  LEVEL: 10,
  TOOLS: 24,
};

const COMPANIES: [name: string, tax: string, contact: string, phone: string, address: string][] = [
  ['Công ty TNHH Cơ giới Phú Thành', '0312345678', 'Anh Tuấn', '0903123456', 'KCN Tân Bình, TP. Hồ Chí Minh'],
  ['Trung tâm Bảo hành Dell Việt Nam', '0309876543', 'Chị Hạnh', '0283 9100 100', '23 Nguyễn Thị Huỳnh, Phú Nhuận, TP. Hồ Chí Minh'],
  ['Gara Ô tô Minh Phát', '0315556677', 'Anh Phát', '0918777888', 'Quốc lộ 13, TP. Thủ Đức'],
];

/** A fixed sequence of numbers in [0, 1): the demo is the same on every start. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

const dayBefore = (today: string, days: number) => addDays(today, -days);

/**
 * The demo company's assets: five types and thirteen groups of a construction firm's equipment, about 200 assets
 * bought over the last seven years across the departments — machines and vehicles at the site, laptops in every office
 * — in every status: new ones just bought, in storage, in use by their holders, damaged, out for repair (one returned
 * as a capitalised overhaul that lengthened its life), liquidated, and the old laptops fully depreciated by the daily
 * job; insurance on the vehicles and cranes, one policy ending this month; three repair companies.
 */
export async function seedDomainDemo(kit: ServiceKit, ids: DemoCompany) {
  const { ctx, orgIds, staffIds, staffDepartments } = ids;
  const today = kit.today();
  const rand = sequence(33);
  const typeIds = new Map<string, string>();
  for (const [code, name] of TYPES) typeIds.set(code, (await kit.repo(assetType).create({ code, name }, ctx)).id);
  const groupIds = new Map<string, string>();
  for (const [code, name, type, life, inspect] of GROUPS)
    groupIds.set(
      code,
      (await kit.repo(assetGroup).create({ code, name, type_id: typeIds.get(type), depreciation_months: life, inspection_months: inspect }, ctx)).id,
    );
  const companyIds: string[] = [];
  for (const [name, tax_code, contact_name, phone, address] of COMPANIES)
    companyIds.push((await kit.repo(repairCompany).create({ name, tax_code, contact_name, phone, address }, ctx)).id);

  // Who works in each department, to hold its assets.
  const people = new Map<string, string[]>();
  for (const [code, dept] of staffDepartments) people.set(dept, [...(people.get(dept) ?? []), code]);

  const assets = kit.repo(asset);
  const made: { id: string; group: string; dept: string; age: number }[] = [];
  let serial = 1000;
  for (const [code, name, type, , , kind, [lo, hi], depts, brands] of GROUPS) {
    for (let i = 0; i < COUNTS[code]!; i++) {
      const dept = depts[i % depts.length]!;
      const brand = brands[i % brands.length]!;
      // Bought between a week and seven years ago; a few this month (still NEW).
      const age = i < 2 ? Math.floor(rand() * 20) + 3 : Math.floor(rand() * 2_500) + 30;
      const millions = lo + Math.floor(rand() * (hi - lo));
      const row = await assets.create(
        {
          name: `${name} ${brand}`,
          kind,
          type_id: typeIds.get(type),
          group_id: groupIds.get(code),
          brand: brand.split(' ')[0],
          model: brand.split(' ').slice(1).join(' ') || null,
          serial: `${code}-${++serial}`,
          supplier: kind === 'ASSET' ? 'Công ty CP Thiết bị Xây dựng Việt' : 'Công ty TNHH Thương mại Phong Vũ',
          purchase_date: dayBefore(today, age),
          purchase_price: millions * 1_000_000 + Math.floor(rand() * 1000) * 1000,
          department_id: orgIds.get(dept),
          location: ['BCH', 'KTTC'].includes(dept) ? 'Công trường Thủ Đức' : 'Trụ sở chính',
        },
        ctx,
      );
      made.push({ id: row.id, group: code, dept, age });
    }
  }

  // Their lives so far: most in use by someone of their department, some in storage, a few damaged or liquidated.
  await withTx(kit.pool, async (tx) => {
    for (const [n, a] of made.entries()) {
      if (a.age < 30) continue; // bought this month: NEW
      const record = await assets.get(a.id, ctx, tx, true);
      const roll = n % 10;
      const holders = people.get(a.dept) ?? [];
      if (roll < 6 && holders.length) {
        const holder = staffIds.get(holders[n % holders.length]!);
        await ownMove(assets, tx, a.id, 'USED', ctx, 'Bàn giao ban đầu / Initial handover', { holder_id: holder });
        if (roll === 5) await moveStatus(assets, tx, await assets.get(a.id, ctx, tx, true), 'DAMAGED', ctx, { note: 'Hỏng khi thi công / Broke down on site' });
      } else if (roll < 9) {
        const stored = await moveStatus(assets, tx, record, 'STORAGE', ctx);
        if (n % 30 === 7) await moveStatus(assets, tx, stored, 'STORAGE_DAMAGED', ctx, { note: 'Hư hỏng trong kho / Found damaged in storage' });
      } else if (a.age > 1_500) {
        await moveStatus(assets, tx, record, 'LIQUIDATION', ctx, {
          note: 'Thanh lý tài sản cũ / Old asset sold',
          body: { liquidation_date: dayBefore(today, 20), liquidation_price: 3_000_000 + (n % 5) * 1_000_000 },
        });
      } else await moveStatus(assets, tx, record, 'STORAGE', ctx);
    }
  });

  // Repairs: the damaged ones out at a workshop, two back; one excavator's overhaul capitalised (a longer life).
  const damaged = (await kit.pool.query<{ id: string; group_id: string }>(`SELECT id, group_id FROM asset WHERE status = 'DAMAGED' ORDER BY asset_code`)).rows;
  const repairs = kit.repo(repairAsset);
  for (const [i, d] of damaged.slice(0, 6).entries()) {
    const r = await repairs.create(
      {
        asset_id: d.id,
        company_id: companyIds[i % companyIds.length],
        reason: ['Hỏng bơm thủy lực', 'Không lên nguồn', 'Thay động cơ', 'Gãy tay cần', 'Hỏng màn hình', 'Rò rỉ dầu'][i]!,
        cost: i === 0 ? 180_000_000 : 4_500_000 + i * 1_250_000,
        sent_date: dayBefore(today, 25 - i * 3),
        capitalised: i === 0,
        extra_months: i === 0 ? 24 : 0,
      },
      ctx,
    );
    if (i < 2)
      await withTx(kit.pool, async (tx) =>
        moveStatus(repairs, tx, await repairs.get(r.id, ctx, tx, true), 'RETURNED', ctx, {
          body: { returned_date: dayBefore(today, 5 - i), outcome: 'FIXED' },
        }),
      );
  }

  // Insurance: the vehicles and cranes, one policy ending this month.
  const insured = (
    await kit.pool.query<{ id: string; purchase_price: number }>(
      `SELECT a.id, a.purchase_price FROM asset a JOIN asset_group g ON g.id = a.group_id
      WHERE g.code IN ('TRUCK', 'PICKUP', 'CRANE') AND a.status <> 'LIQUIDATION' ORDER BY a.asset_code`,
    )
  ).rows;
  const monthEnd = `${today.slice(0, 8)}${String(new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;
  for (const [i, a] of insured.entries()) {
    const to = i === 0 ? (monthEnd > today ? monthEnd : dayBefore(today, -10)) : dayBefore(today, -60 - i * 20);
    await kit.repo(assetInsurance).create(
      {
        asset_id: a.id,
        insurer: i % 2 ? 'Bảo hiểm Bảo Việt' : 'Bảo hiểm PVI',
        policy_number: `BH-${to.slice(0, 4)}-${String(1000 + i)}`,
        insured_value: Number(a.purchase_price),
        premium: Math.round(Number(a.purchase_price) / 100_000) * 1_000,
        from_date: dayBefore(to, 365),
        to_date: to,
      },
      ctx,
    );
  }

  await seedInspections(kit, ids, today);
  await seedAlerts(kit, ids);
  // The daily job: what has served its full life is fully depreciated.
  await markDepreciated(kit);
  await seedHandovers(kit, ids);
}

/**
 * Handovers in every state: a bulk handover of four site assets to the engineer, half accepted (two wait for their
 * answer, the one notification the demo leaves unread); a draft the office is preparing; one complete, a line denied and taken back; a return sent by its holder,
 * waiting for the office; and one with a denial the office has still to confirm. The office's side is its asset clerk
 * (NV020, HCNS) and the other receivers are staff without a demo sign-in, so the demo's past does not fill the demo users'
 * bells with steps they would long have read.
 */
/** The asset office's clerk in the demo (HCNS). */
const CLERK = 'NV020';

async function seedHandovers(kit: ServiceKit, ids: DemoCompany) {
  const { ctx, orgIds, staffIds } = ids;
  const handovers = kit.repo(assetHandover);
  const lines = kit.repo(assetHandoverLine);
  const stored = async (dept: string, n: number) =>
    (
      await kit.pool.query<{ id: string }>(
        `SELECT a.id FROM asset a WHERE a.status = 'STORAGE' AND a.department_id = $1 AND a.state = 'ACTIVE'
          AND NOT EXISTS (SELECT 1 FROM asset_handover_line l WHERE l.asset_id = a.id) ORDER BY a.asset_code LIMIT $2`,
        [orgIds.get(dept), n],
      )
    ).rows.map((r) => r.id);
  const make = async (over: Record<string, unknown>, assetIds: string[], answers: ('ACCEPTED' | 'DENIED' | 'DENIED_CONFIRM' | null)[] = [], send = true) => {
    if (!assetIds.length) return;
    const h = await handovers.create({ type: 'TO_USER', giver_id: staffIds.get(CLERK), ...over }, ctx);
    for (const asset_id of assetIds) await lines.create({ handover_id: h.id, asset_id, condition: 'Hoạt động tốt' }, ctx);
    if (!send) return;
    await withTx(kit.pool, async (tx) => moveStatus(handovers, tx, await handovers.get(h.id, ctx, tx, true), 'HAND_OVER', ctx));
    const rows = (await kit.pool.query<{ id: string }>(`SELECT id FROM asset_handover_line WHERE handover_id = $1 ORDER BY created_date, id`, [h.id])).rows;
    for (const [i, answer] of answers.entries()) {
      if (!answer) continue;
      const steps = answer === 'DENIED_CONFIRM' ? (['DENIED', 'DENIED_CONFIRM'] as const) : ([answer] as const);
      for (const to of steps)
        await withTx(kit.pool, async (tx) =>
          moveStatus(lines, tx, await lines.get(rows[i]!.id, ctx, tx, true), to, ctx, {
            note: to === 'DENIED' ? 'Thiết bị không đúng cấu hình yêu cầu' : null,
          }),
        );
    }
  };
  const kttc = orgIds.get('KTTC');
  await make(
    { department_id: kttc, receiver_id: staffIds.get('NV004'), location: 'Công trường Thủ Đức', reason: 'Cấp thiết bị cho dự án Thủ Đức' },
    await stored('KTTC', 4),
    ['ACCEPTED', 'ACCEPTED', null, null],
  );
  await make({ department_id: orgIds.get('BCH'), receiver_id: staffIds.get('NV011'), location: 'Ban chỉ huy công trường' }, await stored('BCH', 2), [], false);
  await make({ department_id: orgIds.get('HCNS'), receiver_id: staffIds.get('NV007'), location: 'Phòng Tài chính - Kế toán' }, await stored('HCNS', 2), [
    'ACCEPTED',
    'DENIED_CONFIRM',
  ]);
  await make({ department_id: orgIds.get('MEP'), receiver_id: staffIds.get('NV010'), location: 'Phòng Cơ điện' }, await stored('MEP', 1), ['DENIED']);
  // A return: an engineer's laptop back to the office, sent by its holder.
  const { rows: held } = await kit.pool.query<{ id: string; holder_id: string; department_id: string }>(
    `SELECT id, holder_id, department_id FROM asset WHERE status = 'USED' AND holder_id IS NOT NULL AND NOT (holder_id = ANY($1)) ORDER BY asset_code LIMIT 1`,
    [['NV001', 'NV002', 'NV003', 'NV004', CLERK].map((c) => staffIds.get(c))],
  );
  if (held[0])
    await make(
      {
        type: 'RETURN',
        department_id: held[0].department_id,
        giver_id: held[0].holder_id,
        receiver_id: staffIds.get(CLERK),
        reason: 'Nghỉ việc, trả lại thiết bị',
      },
      [held[0].id],
    );
}

const INSPECTORS = ['Trung tâm Kiểm định Kỹ thuật An toàn Khu vực II', 'Công ty CP Kiểm định Vinacontrol', 'Trung tâm Đo lường Chất lượng 3'];

/**
 * Inspections of the machines, vehicles and instruments whose group has an interval: most inspected in time (their
 * certificates valid), one in six never inspected since it was bought (due, mostly overdue), one in six inspected an
 * interval ago less two weeks (due this month), one that failed (due again at once).
 */
async function seedInspections(kit: ServiceKit, { ctx }: DemoCompany, today: string) {
  const { rows } = await kit.pool.query<{ id: string; purchase_date: string; months: number }>(
    `SELECT a.id, to_char(a.purchase_date, 'YYYY-MM-DD') AS purchase_date, g.inspection_months AS months FROM asset a JOIN asset_group g ON g.id = a.group_id
      WHERE g.inspection_months IS NOT NULL AND a.status <> 'LIQUIDATION' ORDER BY a.asset_code`,
  );
  const inspections = kit.repo(assetInspection);
  for (const [i, a] of rows.entries()) {
    if (i % 6 === 0) continue;
    const date = dayBefore(today, i % 6 === 1 ? a.months * 30 - 14 : 20 + ((i * 11) % (a.months * 25)));
    if (date < a.purchase_date) continue;
    await inspections.create(
      {
        asset_id: a.id,
        inspection_date: date,
        inspector: INSPECTORS[i % INSPECTORS.length],
        certificate_number: `${String(i + 1).padStart(4, '0')}/${date.slice(0, 4)}/KĐ`,
        result: i === 4 ? 'FAILED' : i % 7 === 3 ? 'CONDITIONAL' : 'PASSED',
        cost: 1_500_000 + (i % 5) * 500_000,
        note: i === 4 ? 'Phanh cơ cấu nâng không đạt, phải khắc phục và kiểm định lại' : null,
      },
      ctx,
    );
  }
}

/**
 * The alerts: every kind on, to the asset office's clerk (NV020) by mail too — insurance and inspections a month ahead,
 * schedules two months ahead; a handover unanswered for three days also to its department's head (the escalation).
 */
async function seedAlerts(kit: ServiceKit, { ctx, staffIds }: DemoCompany) {
  const clerk = [staffIds.get(CLERK)];
  const rows = [
    { name: 'Bảo hiểm sắp hết hạn (trước 30 ngày)', kind: 'INSURANCE_EXPIRY', days_ahead: 30, to_department_head: false },
    { name: 'Đến hạn kiểm định (trước 30 ngày)', kind: 'INSPECTION_DUE', days_ahead: 30, to_department_head: false },
    { name: 'Sắp hết khấu hao (trước 60 ngày)', kind: 'DEPRECIATION_END', days_ahead: 60, to_department_head: false },
    { name: 'Bàn giao chưa xác nhận sau 3 ngày', kind: 'HANDOVER_WAITING', days_ahead: 3, to_department_head: true },
  ];
  for (const r of rows) await kit.repo(assetAlertSetting).create({ ...r, recipient_ids: clerk, by_mail: true }, ctx);
}

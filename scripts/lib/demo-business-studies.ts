import { feasibility, type CallerContext } from '@portal/contracts';
import { moveStatus, withTx, type ServiceKit } from '@portal/service-kit';

/** A study: the project's index among the seeded ones, towers, floors, basements, MEP percent, verdict. */
const STUDIES: [number, number, number, number, number, 'WAITING' | 'FEASIBLE' | 'NOT_FEASIBLE'][] = [
  [0, 1, 32, 3, 18, 'FEASIBLE'],
  [1, 4, 3, 0, 24, 'FEASIBLE'],
  [3, 1, 6, 2, 15, 'WAITING'],
  [5, 3, 12, 1, 20, 'FEASIBLE'],
  [8, 1, 18, 1, 16, 'NOT_FEASIBLE'],
  [13, 5, 35, 2, 14, 'WAITING'],
  [17, 12, 4, 0, 12, 'FEASIBLE'],
  [24, 2, 25, 3, 17, 'WAITING'],
];

/**
 * Feasibility studies of the pipeline's projects under way (contracts business/feasibility.ts), written by the
 * business head: four judged feasible by the director, one not (why), three waiting for the director's review — what the
 * director finds in the list filtered `f_is_ability=0` on Monday.
 */
export async function seedStudies(
  kit: ServiceKit,
  projects: { id: string; name: string; investor: string; value: number; categoryId: string; areaId: string }[],
  settingIds: Map<string, string[]>,
  as: (username: string) => CallerContext,
): Promise<void> {
  const repo = kit.repo(feasibility);
  const consultants = (await kit.pool.query<{ id: string }>(`SELECT id FROM contractor WHERE kind = 'CONSULTANT' AND state = 'ACTIVE' ORDER BY code`)).rows;
  const pick = (kind: string, n: number) => settingIds.get(kind)![n % settingIds.get(kind)!.length];
  const year = kit.today().slice(2, 4);
  for (const [n, [index, towers, floors, tunnels, mep, verdict]] of STUDIES.entries()) {
    const p = projects[index]!;
    const row = await repo.create(
      {
        code: `KT${year}-${String(n + 1).padStart(3, '0')}`,
        name: `Nghiên cứu khả thi ${p.name}`,
        project_id: p.id,
        category_id: p.categoryId,
        area_id: p.areaId,
        kind: ['OPEN_TENDER', 'LIMITED_TENDER', 'NEGOTIATION', 'DIRECT_APPOINTMENT'][n % 4],
        phase_id: pick('PHASE', n),
        source_id: pick('SOURCE', n),
        investment_type_id: pick('INVESTMENT_TYPE', n),
        development_type_id: pick('DEVELOPMENT_TYPE', n),
        priority: ['HIGH', 'MEDIUM', 'LOW'][n % 3],
        winning_possibility: [60, 45, 30, 55, 20, 35, 40, 50][n],
        // The investor's total investment is some three times the contract the company bids for.
        investment_value: p.value * 3,
        mep_rate_value: mep,
        investor: p.investor,
        consultant_ids: consultants.length ? [consultants[n % consultants.length]!.id] : [],
        constructors: ['Coteccons, Hòa Bình', 'Newtecons', 'Delta, Ricons', 'Hòa Bình', 'Coteccons'][n % 5],
        floor_acreage: floors * towers * 1450,
        project_acreage: towers * 3200,
        rooms: floors > 10 ? floors * towers * 12 : 0,
        towers,
        floors,
        tunnels,
        licensed: n % 3 !== 2,
        conditions: 'Tạm ứng 15% sau ký hợp đồng; bảo lãnh thực hiện hợp đồng 10%; thanh toán theo khối lượng hàng tháng.',
        main_plan: 'Thi công theo thiết kế kỹ thuật của tư vấn; điều hòa trung tâm VRV, hệ thống PCCC sprinkler toàn nhà.',
        ve_plan: 'Đổi VRV sang Chiller giải nhiệt gió cho khối đế; tối ưu tuyến ống gió tầng hầm; giảm 6–8% giá trị MEP.',
        primary_plan: n % 2 ? 'VE' : 'MAIN',
      },
      as('sales'),
    );
    if (verdict === 'WAITING') continue;
    await withTx(kit.pool, async (tx) =>
      moveStatus(repo, tx, await repo.get(row.id, as('director'), tx, true), verdict, as('director'), {
        body: verdict === 'NOT_FEASIBLE' ? { review_note: 'Tiến độ thanh toán của chủ đầu tư không rõ ràng; chờ báo cáo tài chính.' } : {},
      }),
    );
  }
}

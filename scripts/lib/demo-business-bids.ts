import { addDays, bid, bidChecklist, type CallerContext } from '@portal/contracts';
import { moveStatus, sweepDeadline, withTx, type ServiceKit } from '@portal/service-kit';

/** A tender's usual work: the task, days before the deadline, required before submission. */
const TASKS: [string, number, boolean][] = [
  ['Khảo sát hiện trạng công trường', 12, false],
  ['Gửi câu hỏi làm rõ hồ sơ mời thầu', 10, true],
  ['Bóc tách khối lượng MEP', 7, true],
  ['Lấy báo giá thiết bị chính (chiller, tủ điện, máy phát)', 5, true],
  ['Mở bảo lãnh dự thầu', 3, true],
  ['Trình duyệt giá dự thầu', 2, true],
  ['Đóng quyển, ký và nộp hồ sơ', 0, true],
];

/** Winners of the demo's lost tenders. */
const WINNERS = ['Công ty CP Cơ điện Sigma', 'Công ty CP Xây lắp REE', 'Tổng công ty Lắp máy LILAMA'];

/**
 * Bids (contracts business/bid.ts): two being prepared — one due in five days with its checklist half done and an item
 * already late, one in twelve days just begun — one submitted and waiting, the won projects' bids won and the lost ones'
 * lost to a named winner at a lower price; what the win rate by segment counts.
 */
export async function seedBids(
  kit: ServiceKit,
  projects: { id: string; stage: string; name: string; value: number }[],
  people: { manager: string; owners: string[] },
  ctx: CallerContext,
): Promise<void> {
  const bids = kit.repo(bid);
  const items = kit.repo(bidChecklist);
  const today = kit.today();
  const day = (n: number) => addDays(today, n);
  const move = (id: string, to: string, body: Record<string, unknown> = {}) =>
    withTx(kit.pool, async (tx) => moveStatus(bids, tx, await bids.get(id, ctx, tx, true), to, ctx, { body }));
  const make = async (p: { id: string; name: string; value: number }, deadline: number, doneUpTo: number) => {
    const b = await bids.create(
      {
        name: `Gói thầu cơ điện ${p.name}`,
        project_id: p.id,
        manager_id: people.manager,
        deadline: day(deadline),
        bid_price: Math.round(p.value * 0.96),
        bid_security: Math.round(p.value * 0.01),
      },
      ctx,
    );
    for (const [i, [name, before, required]] of TASKS.entries())
      await items.create({ bid_id: b.id, name, owner_id: people.owners[i % people.owners.length], days_before: before, required, done: i < doneUpTo }, ctx);
    return b;
  };
  const bidding = projects.filter((p) => p.stage === 'BIDDING');
  // Due in five days: the first two tasks done, the quantities (T−7) two days late — flagged, its owner told, as the
  // sweep of a running service would have done (the demo is as a day of work leaves it).
  await make(bidding[0]!, 5, 2);
  await make(bidding[1]!, 12, 0);
  const submitted = await make(bidding[2]!, -3, TASKS.length);
  await move(submitted.id, 'SUBMITTED');
  for (const p of projects.filter((x) => x.stage === 'WON')) {
    const b = await make(p, -60, TASKS.length);
    await move(b.id, 'SUBMITTED');
    await move(b.id, 'WON', { result_date: day(-45) });
  }
  for (const [n, p] of projects.filter((x) => x.stage === 'LOST').entries()) {
    const b = await make(p, -50, TASKS.length);
    await move(b.id, 'SUBMITTED');
    await move(b.id, 'LOST', {
      result_date: day(-40),
      winner: WINNERS[n % WINNERS.length],
      winner_price: Math.round(p.value * (0.9 - n * 0.02)),
      lost_reason: 'Giá dự thầu cao hơn nhà thầu trúng thầu',
    });
  }
  await sweepDeadline(kit, bidChecklist, kit.now());
}

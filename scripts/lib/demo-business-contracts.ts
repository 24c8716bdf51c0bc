import { businessContract, businessLeftRevenue, type CallerContext } from '@portal/contracts';
import { moveStatus, withTx, type ServiceKit } from '@portal/service-kit';

/**
 * The contracts of the won projects (contracts business/contract.ts), effective, each with the revenue recognised last
 * year and this year so far — one nearly done, one half way, one just begun — and a contract being drafted for a project
 * under negotiation: the backlog the director reads on the contract list.
 */
export async function seedContracts(
  kit: ServiceKit,
  projects: { id: string; stage: string; name: string; investor: string; value: number }[],
  ctx: CallerContext,
): Promise<void> {
  const contracts = kit.repo(businessContract);
  const revenue = kit.repo(businessLeftRevenue);
  const today = kit.today();
  const year = Number(today.slice(0, 4));
  const dayOf = (y: number, md: string) => `${y}-${md}`;
  const shares: [number, number][] = [
    [0.55, 0.35],
    [0.2, 0.3],
    [0, 0.12],
  ];
  const won = projects.filter((p) => p.stage === 'WON');
  for (const [n, p] of won.entries()) {
    const c = await contracts.create(
      {
        code: `HĐ-${String(year - 1).slice(2)}/${String(n + 11).padStart(3, '0')}`,
        name: `Hợp đồng thi công cơ điện ${p.name}`,
        project_id: p.id,
        investor: p.investor,
        start_date: dayOf(year - 1, '03-01'),
        end_date: dayOf(year + 1, '06-30'),
        value: p.value,
      },
      ctx,
    );
    await withTx(kit.pool, async (tx) =>
      // The one just begun was signed this spring (what this year's plan counts as signed); the others last year.
      moveStatus(contracts, tx, await contracts.get(c.id, ctx, tx, true), 'EFFECTIVE', ctx, {
        body: { signed_date: n % shares.length === 2 ? dayOf(year, '04-10') : dayOf(year - 1, '02-15') },
      }),
    );
    const [last, now] = shares[n % shares.length]!;
    if (last)
      await revenue.create({ contract_id: c.id, year: year - 1, revenue: Math.round(p.value * last), note: 'Theo biên bản nghiệm thu khối lượng' }, ctx);
    await revenue.create({ contract_id: c.id, year, revenue: Math.round(p.value * now), note: 'Lũy kế đến tháng hiện tại' }, ctx);
  }
  const negotiating = projects.find((p) => p.stage === 'NEGOTIATING');
  if (negotiating)
    await contracts.create(
      {
        code: `HĐ-${String(year).slice(2)}/DT01`,
        name: `Dự thảo hợp đồng ${negotiating.name}`,
        project_id: negotiating.id,
        investor: negotiating.investor,
        value: negotiating.value,
      },
      ctx,
    );
}

import type { FastifyInstance } from 'fastify';
import {
  ASSET_SERVING,
  asset,
  assetsApi,
  bookValueOn,
  depreciationEnd,
  depreciationSchedule,
  zDay,
  type DepreciationAnswer,
  type DepreciationInput,
  type RowOf,
} from '@portal/contracts';
import { z } from 'zod';
import { badRequest, ok, ownMove, parseOrThrow, requireCaller, serveRoute, systemCaller, withTx, type Queryable, type ServiceKit } from '@portal/service-kit';

type AssetRow = Pick<RowOf<typeof asset>, 'id' | 'purchase_price' | 'depreciation_months' | 'purchase_date'>;

/** An asset's schedule input: its price, life and purchase month, and its capitalised repairs (returned, by return month). */
export async function depreciationInputOf(db: Queryable, row: AssetRow): Promise<DepreciationInput> {
  const { rows } = await db.query<{ month: string; cost: number; months: number }>(
    `SELECT to_char(returned_date, 'YYYY-MM') AS month, cost, extra_months AS months FROM repair_asset
      WHERE asset_id = $1 AND state = 'ACTIVE' AND status = 'RETURNED' AND capitalised ORDER BY returned_date, id`,
    [row.id],
  );
  return {
    price: Number(row.purchase_price ?? 0),
    months: Number(row.depreciation_months ?? 0),
    start: String(row.purchase_date),
    capitalisations: rows.map((r) => ({ month: r.month, cost: Number(r.cost), months: Number(r.months) })),
  };
}

/** The fields the register keeps from the schedule: the capitalised cost and months, and the last day. */
export function scheduleFields(input: DepreciationInput) {
  const caps = input.capitalisations ?? [];
  return {
    capitalised_cost: caps.reduce((s, c) => s + c.cost, 0),
    extended_months: caps.reduce((s, c) => s + c.months, 0),
    depreciation_end: depreciationEnd(input),
  };
}

const query = z.object({ date: zDay().optional() }).loose();

/** `GET /asset/:id/depreciation?date=`: the schedule and the book value on the day, read in the caller's scope like the asset. */
export function depreciationRoutes(app: FastifyInstance, kit: ServiceKit) {
  const repo = kit.repo(asset);
  serveRoute<{ Params: { id: string } }>(app, assetsApi.depreciation, async (req) => {
    const ctx = requireCaller(req);
    const { date = kit.today() } = parseOrThrow(query, req.query, badRequest);
    const row = await repo.get(req.params.id, ctx);
    const input = await depreciationInputOf(kit.pool, row);
    const schedule = depreciationSchedule(input);
    const cost = input.price + (input.capitalisations ?? []).reduce((s, c) => s + c.cost, 0);
    const answer: DepreciationAnswer = { date, book_value: bookValueOn(input, date), cost, end: depreciationEnd(input), schedule };
    if (row.status === 'LIQUIDATION' && row.liquidation_date) {
      const bv = bookValueOn(input, String(row.liquidation_date));
      const price = Number(row.liquidation_price ?? 0);
      answer.liquidation = { date: String(row.liquidation_date), price, book_value: bv, gain: price - bv };
    }
    return ok(answer);
  });
}

/** Assets marked by one transaction at most (the rest follow in the next, in the same run). */
const BATCH = 200;
const JOB = systemCaller('asset depreciation job');

/**
 * The daily depreciation work: every serving asset (ASSET_SERVING) whose schedule ended before today becomes DISCOUNT,
 * with its activity entry and status event. Each asset is claimed with FOR UPDATE SKIP LOCKED and leaves the set once
 * marked, so a second run, or another instance running at the same moment, marks nothing twice. Returns how many it marked.
 */
export async function markDepreciated(kit: ServiceKit): Promise<number> {
  const repo = kit.repo(asset);
  let total = 0;
  for (;;) {
    const today = kit.today();
    const n = await withTx(kit.pool, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM asset WHERE state = 'ACTIVE' AND status = ANY($1::text[]) AND depreciation_end < $2::date
          ORDER BY depreciation_end, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        [ASSET_SERVING, today],
      );
      for (const { id } of rows) await ownMove(repo, tx, id, 'DISCOUNT', JOB, 'Hết thời gian khấu hao / Fully depreciated');
      return rows.length;
    });
    if (n) repo.onCommit();
    total += n;
    if (n < BATCH) return total;
  }
}

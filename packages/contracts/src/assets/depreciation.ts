/**
 * Straight-line depreciation in whole đồng (ARCHITECTURE §9 "Money exact end to end"; issue 33 point 2).
 *
 * The schedule starts in the purchase month and runs `months` months, the first one whole (a construction firm books an
 * asset in the month it arrives; the spec shows no day-by-day rule). Month k of n takes floor(P·k/n) − floor(P·(k−1)/n)
 * of the price P: every month's amount differs from the others by at most one đồng, and the months add up to P exactly —
 * no đồng lost to rounding, none made up. A month's amount is booked at its end: the book value on a date is the cost
 * less the amounts of the months ended on or before it.
 *
 * A **capitalised repair** (ERPNext's asset repair "capitalize repair cost", frappe/erpnext PR #34527) adds its cost to
 * what is left to depreciate and `months` to the life from its month on: from that month the book value at its start plus
 * the cost is spread, by the same rule, over the months that were left plus the months added. A repair dated after the
 * schedule has ended starts a new stretch in its own month. Computed with BigInt: P·k passes 2^53 for large prices.
 */

/** A capitalised repair as the schedule takes it: its month (`YYYY-MM`), its cost and the months it adds. */
export interface Capitalisation {
  month: string;
  cost: number;
  months: number;
}

export interface DepreciationInput {
  /** The purchase price, whole đồng. */
  price: number;
  /** The useful life in months (0: not depreciated). */
  months: number;
  /** The purchase date (`YYYY-MM-DD`): its month is the schedule's first. */
  start: string;
  capitalisations?: readonly Capitalisation[];
}

/** One month of the schedule (amounts in whole đồng). */
export interface ScheduleMonth {
  /** `YYYY-MM`. */
  month: string;
  /** The month's depreciation. */
  amount: number;
  /** What the month's capitalised repairs added to the cost (0 without). */
  added: number;
  /** Depreciation booked so far, this month included. */
  accumulated: number;
  /** Cost (price and capitalised repairs so far) less the accumulated depreciation, at the month's end. */
  book_value: number;
}

const MONTH = /^(\d{4})-(\d{2})/;
const monthIndex = (ym: string): number => {
  const m = MONTH.exec(ym);
  if (!m) throw new RangeError(`not a month: ${ym}`);
  return Number(m[1]) * 12 + Number(m[2]) - 1;
};
const monthText = (i: number): string => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;

/** The last day (`YYYY-MM-DD`) of a month index. */
const lastDay = (i: number): string => {
  const y = Math.floor(i / 12);
  const m = i % 12;
  const d = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${monthText(i)}-${String(d).padStart(2, '0')}`;
};

/** The schedule, month by month (empty for a life of 0 months and no capitalised repair). */
export function depreciationSchedule(input: DepreciationInput): ScheduleMonth[] {
  const first = monthIndex(input.start);
  const caps = new Map<number, { cost: bigint; months: number }>();
  for (const c of input.capitalisations ?? []) {
    const i = Math.max(monthIndex(c.month), first);
    const prev = caps.get(i) ?? { cost: 0n, months: 0 };
    caps.set(i, { cost: prev.cost + BigInt(c.cost), months: prev.months + c.months });
  }
  // One stretch at a time: `base` spread over `n` months from `from`, month k taking floor(base·k/n) − floor(base·(k−1)/n).
  let cost = BigInt(input.price);
  let accumulated = 0n;
  let base = cost;
  let n = Math.max(0, input.months);
  let from = first;
  let end = first + n; // exclusive
  const lastCap = Math.max(-1, ...caps.keys());
  const out: ScheduleMonth[] = [];
  for (let i = first; i < end || i <= lastCap; i++) {
    const cap = caps.get(i);
    if (cap) {
      // What is left at the start of this month, plus the repair, over the months left plus the months added.
      cost += cap.cost;
      base = cost - accumulated;
      n = Math.max(0, end - i) + cap.months;
      from = i;
      end = i + n;
    }
    let amount = 0n;
    if (i < end && n > 0) {
      const k = BigInt(i - from + 1);
      const bn = BigInt(n);
      amount = (base * k) / bn - (base * (k - 1n)) / bn;
    }
    accumulated += amount;
    if (i < end || cap)
      out.push({
        month: monthText(i),
        amount: Number(amount),
        added: Number(cap?.cost ?? 0n),
        accumulated: Number(accumulated),
        book_value: Number(cost - accumulated),
      });
  }
  return out;
}

/**
 * The book value on `date` (`YYYY-MM-DD`): the price plus the repairs capitalised in months begun by then, less the
 * months ended on or before it. Before the purchase month: the price.
 */
export function bookValueOn(input: DepreciationInput, date: string): number {
  const schedule = depreciationSchedule(input);
  let value = input.price;
  for (const m of schedule) {
    const i = monthIndex(m.month);
    if (monthIndex(date) < i) break;
    if (date >= lastDay(i)) value = m.book_value;
    else {
      // The month has begun, not ended: its repair counts, its depreciation not yet.
      value = m.book_value + m.amount;
      break;
    }
  }
  return value;
}

/** The last day of the schedule (`YYYY-MM-DD`), or null for an asset that does not depreciate. */
export function depreciationEnd(input: DepreciationInput): string | null {
  const schedule = depreciationSchedule(input);
  const last = schedule.findLast((m) => m.amount > 0);
  return last ? lastDay(monthIndex(last.month)) : null;
}

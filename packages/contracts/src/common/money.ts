/**
 * Money, exactly. The portal's amounts are Vietnamese đồng, which have no smaller unit in use: an amount is a whole
 * number of đồng — a `bigint` column, a JSON integer on the wire, a safe integer in JavaScript (every whole number up to
 * 2^53 is exact, and `MONEY_MAX` is well below it). Arithmetic that could leave that range or produce a fraction (a rate
 * times a distance, a share of a price) goes through the helpers below, which compute with `BigInt` and round once,
 * half away from zero, to the đồng. A total of many amounts is summed in SQL (`sum` of a `bigint` is an exact
 * `numeric`); the database driver hands it over as a number while it is exact and as a string of digits past that
 * (service-kit db.ts), never as a rounded float.
 */

/** The largest amount one field holds: 999,999,999,999,999 đồng (spec §9's contract values in billions fit many times). */
export const MONEY_MAX = 999_999_999_999_999;

/** A total as the database returns it: a number while exact, the digits past 2^53. */
export type MoneyTotal = number | string;

/** Whether `v` is an amount: a whole number of đồng within ±MONEY_MAX. */
export const isMoney = (v: unknown): v is number => Number.isSafeInteger(v) && Math.abs(v as number) <= MONEY_MAX;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal (a number, or its text as PostgreSQL's `numeric` gives it) as a scaled integer: value = units / 10^scale. */
function scaled(v: number | string): { units: bigint; scale: number } {
  const text = typeof v === 'number' ? numberText(v) : v.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal: ${JSON.stringify(v)}`);
  const frac = m[3] ?? '';
  const units = BigInt(m[2]! + frac);
  return { units: m[1] ? -units : units, scale: frac.length };
}

/** A finite number's plain decimal digits (no exponent): 1e21 → '1000000000000000000000', 1.5e-7 → '0.00000015'. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '') || '0';
}

/** An amount (a number or `numeric` text such as '1200.00') as whole đồng; a fraction of a đồng is an error. */
function whole(v: number | string): bigint {
  const { units, scale } = scaled(v);
  const unit = 10n ** BigInt(scale);
  if (units % unit !== 0n) throw new RangeError(`not a whole amount of đồng: ${JSON.stringify(v)}`);
  return units / unit;
}

/** `n / d` rounded half away from zero (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

function toAmount(v: bigint, what: string): number {
  if (v > BigInt(MONEY_MAX) || v < -BigInt(MONEY_MAX)) throw new RangeError(`${what}: ${v} đồng is past the largest amount`);
  return Number(v);
}

/**
 * `amount × factor`, rounded once to the đồng: a rate per km times a distance of 12.5 km, a daily cost times days, a
 * percentage as a decimal (`'0.1'`). The factor may be a decimal string as `numeric` columns give it. Throws a
 * RangeError past MONEY_MAX (a caller turns it into a 400).
 */
export function moneyTimes(amount: number | string, factor: number | string): number {
  const a = scaled(amount);
  const f = scaled(factor);
  return toAmount(divRound(a.units * f.units, 10n ** BigInt(a.scale + f.scale)), 'product');
}

/** The sum of amounts (numbers or digit strings; blanks skipped) as a BigInt. */
function exactSum(amounts: readonly (number | string | null | undefined)[]): bigint {
  let total = 0n;
  for (const a of amounts) if (a !== null && a !== undefined && a !== '') total += whole(a);
  return total;
}

/** The exact sum of amounts (numbers or digit strings), as an amount; throws a RangeError past MONEY_MAX. */
export function moneySum(amounts: readonly (number | string | null | undefined)[]): number {
  return toAmount(exactSum(amounts), 'sum');
}

/** The exact total of amounts for a report: no upper bound; a number while exact, its digits past 2^53. */
export function moneyTotal(amounts: readonly (number | string | null | undefined)[]): MoneyTotal {
  const total = exactSum(amounts);
  return Number.isSafeInteger(Number(total)) ? Number(total) : String(total);
}

/**
 * `total` split into `parts` whole-đồng shares that add up to it exactly: each share is the total divided evenly, and the
 * đồng left over by the division go one each to the first shares (a price of 1,000,000 over 3 months → 333,334,
 * 333,333, 333,333). `weights` split in proportion instead (largest remainders first, ties to the earlier share).
 */
export function moneySplit(total: number, parts: number | readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`not an amount: ${total}`);
  const weights = typeof parts === 'number' ? Array.from({ length: parts }, () => 1) : [...parts];
  if (!weights.length || weights.some((w) => !Number.isSafeInteger(w) || w < 0) || weights.every((w) => w === 0)) {
    throw new RangeError('split: at least one share, whole non-negative weights, not all zero');
  }
  const sign = total < 0 ? -1n : 1n;
  const t = BigInt(Math.abs(total));
  const sumW = weights.reduce((s, w) => s + BigInt(w), 0n);
  const shares = weights.map((w) => (t * BigInt(w)) / sumW);
  const rest = weights.map((w, i) => ({ i, r: (t * BigInt(w)) % sumW }));
  let left = t - shares.reduce((s, x) => s + x, 0n);
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s * sign));
}

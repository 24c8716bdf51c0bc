import { z } from 'zod';
import { MONEY_MAX } from './money';

/** An amount's text from a form or a sheet ('1200000') as its number; anything else as given, for the schema to refuse. */
const numericText = (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v);

/**
 * An amount in a request body (common/money.ts): a whole number of đồng from `min` (default 0) to MONEY_MAX; a fraction
 * of a đồng is refused with `money_whole`.
 */
export const zMoney = (min = 0) =>
  z.preprocess(
    numericText,
    z
      .number({ error: 'must_number' })
      .int({ error: 'money_whole' })
      .min(min, { error: `min_number|${JSON.stringify({ n: min })}` })
      .max(MONEY_MAX, { error: `max_number|${JSON.stringify({ n: MONEY_MAX })}` }),
  );

import { codePattern, codeParts, companyDayOf, formatCode, isUuid, type ResourceDef } from '@portal/contracts';
import type { Tx } from '../db';

/** Regex metacharacters of a pattern's literal parts (PostgreSQL's regular expressions and JavaScript's alike). */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The next code of a generated field (FieldDef.generate) for a record created now, inside the create's transaction.
 *
 * The counter row of the table, field and (for a yearly pattern) year is incremented under its row lock, so two
 * creates at once get two numbers, and a create that rolls back gives its number back to the next one (gapless). The
 * first number of a counter continues after the highest code of the pattern already in the table (codes typed by
 * hand, or given before the pattern was declared). A number whose code is already held by some record (a code typed
 * by hand; any state: a code is never given twice) is passed over.
 */
export async function nextCode(tx: Tx, def: ResourceDef, field: string, row: Record<string, unknown> = {}, now = new Date()): Promise<string> {
  const { pattern, per = [] } = def.fields[field]!.generate!;
  const { yearly } = codePattern(pattern);
  // The company's year: a register starts again at midnight on 1 January in the company's time zone.
  const year = Number(companyDayOf(now).slice(0, 4));
  // A book of its own per value of the `per` fields (a document register per direction and type): the book's values
  // are the statements' last parameters, after `first` others. An id in one form (validation lowers them; a hook's or
  // a caller's may not be): a book keyed on the raw text gave its numbers again to the same type in upper case.
  const book = per.map((k) => {
    const v = String(row[k] ?? '');
    return isUuid(v) ? v.toLowerCase() : v;
  });
  const key = `${def.table}.${field}${book.length ? `[${book.join('|')}]` : ''}${yearly ? `:${year}` : ''}`;
  const inBook = (first: number) => per.map((k, i) => ` AND ${k}::text = $${first + i + 1}`).join('');
  // The codes of this pattern (this year's, for a yearly one), the number captured: `^ASM-(\d+)$`.
  const [before, after] = codeParts(pattern, year);
  const re = `^${escapeRe(before.toLowerCase())}(\\d{1,12})${escapeRe(after.toLowerCase())}$`;
  for (;;) {
    const { rows } = await tx.query<{ last: string }>(
      `INSERT INTO code_counter (key, last)
         VALUES ($1, (SELECT coalesce(max(substring(lower(${field}) from $2)::numeric), 0) + 1 FROM ${def.table} WHERE lower(${field}) ~ $2${inBook(2)}))
       ON CONFLICT (key) DO UPDATE SET last = code_counter.last + 1 RETURNING last`,
      [key, re, ...book],
    );
    const code = formatCode(pattern, Number(rows[0]!.last), year);
    const taken = await tx.query(`SELECT 1 FROM ${def.table} WHERE lower(${field}) = lower($1)${inBook(1)} LIMIT 1`, [code, ...book]);
    if (!taken.rows.length) return code;
  }
}

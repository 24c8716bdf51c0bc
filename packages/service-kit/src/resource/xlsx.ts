import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Pool } from 'pg';
import { importKeyFields, requiredOnCreate, TEXT_TYPES, type CallerContext, type FieldDef, type Lang, type ResourceDef } from '@portal/contracts';
import { AppError, type FieldError } from '../errors';
import { t } from '../i18n';
import { Params, orderClause, selectedColumns, titleScope, whereClause, type ListQuery } from './query';
import { markSheet, readSheetCells, type XlsxLimits } from './xlsx-jobs';
import type { Titles } from './titles';
import { xlsxCell } from '../text-out';

/** The columns of an export: every exportable field, computed (readonly) ones included. */
export function exportFields(r: ResourceDef): [string, FieldDef][] {
  return Object.entries(r.fields).filter(([, f]) => !f.noExport);
}

/** The columns of an import template: what a user may write. */
export function importFields(r: ResourceDef): [string, FieldDef][] {
  return exportFields(r).filter(([, f]) => !f.readonly);
}

function displayValue(f: FieldDef, v: unknown, lang: Lang, titles?: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (f.type === 'enum') return f.valueLabels?.[String(v)]?.[lang] ?? v;
  if (f.type === 'bool') return v ? (lang === 'vi' ? 'Có' : 'Yes') : lang === 'vi' ? 'Không' : 'No';
  if (f.type === 'date' && typeof v === 'string') {
    const [y, m, d] = v.split('-');
    return `${d}/${m}/${y}`;
  }
  // A reference without a title (out of the reader's scope, or unknown) prints neither a title nor its raw id.
  if (f.type === 'ref') return t(lang, 'title_unavailable');
  if (f.type === 'refs' && Array.isArray(v))
    return v.map((_, i) => (Array.isArray(titles) && typeof titles[i] === 'string' ? titles[i] : t(lang, 'title_unavailable'))).join(', ');
  if (v instanceof Date) return v;
  return v;
}

/**
 * The rows of an export: the exported fields only (never a column a service added to the table by hand, such as a
 * password hash), with the title of each same-service reference as `<field>__title` where the reader's scope of the
 * referenced resource covers the record (query.ts titleScope), in the list's filters, scope and order.
 */
export function exportQuery(r: ResourceDef, lq: ListQuery, ctx: CallerContext, sameService: Map<string, ResourceDef>, p: Params): string {
  const fields = exportFields(r);
  const joins: string[] = [];
  const selects = [
    selectedColumns(
      r,
      fields.map(([name]) => name),
      't',
    ),
  ];
  fields.forEach(([name, f], i) => {
    const target = f.type === 'ref' && f.ref ? sameService.get(f.ref) : undefined;
    if (target) {
      // The reader's scope of the target in the join itself: one query, whatever the row count.
      const scope = titleScope(target, ctx, p, `r${i}`);
      joins.push(`LEFT JOIN ${target.table} r${i} ON r${i}.id = t.${name}${scope ? ` AND ${scope}` : ''}`);
      selects.push(`r${i}.${target.titleField} AS "${name}__title"`);
    }
  });
  return `SELECT ${selects.join(', ')} FROM ${r.table} t ${joins.join(' ')} ${whereClause(r, lq, ctx, p)} ${orderClause(lq)}`;
}

/**
 * Streams an xlsx of the list (same filters and scope as the list) with Vietnamese column headers
 * (spec §9). Rows come from a server-side cursor, so memory stays flat whatever the row count.
 */
export async function exportXlsx(
  pool: Pool,
  r: ResourceDef,
  lq: ListQuery,
  ctx: CallerContext,
  sameService: Map<string, ResourceDef>,
  titles: Titles | null = null,
): Promise<Readable> {
  const out = new PassThrough();
  const fields = exportFields(r);
  const p = new Params();
  const sql = exportQuery(r, lq, ctx, sameService, p);
  const client = await pool.connect();
  // The first rows are read, and their references named, before the answer starts: a failure there (the database,
  // an owning service that cannot name a reference) is a clean error answer rather than a broken download.
  const batch = async () => {
    const { rows } = await client.query<Record<string, unknown>>('FETCH 1000 FROM export_cursor');
    // References into other services and lists of references by their titles, a batch at a time (never a raw id).
    await titles?.decorate(r, rows, null, { strict: true, ctx });
    return rows;
  };
  let first: Record<string, unknown>[];
  try {
    await client.query('BEGIN');
    await client.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${sql}`, p.values);
    first = await batch();
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    throw err;
  }
  void (async () => {
    try {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const ws = wb.addWorksheet(r.label.vi.slice(0, 31));
      ws.columns = fields.map(([name, f]) => ({ header: f.label.vi, key: name, width: Math.min(40, Math.max(12, f.label.vi.length + 4)) }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      for (let rows = first; ; rows = await batch()) {
        for (const row of rows) {
          const values: Record<string, unknown> = {};
          // Text as a spreadsheet may hold it (text-out.ts): a character XML forbids made the file unreadable.
          for (const [name, f] of fields) values[name] = xlsxCell(row[`${name}__title`] ?? displayValue(f, row[name], 'vi', row[`${name}__titles`]));
          ws.addRow(values).commit();
        }
        if (rows.length < 1000) break;
        // Let the HTTP stream drain before reading more.
        if (out.writableNeedDrain) await new Promise((res) => out.once('drain', res));
      }
      await client.query('COMMIT');
      ws.commit();
      await wb.commit();
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      out.destroy(err as Error);
    } finally {
      client.release();
    }
  })();
  return out;
}

/** Header of the column the import check adds for errors of a whole row (and ignores when the file comes back). */
export const IMPORT_ERRORS_HEADER = 'Lỗi / Errors';
/** Fill of a cell the import check found bad (Excel's "Bad" style: light red). */
export const IMPORT_ERROR_FILL = 'FFFFC7CE';
/** Fill of the header of a column that identifies a row on import (the import key). */
export const IMPORT_KEY_FILL = 'FFFFF2CC';

const solid = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/**
 * An empty workbook with the import columns (required ones marked *); enum columns get a drop-down of their values.
 * The columns that identify a row (`importKey`) have a yellow header with a note saying so, and a second sheet
 * explains the rules in the caller's language.
 */
export async function importTemplate(r: ResourceDef, lang: Lang = 'vi'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(r.label.vi.slice(0, 31));
  const fields = importFields(r);
  const keys = importKeyFields(r);
  const keyLabels = keys.map((k) => r.fields[k]!.label[lang]).join(', ');
  ws.columns = fields.map(([name, f]) => ({ header: f.label.vi + (requiredOnCreate(f) ? ' *' : ''), key: name, width: Math.max(14, f.label.vi.length + 4) }));
  ws.getRow(1).font = { bold: true };
  fields.forEach(([name, f], i) => {
    const col = ws.getColumn(i + 1);
    if (keys.includes(name)) {
      const header = ws.getCell(1, i + 1);
      header.style = { ...header.style, font: { bold: true }, fill: solid(IMPORT_KEY_FILL) };
      header.note = t(lang, 'import_key_note', { cols: keyLabels });
    }
    if (f.type === 'enum' && f.values) {
      const list = f.values.map((v) => f.valueLabels?.[String(v)]?.vi ?? String(v));
      for (let row = 2; row <= 501; row++) {
        ws.getCell(row, i + 1).dataValidation = { type: 'list', allowBlank: !f.required, formulae: [`"${list.join(',')}"`] };
      }
    }
    if (f.type === 'date') col.numFmt = 'dd/mm/yyyy';
  });
  // Only the first sheet is read on import: the guide may follow it.
  const guide = wb.addWorksheet(lang === 'vi' ? 'Hướng dẫn' : 'Guide');
  guide.getColumn(1).width = 120;
  const lines = [
    t(lang, 'import_guide_title', { name: r.label[lang] }),
    t(lang, 'import_guide_required'),
    keys.length ? t(lang, 'import_guide_key', { cols: keyLabels }) : t(lang, 'import_guide_no_key'),
    t(lang, 'import_guide_formats'),
    t(lang, 'import_guide_check'),
  ];
  lines.forEach((text, i) => {
    const cell = guide.getCell(i + 1, 1);
    cell.value = text;
    cell.alignment = { wrapText: true, vertical: 'top' };
    if (i === 0) cell.font = { bold: true, size: 13 };
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ParsedSheet {
  columns: { index: number; field: string }[];
  rows: { rowNumber: number; values: Record<string, unknown> }[];
  /** The uploaded workbook, for answering it back with the errors marked (markErrors). */
  buffer: Buffer;
  /** The "Lỗi / Errors" column of a file that comes back from an import check, if any (ignored on read). */
  errorsColumn: number | null;
}

const norm = (s: string) =>
  s
    .replace(/\s*\*$/, '')
    .trim()
    .toLowerCase();

/**
 * Reads the first sheet: headers are matched by Vietnamese label, English label or field name. The workbook is read in
 * a worker within the import limits (xlsx-jobs.ts): its size and rows are bounded before it is parsed.
 */
export async function readSheet(buffer: Buffer, r: ResourceDef, lang: Lang, limits: XlsxLimits): Promise<ParsedSheet> {
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw new AppError(415, 'xlsx_only');
  const cells = await readSheetCells(buffer, limits);
  if (!cells.header.length && !cells.rows.length) throw new AppError(400, 'import_empty');
  const byHeader = new Map<string, string>();
  for (const [name, f] of importFields(r)) {
    byHeader.set(norm(f.label.vi), name);
    byHeader.set(norm(f.label.en), name);
    byHeader.set(name, name);
  }
  const columns: ParsedSheet['columns'] = [];
  const unknown: string[] = [];
  let errorsColumn: number | null = null;
  for (const [col, text] of cells.header) {
    if (!text) continue;
    if (norm(text) === norm(IMPORT_ERRORS_HEADER)) {
      errorsColumn = col;
      continue;
    }
    const field = byHeader.get(norm(text));
    if (field) columns.push({ index: col, field });
    else unknown.push(text);
  }
  if (unknown.length)
    throw new AppError(400, 'import_unknown_columns', { cols: unknown.join(', ') }, [], t(lang, 'import_unknown_columns', { cols: unknown.join(', ') }));
  const rows: ParsedSheet['rows'] = [];
  for (const [rowNumber, rowCells] of cells.rows) {
    const byCol = new Map(rowCells);
    const values: Record<string, unknown> = {};
    let any = false;
    for (const c of columns) {
      const v = byCol.get(c.index) ?? null;
      if (v !== null && v !== '') any = true;
      values[c.field] = typeof v === 'string' ? v.trim() : v;
    }
    if (any) rows.push({ rowNumber, values });
  }
  if (!rows.length) throw new AppError(400, 'import_empty');
  return { columns, rows, buffer, errorsColumn };
}

/** One error of an import check: on a cell (`field` is a column of the sheet) or on the whole row (`field` null). */
export interface ImportCellError {
  row: number;
  field: string | null;
  message: string;
}

/**
 * The uploaded workbook back with the errors marked: each bad cell filled light red with the message(s) in its
 * note, and the errors of a whole row in a last column "Lỗi / Errors". Marks of an earlier check (a file fixed
 * and uploaded again) are cleared first, so only the current errors show. Done in a worker (xlsx-worker.js).
 */
export async function markErrors(parsed: ParsedSheet, errors: ImportCellError[], limits: XlsxLimits): Promise<Buffer> {
  return markSheet(
    parsed.buffer,
    {
      columns: parsed.columns,
      errorsColumn: parsed.errorsColumn,
      errors,
      header: IMPORT_ERRORS_HEADER,
      errorFill: IMPORT_ERROR_FILL,
      headerColor: 'FF9C0006',
    },
    limits,
  );
}

/** Spreadsheet cell values → API values: labels of enums and booleans, Excel dates, refs by code or name. */
export async function cellsToInput(
  r: ResourceDef,
  values: Record<string, unknown>,
  resolveRef: (f: FieldDef, v: string) => Promise<string | null>,
): Promise<{ input: Record<string, unknown>; errors: FieldError[] }> {
  const input: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, raw] of Object.entries(values)) {
    const f = r.fields[name]!;
    let v: unknown = raw;
    if (v === null || v === undefined || v === '') {
      input[name] = null;
      continue;
    }
    if (f.type === 'enum') {
      const s = String(v).trim().toLowerCase();
      v =
        f.values?.find(
          (x) => String(x).toLowerCase() === s || f.valueLabels?.[String(x)]?.vi.toLowerCase() === s || f.valueLabels?.[String(x)]?.en.toLowerCase() === s,
        ) ?? v;
    } else if (f.type === 'bool') {
      const s = String(v).trim().toLowerCase();
      v = ['có', 'yes', 'true', '1', 'x'].includes(s) ? true : ['không', 'no', 'false', '0'].includes(s) ? false : v;
    } else if (f.type === 'date' && v instanceof Date) {
      v = v.toISOString().slice(0, 10);
    } else if (TEXT_TYPES.includes(f.type) && typeof v === 'number') {
      v = String(v);
    } else if (f.type === 'ref' && typeof v === 'string') {
      const id = await resolveRef(f, v);
      if (!id) {
        errors.push({ path: name, key: 'ref_not_found', params: { value: v } });
        continue;
      }
      v = id;
    } else if (f.type === 'refs' && typeof v === 'string') {
      const ids: string[] = [];
      for (const part of v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const id = await resolveRef(f, part);
        if (!id) errors.push({ path: name, key: 'ref_not_found', params: { value: part } });
        else ids.push(id);
      }
      v = ids;
    }
    input[name] = v;
  }
  return { input, errors };
}

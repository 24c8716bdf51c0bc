import ExcelJS from 'exceljs';
import { figureValue, romanNumeral, type Lang, type ReportColumn, type ReportDeclaration, type ReportKind } from '@portal/contracts';
import { xlsxCell } from './text-out';

/** The number format of each kind's cells (money in whole đồng, a percent as the 0–100 it is in the answer). */
const NUM_FMT: Partial<Record<ReportKind, string>> = {
  count: '#,##0',
  number: '#,##0.##',
  hours: '#,##0.0',
  money: '#,##0',
  percent: '0.0',
  day: 'dd/mm/yyyy',
  month: '0',
};

/**
 * A value of a report's answer as a cell: an enum's code by its label, a blank by the column's `blank`, a day as a date.
 * A money total past 2^53 (its digits, contracts common/money.ts) stays text: a spreadsheet's number would round it.
 */
export function reportCell(c: Pick<ReportColumn, 'kind' | 'options' | 'blank'>, v: unknown, lang: Lang): string | number | boolean | Date | null {
  if (v === null || v === undefined || v === '') return c.blank ? c.blank[lang] : null;
  switch (c.kind) {
    case 'enum':
      return xlsxCell(c.options?.[String(v)]?.[lang] ?? v);
    case 'day':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : xlsxCell(v);
    case 'roman':
      return romanNumeral(v);
    case 'money':
      return typeof v === 'string' && !Number.isSafeInteger(Number(v)) ? xlsxCell(v) : Number(v);
    case 'count':
    case 'number':
    case 'hours':
    case 'percent':
    case 'month':
      return typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : xlsxCell(v);
    default:
      return xlsxCell(v);
  }
}

/** A sheet name: at most 31 characters, none of : \ / ? * [ ], unique in its workbook. */
function sheetName(wb: ExcelJS.Workbook, title: string): string {
  const base = title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';
  let name = base;
  for (let i = 2; wb.getWorksheet(name); i++) name = `${base.slice(0, 28)} ${i}`;
  return name;
}

function addTable(
  wb: ExcelJS.Workbook,
  title: string,
  columns: readonly Pick<ReportColumn, 'kind' | 'options' | 'blank' | 'label'>[],
  rows: unknown[][],
  lang: Lang,
) {
  const ws = wb.addWorksheet(sheetName(wb, title));
  ws.columns = columns.map((c) => ({
    header: c.label[lang],
    width: c.kind === 'text' || c.kind === 'enum' ? Math.min(48, Math.max(20, c.label[lang].length + 4)) : Math.max(12, c.label[lang].length + 2),
    style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r.map((v, i) => reportCell(columns[i]!, v, lang)));
}

/**
 * A report's answer as a workbook: its headline figures on a first sheet (when it has some), then one sheet per
 * breakdown, headed by the declared labels in `lang`, each kind in its number format.
 */
export async function reportWorkbook(decl: ReportDeclaration, answer: unknown, lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  if (decl.figures.length) {
    const ws = wb.addWorksheet(sheetName(wb, lang === 'vi' ? 'Tổng quan' : 'Summary'));
    ws.columns = [
      { header: lang === 'vi' ? 'Chỉ số' : 'Figure', width: 48 },
      { header: lang === 'vi' ? 'Giá trị' : 'Value', width: 18 },
    ];
    ws.getRow(1).font = { bold: true };
    for (const f of decl.figures) {
      const row = ws.addRow([f.label[lang], reportCell(f, figureValue(answer, f.key), lang)]);
      if (NUM_FMT[f.kind]) row.getCell(2).numFmt = NUM_FMT[f.kind]!;
    }
  }
  for (const b of decl.breakdowns) {
    const rows = figureValue(answer, b.key);
    const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    addTable(
      wb,
      b.title[lang],
      b.columns,
      list.map((r) => b.columns.map((c) => r[c.key])),
      lang,
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

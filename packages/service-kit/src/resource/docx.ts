import { BorderStyle, Document, HeadingLevel, Packer, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { can, type CallerContext, type FieldDef, type Lang, type ResourceDef } from '@portal/contracts';
import { t } from '../i18n';
import { dateText, dateTimeText } from './dates';
import { docxLines, xmlText } from '../text-out';
import { parseListQuery, type ListQuery } from './query';
import { ResourceRepository, type Row } from './repository';

/** At most this many records of one kind are listed under the record (newest first by the resource's default order). */
const CHILD_ROWS_MAX = 1000;

const locale = (lang: Lang) => (lang === 'vi' ? 'vi-VN' : 'en-US');

/**
 * A field value as people read it, in the caller's language: dates dd/mm/yyyy, options by their label, money with
 * thousands separators and " VND", Có/Không or Yes/No, references by the referenced record's title.
 */
export function displayText(f: FieldDef, v: unknown, lang: Lang, title?: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  switch (f.type) {
    case 'date':
      return dateText(v);
    case 'datetime':
      return dateTimeText(v);
    case 'enum':
      return f.valueLabels?.[String(v)]?.[lang] ?? String(v);
    case 'bool':
      return v ? (lang === 'vi' ? 'Có' : 'Yes') : lang === 'vi' ? 'Không' : 'No';
    case 'money':
      return `${new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 2 }).format(Number(v))} VND`;
    case 'number':
      return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 2 }).format(Number(v));
    // Without a title (out of the reader's scope, or unknown): neither a title nor the raw id.
    case 'ref':
      return typeof title === 'string' && title ? title : t(lang, 'title_unavailable');
    // A list of references: the titles, in the order of the ids (`<field>__titles`, resource/titles.ts).
    case 'refs':
      return Array.isArray(v)
        ? v.map((_, i) => (Array.isArray(title) && typeof title[i] === 'string' ? title[i] : t(lang, 'title_unavailable'))).join(', ')
        : String(v);
    case 'json':
      return JSON.stringify(v);
    default:
      return String(v);
  }
}

/** A field of a row as the Word export prints it, references by their titles (the repository's reads carry them). */
export function fieldText(f: FieldDef, name: string, row: Row, lang: Lang): string {
  return displayText(f, row[name], lang, row[f.type === 'refs' ? `${name}__titles` : `${name}__title`]);
}

const BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'A6A6A6' };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER };
const HEADER_SHADING = { type: ShadingType.CLEAR, color: 'auto', fill: 'E7EEF7' };

/** Multi-line values keep their lines; what XML forbids is left out (text-out.ts: one such character and Word refuses the file). */
const lines = (text: string, bold = false) => docxLines(text).map((line) => new Paragraph({ children: [new TextRun({ text: line, bold })] }));

function cell(text: string, opts: { bold?: boolean; header?: boolean; width?: number } = {}): TableCell {
  return new TableCell({
    children: lines(text, opts.bold || opts.header),
    borders: BORDERS,
    shading: opts.header || opts.bold ? HEADER_SHADING : undefined,
    width: opts.width ? { size: opts.width, type: WidthType.PERCENTAGE } : undefined,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
  });
}

const fullWidth = { size: 100, type: WidthType.PERCENTAGE } as const;

/** The resources whose `parent` points to `r` (a staff member's contracts, family, …), in the service's order. */
export function childResources(r: ResourceDef, sameService: Map<string, ResourceDef>): ResourceDef[] {
  return [...sameService.values()].filter((c) => c.parent && c.fields[c.parent]?.ref === r.name);
}

/**
 * A record's child records as a printed document lists them (the Word export's sections, the printed form's lines):
 * the active ones the caller may read, at most CHILD_ROWS_MAX, their references named (strictly: never a raw id), and
 * the columns — the child's listed fields but its parent.
 */
export async function childRows(
  repo: ResourceRepository,
  child: ResourceDef,
  parentId: string,
  ctx: CallerContext,
  sameService: Map<string, ResourceDef>,
): Promise<{ items: Row[]; columns: [string, FieldDef][] }> {
  const childRepo = new ResourceRepository(child, repo.pool, {}, () => undefined, sameService);
  childRepo.titles = repo.titles;
  const lq: ListQuery = {
    ...parseListQuery(child, {}),
    page: 1,
    limit: CHILD_ROWS_MAX,
    state: 'ACTIVE',
    filters: [{ field: child.parent!, values: [parentId] }],
  };
  const { items } = await childRepo.list(lq, ctx);
  await repo.titles?.decorate(child, items, null, { strict: true, ctx });
  const columns = Object.entries(child.fields).filter(([cname, f]) => f.list && f.type !== 'json' && cname !== child.parent);
  return { items, columns };
}

/**
 * One record as a Word document (`GET <path>/:id/word`, resources declaring `word`): a title (the resource's label and
 * the record's title), a two-column table of every field but json ones, then a section per resource whose `parent`
 * points to this one, listing its ACTIVE records in a table of their list columns. The record and its records are read
 * within the caller's data scope (out of scope: 404), and a section is left out when the caller may not view its feature.
 */
export async function recordDocx(
  repo: ResourceRepository,
  id: string,
  ctx: CallerContext,
  lang: Lang,
  sameService: Map<string, ResourceDef>,
): Promise<{ title: string; buffer: Buffer }> {
  const r = repo.def;
  const row = await repo.get(id, ctx);
  // A document never prints a raw id: an owning service that cannot name a reference is a 503 (resource/titles.ts).
  await repo.titles?.decorate(r, [row], null, { strict: true, ctx });
  const fields = Object.entries(r.fields).filter(([, f]) => f.type !== 'json');
  const name = fieldText(r.fields[r.titleField]!, r.titleField, row, lang);
  // The title is also the file's properties (core.xml) and its name: one line, nothing XML forbids.
  const title = xmlText(name ? `${r.label[lang]} - ${name}` : r.label[lang]).replace(/\n/g, ' ');

  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
    new Paragraph({
      children: [new TextRun({ text: t(lang, 'word_exported', { date: dateTimeText(new Date()) }), italics: true, color: '666666' })],
      spacing: { after: 200 },
    }),
    new Table({
      width: fullWidth,
      rows: fields.map(
        ([fname, f]) => new TableRow({ children: [cell(f.label[lang], { bold: true, width: 35 }), cell(fieldText(f, fname, row, lang), { width: 65 })] }),
      ),
    }),
  ];

  for (const child of childResources(r, sameService)) {
    if (!can(ctx, 'view', child.feature)) continue;
    const { items, columns } = await childRows(repo, child, String(row.id), ctx, sameService);
    children.push(new Paragraph({ text: `${child.label[lang]} (${items.length})`, heading: HeadingLevel.HEADING_2, spacing: { before: 360, after: 120 } }));
    if (!items.length) {
      children.push(new Paragraph({ children: [new TextRun({ text: t(lang, 'word_none'), italics: true })] }));
      continue;
    }
    children.push(
      new Table({
        width: fullWidth,
        rows: [
          new TableRow({ tableHeader: true, children: columns.map(([, f]) => cell(f.label[lang], { header: true })) }),
          ...items.map((item) => new TableRow({ children: columns.map(([cname, f]) => cell(fieldText(f, cname, item, lang))) })),
        ],
      }),
    );
  }

  const doc = new Document({
    creator: 'Portal',
    title,
    styles: { default: { document: { run: { font: 'Times New Roman', size: 24 } } } },
    sections: [{ children }],
  });
  return { title, buffer: await Packer.toBuffer(doc) };
}

import PDFDocument from 'pdfkit';
import { can, type CallerContext, type Lang, type PrintDecl, type ResourceDef } from '@portal/contracts';
import { isMessageKey, t } from '../i18n';
import { moneyWords } from '../money-words';
import { dateTimeText } from './dates';
import { childRows, fieldText } from './docx';
import type { ResourceRepository } from './repository';
import type { ApprovalEngine, ApprovalStep } from '../approval/engine';

/** DejaVu Sans (dejavu-fonts-ttf, Bitstream Vera licence): every Vietnamese letter, embedded (subset) in the PDF. */
const FONT = { regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf') };

/** One signature block: who acted at that step (name, and position title when they signed), when, with what comment (from the approval engine's steps). */
export interface Signature {
  role: string;
  name: string | null;
  title: string | null;
  date: string | null;
  comment: string | null;
  outcome: string | null;
}

/**
 * What the printed form shows: the record's fields as the Word export shows them, its lines (PrintDecl.lines: a heading,
 * the columns' labels, a row of texts per line), then the signature blocks — its own people's (PrintDecl.signatures),
 * then the approvals'.
 */
export interface PrintModel {
  title: string;
  exported: string;
  fields: { label: string; value: string }[];
  lines: { heading: string; columns: string[]; rows: string[][] } | null;
  signatures: Signature[];
  /** PrintDecl.approvals: signature blocks side by side, or an approval request form's rows (the submitter's last). */
  layout: 'blocks' | 'request';
}

/** The printed form's own declaration (`print: true` declares none). */
const printDecl = (r: ResourceDef): PrintDecl => (typeof r.print === 'object' ? r.print : {});

/** What a step's action reads as under its block (`print_<ACTION>` in the kit's catalogue). */
const outcomeOf = (action: string, lang: Lang) => {
  const key = `print_${action}`;
  return isMessageKey(key) ? t(lang, key) : action;
};

/**
 * The signature blocks of a record with an approval (the engine's history): the submitter, then one block per level of
 * its current request — the last step taken at that level since it was (re)submitted, or an empty block while it waits.
 */
async function signaturesOf(engine: ApprovalEngine, recordId: string, lang: Lang): Promise<Signature[]> {
  const { request, steps } = await engine.history(recordId);
  const sign = (role: string, s: ApprovalStep | undefined): Signature => ({
    role,
    name: s?.actor_name ?? null,
    title: s?.actor_title ?? null,
    date: s ? dateTimeText(s.created_date) : null,
    comment: s?.comment ?? null,
    outcome: s ? outcomeOf(s.action, lang) : null,
  });
  const submitter = t(lang, 'print_requested_by');
  if (!request) return [sign(submitter, undefined)];
  const since = steps.findLastIndex((s) => s.action === 'SUBMIT' || s.action === 'RESUBMIT');
  const current = steps.slice(Math.max(since, 0));
  const blocks = [sign(submitter, since >= 0 ? steps[since] : undefined)];
  for (let level = 1; level <= request.levels_count; level++) {
    const title = request.levels.find((l) => l.level === level)?.title;
    blocks.push(
      sign(
        title?.[lang] ?? t(lang, 'print_approver', { n: level }),
        current.findLast((s) => s.level === level && ['APPROVE', 'REFUSE', 'SUBMIT_SUPERIORS'].includes(s.action)),
      ),
    );
  }
  return blocks;
}

/** The printed form's content, read in the caller's scope (a record they cannot see is a 404, as its page is). */
export async function printModel(
  repo: ResourceRepository,
  id: string,
  ctx: CallerContext,
  lang: Lang,
  approval?: ApprovalEngine,
  sameService: Map<string, ResourceDef> = new Map(),
): Promise<PrintModel> {
  const r = repo.def;
  const decl = printDecl(r);
  const row = await repo.get(id, ctx);
  await repo.titles?.decorate(r, [row], null, { strict: true, ctx });
  const name = fieldText(r.fields[r.titleField]!, r.titleField, row, lang);
  const words = new Set(decl.words ?? []);
  const fields = (decl.fields ?? Object.keys(r.fields))
    .map((n) => [n, r.fields[n]!] as const)
    .filter(([, f]) => f.type !== 'json' && !f.noExport)
    .map(([n, f]) => {
      const value = fieldText(f, n, row, lang);
      const amount = row[n];
      const inWords = words.has(n) && amount !== null && amount !== undefined ? t(lang, 'print_in_words', { words: moneyWords(String(amount), lang) }) : null;
      return { label: f.label[lang], value: inWords ? `${value}\n${inWords}` : value };
    });
  let lines: PrintModel['lines'] = null;
  const child = decl.lines ? sameService.get(decl.lines) : undefined;
  if (child && can(ctx, 'view', child.feature)) {
    const { items, columns } = await childRows(repo, child, String(row.id), ctx, sameService);
    lines = {
      heading: `${child.label[lang]} (${items.length})`,
      columns: columns.map(([, f]) => f.label[lang]),
      rows: items.map((item) => columns.map(([cname, f]) => fieldText(f, cname, item, lang))),
    };
  }
  const own = (decl.signatures ?? []).map(
    (sg): Signature => ({
      role: sg.role[lang],
      name: (row[`${sg.staff}__title`] as string | undefined) ?? null,
      title: null,
      date: sg.at && row[sg.at] ? fieldText(r.fields[sg.at]!, sg.at, row, lang) : null,
      comment: null,
      outcome: null,
    }),
  );
  return {
    title: name ? `${r.label[lang]} - ${name}` : r.label[lang],
    exported: t(lang, 'word_exported', { date: dateTimeText(new Date()) }),
    fields,
    lines,
    signatures: [...own, ...(approval ? await signaturesOf(approval, String(row.id), lang) : [])],
    layout: decl.approvals ?? 'blocks',
  };
}

/**
 * The approvals as an approval request form prints them: a full-width row per level — its title, then the decision,
 * the approver's name (and title) and time, and their comment, or "no decision yet" — and under them the date it was
 * sent and the sender (the submitter's block, the first of `m.signatures`).
 */
function requestRows(doc: PDFKit.PDFDocument, m: PrintModel, left: number, width: number, lang: Lang) {
  const [sender, ...levels] = m.signatures;
  doc.moveDown(1.5);
  for (const s of levels) {
    const decided = s.outcome ? `${s.outcome} · ${s.name ?? ''}${s.title ? ` (${s.title})` : ''} · ${s.date ?? ''}` : t(lang, 'print_waiting');
    const opinion = s.comment ? t(lang, 'print_opinion', { comment: s.comment }) : '';
    const h = 22 + doc.fontSize(9).heightOfString(decided, { width: width - 12 }) + (opinion ? doc.heightOfString(opinion, { width: width - 12 }) + 4 : 0) + 8;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.rect(left, y, width, h).stroke('#A6A6A6');
    doc
      .font('bold')
      .fontSize(10)
      .text(s.role, left + 6, y + 6, { width: width - 12 });
    doc
      .font('regular')
      .fontSize(9)
      .text(decided, left + 6, y + 22, { width: width - 12 });
    if (opinion) doc.text(opinion, left + 6, doc.y + 4, { width: width - 12 });
    doc.x = left;
    doc.y = y + h;
  }
  if (sender) {
    doc.moveDown(1.5);
    const sent = t(lang, 'print_sent', { date: sender.date ?? '…', role: sender.role, name: sender.name ?? '' });
    doc.font('bold').fontSize(10).text(sent, left, doc.y, { width, align: 'right' });
  }
}

/** The form as an A4 PDF: the title, a table of the fields, and the signature blocks side by side (three to a row). */
export async function recordPdf(
  repo: ResourceRepository,
  id: string,
  ctx: CallerContext,
  lang: Lang,
  approval?: ApprovalEngine,
  sameService?: Map<string, ResourceDef>,
): Promise<{ title: string; buffer: Buffer }> {
  const m = await printModel(repo, id, ctx, lang, approval, sameService);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: m.title, Producer: 'Enterprise portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT.regular);
  doc.registerFont('bold', FONT.bold);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(16).text(m.title, { align: 'center' });
  doc.moveDown(0.3).font('regular').fontSize(9).fillColor('#666666').text(m.exported, { align: 'center' }).fillColor('black');
  doc.moveDown(1).fontSize(10);
  const labelWidth = width * 0.35;
  for (const f of m.fields) {
    const h = Math.max(doc.heightOfString(f.label, { width: labelWidth - 8 }), doc.heightOfString(f.value || ' ', { width: width - labelWidth - 8 })) + 8;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.rect(left, y, labelWidth, h).fillAndStroke('#E7EEF7', '#A6A6A6').fillColor('black');
    doc.rect(left + labelWidth, y, width - labelWidth, h).stroke('#A6A6A6');
    doc.font('bold').text(f.label, left + 4, y + 4, { width: labelWidth - 8 });
    doc.font('regular').text(f.value, left + labelWidth + 4, y + 4, { width: width - labelWidth - 8 });
    doc.x = left;
    doc.y = y + h;
  }
  if (m.lines) {
    // The lines: a heading, then a table — the columns' labels on a shaded row, a row per line, each as tall as its text.
    doc.moveDown(1).font('bold').fontSize(11).text(m.lines.heading, left, doc.y);
    doc.moveDown(0.4).fontSize(9);
    const n = m.lines.columns.length;
    const cw = width / n;
    const row = (cells: string[], header: boolean) => {
      doc.font(header ? 'bold' : 'regular');
      const h = Math.max(...cells.map((c) => doc.heightOfString(c || ' ', { width: cw - 8 }))) + 8;
      if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      cells.forEach((c, k) => {
        const x = left + k * cw;
        if (header) doc.rect(x, y, cw, h).fillAndStroke('#E7EEF7', '#A6A6A6').fillColor('black');
        else doc.rect(x, y, cw, h).stroke('#A6A6A6');
        doc.text(c, x + 4, y + 4, { width: cw - 8 });
      });
      doc.x = left;
      doc.y = y + h;
    };
    row(m.lines.columns, true);
    for (const r of m.lines.rows) row(r, false);
  }
  if (m.layout === 'request') {
    requestRows(doc, m, left, width, lang);
  } else if (m.signatures.length) {
    doc.moveDown(2);
    const per = 3;
    const w = width / per;
    for (let i = 0; i < m.signatures.length; i += per) {
      if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      m.signatures.slice(i, i + per).forEach((s, k) => {
        const x = left + k * w;
        doc
          .font('bold')
          .fontSize(10)
          .text(s.role, x, y, { width: w - 8, align: 'center' });
        doc
          .font('regular')
          .fontSize(9)
          .fillColor('#666666')
          .text(s.outcome ? `${s.outcome} · ${s.date}` : '', x, y + 16, { width: w - 8, align: 'center' })
          .fillColor('black');
        if (s.comment) doc.fontSize(9).text(`"${s.comment}"`, x, y + 30, { width: w - 8, align: 'center' });
        doc
          .font('bold')
          .fontSize(10)
          .text(s.name ?? '', x, y + 80, { width: w - 8, align: 'center' });
        if (s.title)
          doc
            .font('regular')
            .fontSize(9)
            .text(s.title, x, y + 94, { width: w - 8, align: 'center' });
      });
      doc.x = left;
      doc.y = y + 112;
    }
  }
  doc.end();
  return { title: m.title, buffer: await done };
}

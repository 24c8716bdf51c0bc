import PDFDocument from 'pdfkit';
import type { Pool } from 'pg';
import type { CallerContext, Lang } from '@portal/contracts';
import { t } from '../i18n';
import { dateTimeText, valueOf } from './docx';
import type { ResourceRepository } from './repository';

/** DejaVu Sans (dejavu-fonts-ttf, Bitstream Vera licence): every Vietnamese letter, embedded (subset) in the PDF. */
const FONT = { regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf') };

/** One signature block: who acted at that step, when, with what comment (from the approval engine's steps). */
export interface Signature { role: string; name: string | null; date: string | null; comment: string | null; outcome: string | null }

/** What the printed form shows: the record's fields as the Word export shows them, then the approvals' signature blocks. */
export interface PrintModel { title: string; exported: string; fields: { label: string; value: string }[]; signatures: Signature[] }

const ROLE = {
  vi: { submitter: 'Người đề nghị', level: (n: number) => `Người duyệt cấp ${n}` },
  en: { submitter: 'Requested by', level: (n: number) => `Approver, level ${n}` },
};
const OUTCOME: Record<string, { vi: string; en: string }> = {
  SUBMIT: { vi: 'Đã gửi', en: 'Submitted' }, RESUBMIT: { vi: 'Đã gửi lại', en: 'Resubmitted' }, APPROVE: { vi: 'Đã duyệt', en: 'Approved' },
  REFUSE: { vi: 'Từ chối', en: 'Refused' }, SUBMIT_SUPERIORS: { vi: 'Đã duyệt, chuyển cấp trên', en: 'Approved, passed up' },
};

/**
 * The signature blocks of a record with an approval: the submitter, then one block per level of its current request —
 * the last step taken at that level (name, date, comment), or an empty block while the level waits.
 */
async function signaturesOf(pool: Pool, resource: string, recordId: string, lang: Lang): Promise<Signature[]> {
  const { rows: [req] } = await pool.query<{ id: string; levels_count: number }>(
    `SELECT id, levels_count FROM approval_request WHERE resource = $1 AND record_id = $2`, [resource, recordId]);
  if (!req) return [{ role: ROLE[lang].submitter, name: null, date: null, comment: null, outcome: null }];
  const { rows: steps } = await pool.query<{ level: number; action: string; actor_name: string | null; comment: string | null; created_date: Date }>(
    `SELECT level, action, actor_name, comment, created_date FROM approval_step WHERE request_id = $1 ORDER BY created_date, id`, [req.id]);
  const sign = (role: string, s: (typeof steps)[number] | undefined): Signature => ({
    role, name: s?.actor_name ?? null, date: s ? dateTimeText(s.created_date) : null, comment: s?.comment ?? null, outcome: s ? OUTCOME[s.action]?.[lang] ?? s.action : null,
  });
  const submitted = [...steps].reverse().find((s) => s.action === 'SUBMIT' || s.action === 'RESUBMIT');
  const since = submitted ? steps.indexOf(submitted) : 0;
  const blocks = [sign(ROLE[lang].submitter, submitted)];
  for (let level = 1; level <= req.levels_count; level++) {
    const acted = steps.slice(since).filter((s) => s.level === level && ['APPROVE', 'REFUSE', 'SUBMIT_SUPERIORS'].includes(s.action)).pop();
    blocks.push(sign(ROLE[lang].level(level), acted));
  }
  return blocks;
}

/** The printed form's content, read in the caller's scope (a record they cannot see is a 404, as its page is). */
export async function printModel(repo: ResourceRepository, id: string, ctx: CallerContext, lang: Lang): Promise<PrintModel> {
  const r = repo.def;
  const row = await repo.get(id, ctx);
  await repo.titles?.decorate(r, [row], null, { strict: true });
  const name = valueOf(r.fields[r.titleField]!, r.titleField, row, lang);
  const fields = Object.entries(r.fields).filter(([, f]) => f.type !== 'json' && !f.noExport).map(([n, f]) => ({ label: f.label[lang], value: valueOf(f, n, row, lang) }));
  return {
    title: name ? `${r.label[lang]} - ${name}` : r.label[lang],
    exported: t(lang, 'word_exported', { date: dateTimeText(new Date()) }),
    fields,
    signatures: r.approval ? await signaturesOf(repo.pool, r.name, String(row.id), lang) : [],
  };
}

/** The form as an A4 PDF: the title, a table of the fields, and the signature blocks side by side (three to a row). */
export async function recordPdf(repo: ResourceRepository, id: string, ctx: CallerContext, lang: Lang): Promise<{ title: string; buffer: Buffer }> {
  const m = await printModel(repo, id, ctx, lang);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: m.title, Producer: 'Enterprise portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => { doc.on('end', () => resolve(Buffer.concat(chunks))); doc.on('error', reject); });
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
  if (m.signatures.length) {
    doc.moveDown(2);
    const per = 3;
    const w = width / per;
    for (let i = 0; i < m.signatures.length; i += per) {
      if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      m.signatures.slice(i, i + per).forEach((s, k) => {
        const x = left + k * w;
        doc.font('bold').fontSize(10).text(s.role, x, y, { width: w - 8, align: 'center' });
        doc.font('regular').fontSize(9).fillColor('#666666').text(s.outcome ? `${s.outcome} · ${s.date}` : '', x, y + 16, { width: w - 8, align: 'center' }).fillColor('black');
        if (s.comment) doc.fontSize(9).text(`"${s.comment}"`, x, y + 30, { width: w - 8, align: 'center' });
        doc.font('bold').fontSize(10).text(s.name ?? '', x, y + 80, { width: w - 8, align: 'center' });
      });
      doc.x = left;
      doc.y = y + 110;
    }
  }
  doc.end();
  return { title: m.title, buffer: await done };
}

import { addDays, type CallerContext } from '@portal/contracts';
import { withTx, type ServiceKit } from '@portal/service-kit';

const TYPES: [code: string, name: string][] = [
  ['CV', 'Công văn'],
  ['QĐ', 'Quyết định'],
  ['TB', 'Thông báo'],
  ['TTr', 'Tờ trình'],
  ['HĐ', 'Hợp đồng'],
];

/**
 * The demo company's document register: the kinds of documents, and a fortnight's letters in and out — an investor's
 * request with its answer due and the reply that answers it, one still waiting, decisions and notices, and a salary
 * decision limited to the HR manager and the finance department — so the register, its numbering and the visibility
 * rule have something to show on a first visit.
 */
export async function seedDocumentsDemo(admin: ServiceKit, ctx: CallerContext, staffIds: Map<string, string>, orgIds: Map<string, string>) {
  const repo = (name: string) => admin.repos.get(name)!;
  const typeIds = new Map<string, string>();
  for (const [code, name] of TYPES) typeIds.set(code, (await repo('documentType').create({ code, name }, ctx)).id);
  const day = (d: number) => addDays(new Date().toISOString(), d);
  const doc = (direction: 'IN' | 'OUT', type: string, body: Record<string, unknown>) =>
    repo('document').create({ direction, document_type_id: typeIds.get(type), ...body, handler_id: staffIds.get(String(body.handler_id)) }, ctx);

  const request = await doc('IN', 'CV', {
    symbol: '215/CĐT-QLDA',
    summary: 'Đề nghị báo cáo tiến độ thi công tháng này',
    partner: 'Chủ đầu tư – Công ty CP Đầu tư Thủ Đức',
    issued_date: day(-9),
    received_date: day(-8),
    due_date: day(-2),
    handler_id: 'NV003',
    scope_type: 'EXTERNAL',
  });
  await doc('OUT', 'CV', {
    symbol: '118/CV-KTTC',
    summary: 'Báo cáo tiến độ thi công gửi chủ đầu tư',
    partner: 'Chủ đầu tư – Công ty CP Đầu tư Thủ Đức',
    issued_date: day(-3),
    handler_id: 'NV003',
    reply_to_id: request.id,
    signer: 'Giám đốc',
    scope_type: 'EXTERNAL',
  });
  await doc('IN', 'CV', {
    symbol: '87/SXD-QLCL',
    summary: 'Kiểm tra công tác an toàn lao động trên công trường',
    partner: 'Sở Xây dựng TP. Hồ Chí Minh',
    issued_date: day(-4),
    received_date: day(-3),
    due_date: day(5),
    handler_id: 'NV003',
    scope_type: 'EXTERNAL',
  });
  await doc('IN', 'TB', {
    symbol: '12/TB-TCT',
    summary: 'Lịch nghỉ Tết và kế hoạch trực công trường',
    partner: 'Tổng công ty',
    issued_date: day(-6),
    received_date: day(-6),
    handler_id: 'NV002',
    scope_type: 'EXTERNAL',
  });
  await doc('OUT', 'QĐ', {
    symbol: '45/QĐ-CTY',
    summary: 'Quyết định thành lập Ban chỉ huy công trường Thủ Đức',
    partner: 'Các phòng ban',
    issued_date: day(-12),
    handler_id: 'NV002',
    signer: 'Giám đốc',
    scope_type: 'INTERNAL',
  });
  await doc('OUT', 'TB', {
    symbol: '09/TB-HCNS',
    summary: 'Thông báo lịch đào tạo an toàn lao động',
    partner: 'Toàn công ty',
    issued_date: day(-1),
    handler_id: 'NV002',
    scope_type: 'INTERNAL',
  });
  await doc('OUT', 'TTr', {
    symbol: '03/TTr-KTTC',
    summary: 'Tờ trình mua sắm thiết bị đo đạc',
    partner: 'Ban Giám đốc',
    issued_date: day(0),
    handler_id: 'NV003',
    scope_type: 'INTERNAL',
  });
  // Pay is for the few: the HR manager handles it, the finance department reads it; nobody else, whatever their scope.
  await doc('OUT', 'QĐ', {
    symbol: '46/QĐ-CTY',
    summary: 'Quyết định điều chỉnh lương năm',
    partner: 'Phòng Tài chính – Kế toán',
    issued_date: day(-2),
    handler_id: 'NV002',
    signer: 'Giám đốc',
    scope_type: 'INTERNAL',
    visibility: 0,
    viewer_ids: [staffIds.get('NV001')],
    viewer_department_ids: [orgIds.get('TCKT')],
  });
  const published = await doc('OUT', 'QĐ', {
    symbol: '44/QĐ-CTY',
    summary: 'Quyết định ban hành quy chế làm việc',
    partner: 'Toàn công ty',
    issued_date: day(-15),
    handler_id: 'NV002',
    signer: 'Giám đốc',
    scope_type: 'INTERNAL',
  });
  // Released, as its own workflow would (POST /document/:id/status).
  await withTx(admin.pool, (tx) => repo('document').updateIn(tx, published.id, { release: 'PUBLISH' }, ctx, 'update', { workflow: true }));

  // The documentation library: what the company works by, one version replaced by its successor.
  const lib = (body: Record<string, unknown>) => repo('documentation').create({ ...body, department_id: orgIds.get(String(body.department_id)) }, ctx);
  await lib({
    code: 'QC-01',
    title: 'Quy chế làm việc của Công ty',
    kind: 'REGULATION',
    version: '2.0',
    department_id: 'HCNS',
    effective_date: day(-15),
    description: 'Ban hành kèm Quyết định 44/QĐ-CTY.',
  });
  const old = await lib({
    code: 'QC-01',
    title: 'Quy chế làm việc của Công ty',
    kind: 'REGULATION',
    version: '1.0',
    department_id: 'HCNS',
    effective_date: '2024-01-01',
  });
  await withTx(admin.pool, (tx) => repo('documentation').updateIn(tx, old.id, { status: 'EXPIRED' }, ctx, 'update', { workflow: true }));
  await lib({
    code: 'QT-ATLĐ',
    title: 'Quy trình an toàn lao động trên công trường',
    kind: 'PROCEDURE',
    version: '3.1',
    department_id: 'KTTC',
    effective_date: day(-90),
  });
  await lib({ code: 'BM-NP', title: 'Mẫu đơn xin nghỉ phép', kind: 'FORM', version: '1.0', department_id: 'HCNS', effective_date: day(-200) });
  await lib({ code: 'HD-PM', title: 'Hướng dẫn dùng cổng thông tin nội bộ', kind: 'GUIDE', version: '1.0', department_id: 'HCNS', effective_date: day(-7) });
  await lib({
    code: 'TCVN 4453:1995',
    title: 'Kết cấu bê tông và bê tông cốt thép toàn khối – Quy phạm thi công và nghiệm thu',
    kind: 'STANDARD',
    version: '1995',
    department_id: 'KTTC',
    effective_date: '1995-01-01',
  });
}

/**
 * The printed approval request form (ResourceDef.print `fields`, `words`, `approvals: 'request'`; the flows' level
 * titles), and the approval cost limit's boundary, on a test-only budget over real HTTP and a real PostgreSQL: the PDF's
 * text read back (unpdf) — the chosen fields in order, the amount in Vietnamese and English words, each level's title
 * with its approver's real name, decision, comment and time, the one still waiting, then the date and the sender — and
 * one đồng over the limit bringing the director's level.
 */
import { randomUUID } from 'node:crypto';
import { defineResource, f } from '@portal/contracts';
import { callerContext } from '../support/signed';
import { startKitService, type KitService } from '../support/kit-service';
import { pdfText as textOf } from '../support/pdf-text';

const budget = defineResource({
  name: 'testBudget',
  domain: 'implementation',
  path: '/test-budget',
  table: 'test_budget',
  feature: 'subcontractor',
  label: { vi: 'Ngân sách thử', en: 'Test budget' },
  titleField: 'name',
  defaultOrder: 'created_date desc',
  approval: { documentType: 'test-budget', amountField: 'cost', costLimit: 'SUBCONTRACTOR' },
  print: { fields: ['project', 'contract_number', 'cost', 'progress', 'request'], words: ['cost'], approvals: 'request' },
  fields: {
    name: f.text({ vi: 'Tên', en: 'Name' }, { required: true, list: true }),
    project: f.text({ vi: 'Dự án', en: 'Project' }, { list: true }),
    contract_number: f.text({ vi: 'Số hợp đồng', en: 'Contract number' }),
    cost: f.money({ vi: 'Giá trị hợp đồng', en: 'Contract cost' }, { min: 0 }),
    progress: f.int({ vi: 'Tiến độ (%)', en: 'Progress (%)' }, { min: 0, max: 100 }),
    request: f.longText({ vi: 'Nội dung đề nghị', en: 'Request' }),
    secret_note: f.text({ vi: 'Ghi chú nội bộ', en: 'Internal note' }),
  },
});

const LIMIT = 1_000_000_000;
const TITLES = [
  { vi: 'Trưởng phòng Quản lý hợp đồng', en: 'Head of contract management' },
  { vi: 'Phó giám đốc dự án', en: 'PM vice director' },
  { vi: 'Phó giám đốc tài chính', en: 'Finance vice director' },
  { vi: 'Giám đốc', en: 'Director' },
];
const people = { sender: randomUUID(), contracts: randomUUID(), pm: randomUUID(), finance: randomUUID(), director: randomUUID() };
const NAMES: Record<keyof typeof people, string> = {
  sender: 'Trần Văn Gửi',
  contracts: 'Lê Thị Hợp Đồng',
  pm: 'Phạm Quốc Dự Án',
  finance: 'Vũ Minh Tài Chính',
  director: 'Nguyễn Giám Đốc',
};
let s: KitService;
const as = (who: keyof typeof people) => ({
  userId: people[who],
  name: NAMES[who],
  ability: [{ action: 'manage' as const, subject: 'subcontractor' as const }],
});

async function pdfText(id: string, lang: 'vi' | 'en'): Promise<string> {
  const res = await fetch(`${s.base}/api/v1/test-budget/${id}/pdf`, {
    headers: { 'x-portal-context': s.codec.sign(callerContext({ ...as('sender'), lang })), 'accept-language': lang },
  });
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  return textOf(new Uint8Array(await res.arrayBuffer()));
}

beforeAll(async () => {
  s = await startKitService({ domain: 'implementation', resources: [budget] });
  await s.pool.query(`UPDATE approval_cost_limit SET max_cost = $1 WHERE kind = 'SUBCONTRACTOR'`, [LIMIT]);
  const level = (n: number, who: keyof typeof people) => ({ level: n, scope: 'USERS', approver_ids: [people[who]], title: TITLES[n - 1] });
  // Through the settings route, as an administrator sets them (the titles checked there).
  const admin = { userId: randomUUID(), isAdmin: true };
  const flow = (name: string, cost_band: string, levels: unknown[]) =>
    s.call(admin, 'POST', '/implementation/approval-flow', { document_type: 'test-budget', name, cost_band, levels });
  expect((await flow('up to', 'UP_TO_LIMIT', [level(1, 'contracts'), level(2, 'pm'), level(3, 'finance')])).status).toBe(200);
  expect((await flow('above', 'ABOVE_LIMIT', [level(1, 'contracts'), level(2, 'pm'), level(3, 'finance'), level(4, 'director')])).status).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

test('a level title is both languages or none', async () => {
  const bad = await s.call({ userId: randomUUID(), isAdmin: true }, 'POST', '/implementation/approval-flow', {
    document_type: 'test-budget',
    name: 'half',
    levels: [{ level: 1, scope: 'USERS', approver_ids: [people.pm], title: { vi: 'Chỉ tiếng Việt' } }],
  });
  expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'levels.0.title.en']);
});

test('one đồng over the subcontractor limit brings the director; at the limit, three levels', async () => {
  const levelsFor = async (cost: number) => {
    const made = await s.call(as('sender'), 'POST', '/test-budget', { name: `Gói ${cost}`, cost });
    expect(made.status).toBe(200);
    const sent = await s.call(as('sender'), 'POST', `/test-budget/${made.body.data.id}/submit`, {});
    expect(sent.status).toBe(200);
    return (await s.pool.query(`SELECT levels_count FROM approval_request WHERE record_id = $1`, [made.body.data.id])).rows[0].levels_count;
  };
  expect(await levelsFor(LIMIT)).toBe(3);
  expect(await levelsFor(LIMIT + 1)).toBe(4);
});

test('the printed form: the chosen fields, the amount in words, each level by its title with its approver, decision, comment and time, then the sender', async () => {
  const made = await s.call(as('sender'), 'POST', '/test-budget', {
    name: 'Thầu phụ cơ điện tòa A',
    project: 'Chung cư Green River Long Biên',
    contract_number: '121/2026/HĐTP',
    cost: 1_250_000_000,
    progress: 35,
    request: 'Đề nghị phê duyệt ngân sách thầu phụ hệ thống điều hòa không khí',
    secret_note: 'không in',
  });
  const id = made.body.data.id as string;
  expect((await s.call(as('sender'), 'POST', `/test-budget/${id}/submit`, { description: 'Kính trình' })).status).toBe(200);
  const comments: Partial<Record<keyof typeof people, string>> = { contracts: 'Hồ sơ đủ', pm: 'Đồng ý tiến độ', finance: 'Trong kế hoạch vốn' };
  for (const who of ['contracts', 'pm', 'finance'] as const) {
    const r = await s.call(as(who), 'POST', `/test-budget/${id}/approve`, { description: comments[who] });
    expect([who, r.status]).toEqual([who, 200]);
  }
  const vi = await pdfText(id, 'vi');
  // The fields chosen, in order; the rest not printed.
  const order = [
    'Chung cư Green River Long Biên',
    '121/2026/HĐTP',
    '1.250.000.000',
    'Bằng chữ: Một tỷ hai trăm năm mươi triệu đồng',
    '35',
    'Đề nghị phê duyệt',
  ];
  const at = order.map((x) => vi.indexOf(x));
  expect(at.every((i) => i >= 0)).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
  expect(vi).not.toContain('không in');
  // Each level by its title, its approver's real name, decision, comment and time; the director's still waiting.
  const time = String.raw`\d\d/\d\d/\d{4} \d\d:\d\d`;
  for (const [k, who] of (['contracts', 'pm', 'finance'] as const).entries()) {
    expect(vi).toMatch(new RegExp(`${TITLES[k]!.vi} Đã duyệt · ${NAMES[who]} · ${time} Ý kiến: ${comments[who]}`));
  }
  expect(vi).toContain(`${TITLES[3]!.vi} Chưa có ý kiến`);
  expect(vi).toMatch(new RegExp(`Ngày ${time} — Người đề nghị: ${NAMES.sender}`));
  expect(vi.indexOf(TITLES[3]!.vi)).toBeLessThan(vi.indexOf('Người đề nghị'));
  // The director decides: the form says so.
  expect((await s.call(as('director'), 'POST', `/test-budget/${id}/approve`, { description: 'Duyệt' })).status).toBe(200);
  expect(await pdfText(id, 'vi')).toMatch(new RegExp(`Giám đốc Đã duyệt · ${NAMES.director} · ${time} Ý kiến: Duyệt`));
  // In English: the labels, the titles and the words.
  const en = await pdfText(id, 'en');
  expect(en).toContain('Contract cost');
  expect(en).toMatch(/In words: One billion two hundred fifty million dong/i);
  expect(en).toMatch(new RegExp(`Head of contract management Approved · ${NAMES.contracts} · ${time}`));
  expect(en).toMatch(new RegExp(`— Requested by: ${NAMES.sender}`));
});

/**
 * Money that adds up (issue 35 §7), through the gateway on the demo company: a subcontractor budget approved, then its
 * payment orders — never beyond what the budget may pay (its cost plus its approved additional work), two racing for the
 * last of it (one wins), a refused one freeing what it held; one open advance per subcontractor (a second refused while
 * the first is unsettled, whether created, or sent again once refused); a payment's confirmations at most its amount, and
 * an advance settled only once approved and paid in full. Every figure is read back from the database too.
 */
import { EN, okData as ok, startTestStack, type TestStack } from '../support/stack';
import { approveThrough, signInDemo, type DemoPerson } from '../support/demo-company';
import { pdfText } from '../support/pdf-text';

jest.setTimeout(240_000);
let s: TestStack;
let tok: Record<DemoPerson, string>;
const api = (who: DemoPerson) => s.api(tok[who]);
const db = () => s.services.implementation!.pool;
/** The site commander: writes budgets and payment orders, approves nothing. */
const site = () => api('site');
let project: string;
let contractors: string[];
const approveAll = (path: string, id: string) => approveThrough(s, tok, path, id);

/** A budget of `cost` đồng for `contractor`, sent by the site commander and approved. */
async function approvedBudget(cost: number, contractor = contractors[0]!): Promise<Record<string, any>> {
  const b = ok(await site().post('/subcontractor-budget', { implementation_id: project, name: `Gói ${cost}`, contractor_id: contractor, cost }));
  expect((await site().post(`/subcontractor-budget/${b.id}/submit`, {})).status).toBe(200);
  await approveAll('/subcontractor-budget', b.id);
  return ok(await site().get(`/subcontractor-budget/${b.id}`));
}
const budgetRow = async (id: string) =>
  (
    await db().query(`SELECT cost::text, additional_cost::text, payable::text, requested::text, left_to_pay::text FROM subcontractor_budget WHERE id = $1`, [
      id,
    ])
  ).rows[0];

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  tok = await signInDemo(s);
  project = (await db().query<{ id: string }>(`SELECT id FROM implementation_project WHERE name = 'Chung cư Green River Long Biên'`)).rows[0]!.id;
  // Contractors the demo has advanced nothing to (its open advance holds one of them).
  const advanced = (await db().query<{ id: string }>(`SELECT contractor_id AS id FROM payment_order WHERE kind = 'ADVANCE' AND state = 'ACTIVE'`)).rows.map(
    (r) => r.id,
  );
  contractors = (
    await s.services.business!.pool.query<{ id: string }>(`SELECT id FROM contractor WHERE state = 'ACTIVE' AND NOT (id = ANY($1)) ORDER BY code LIMIT 3`, [
      advanced,
    ])
  ).rows.map((r) => r.id);
});
afterAll(async () => {
  await s?.close();
});

test('a payment order takes only what its approved budget has left; two racing for the last of it: one wins', async () => {
  const draft = ok(
    await site().post('/subcontractor-budget', { implementation_id: project, name: 'Chưa duyệt', contractor_id: contractors[0], cost: 1_000_000 }),
  );
  // Only an approved budget takes payment orders.
  const early = await site().post('/payment', { budget_id: draft.id, name: 'Sớm', amount: 1 }, EN);
  expect([early.status, early.body.errors?.[0]?.path]).toEqual([422, 'budget_id']);

  const budget = await approvedBudget(100_000_000);
  expect([budget.status, budget.payable, budget.requested, budget.left_to_pay]).toEqual(['APPROVED', 100_000_000, 0, 100_000_000]);
  expect(budget.project_id).toBeTruthy();
  const first = ok(await site().post('/payment', { budget_id: budget.id, name: 'Đợt 1', amount: 60_000_000 }));
  expect([first.contractor_id, first.implementation_id, first.project_id]).toEqual([contractors[0], project, budget.project_id]);
  // One đồng over what is left: refused, saying what is left.
  const over = await site().post('/payment', { budget_id: budget.id, name: 'Quá', amount: 40_000_001 }, EN);
  expect([over.status, over.body.errors?.[0]?.path]).toEqual([422, 'amount']);
  expect(over.body.message).toContain('40,000,000');
  // Two at once for the last 40 million: exactly one is taken.
  const race = await Promise.all([1, 2].map((n) => site().post('/payment', { budget_id: budget.id, name: `Đua ${n}`, amount: 40_000_000 }, EN)));
  expect(race.map((r) => r.status).sort()).toEqual([200, 422]);
  expect(await budgetRow(budget.id)).toEqual({ cost: '100000000', additional_cost: '0', payable: '100000000', requested: '100000000', left_to_pay: '0' });

  // Refused, a payment frees what it held; sent again, it holds it again — when there is room.
  expect((await site().post(`/payment/${first.id}/submit`, {})).status).toBe(200);
  expect((await api('contracts').post(`/payment/${first.id}/refuse`, { description: 'Thiếu hồ sơ' })).status).toBe(200);
  expect((await budgetRow(budget.id)).requested).toBe('40000000');
  const filler = ok(await site().post('/payment', { budget_id: budget.id, name: 'Chen vào', amount: 30_000_000 }));
  const again = await site().post(`/payment/${first.id}/resubmit`, {}, EN);
  expect([again.status, again.body.errors?.[0]?.path]).toEqual([422, 'amount']);
  expect((await budgetRow(budget.id)).requested).toBe('70000000');
  expect((await site().del(`/payment/${filler.id}`)).status).toBe(200);
  expect((await site().post(`/payment/${first.id}/resubmit`, {})).status).toBe(200);
  expect((await budgetRow(budget.id)).requested).toBe('100000000');
});

test('approved additional work raises what may be paid on its budget; while it waits, it does not', async () => {
  const budget = await approvedBudget(50_000_000, contractors[1]);
  ok(await site().post('/payment', { budget_id: budget.id, name: 'Toàn bộ', amount: 50_000_000 }));
  const extra = ok(await site().post('/additional', { budget_id: budget.id, name: 'Bổ sung cọc', summary_approval_cost: 8_000_000, reason: 'Địa chất yếu' }));
  expect(extra.contractor_id).toBe(contractors[1]);
  expect((await site().post(`/additional/${extra.id}/submit`, {})).status).toBe(200);
  expect((await site().post('/payment', { budget_id: budget.id, name: 'Phát sinh', amount: 8_000_000 }, EN)).status).toBe(422);
  await approveAll('/additional', extra.id);
  expect(await budgetRow(budget.id)).toEqual({
    cost: '50000000',
    additional_cost: '8000000',
    payable: '58000000',
    requested: '50000000',
    left_to_pay: '8000000',
  });
  ok(await site().post('/payment', { budget_id: budget.id, name: 'Phát sinh', amount: 8_000_000 }));
  expect((await budgetRow(budget.id)).left_to_pay).toBe('0');
});

test('one open advance per subcontractor; confirmations at most the amount; an advance settled only approved and paid in full', async () => {
  const budget = await approvedBudget(200_000_000, contractors[2]);
  const other = await approvedBudget(10_000_000, contractors[2]);
  const advance = ok(await site().post('/payment', { budget_id: budget.id, name: 'Tạm ứng 1', kind: 'ADVANCE', amount: 20_000_000 }));
  // A second advance to the same subcontractor, on any of its budgets, waits for the first to be settled.
  const second = await site().post('/payment', { budget_id: other.id, name: 'Tạm ứng 2', kind: 'ADVANCE', amount: 1_000_000 }, EN);
  expect([second.status, second.body.errors?.[0]?.path]).toEqual([409, 'kind']);
  expect(second.body.message).toMatch(/advance not yet settled/);
  // A progress payment is not an advance: it passes.
  ok(await site().post('/payment', { budget_id: other.id, name: 'Khối lượng', kind: 'PROGRESS', amount: 1_000_000 }));
  // Refused, the first frees the way; the second is made; the first sent again is refused while the second is open.
  expect((await site().post(`/payment/${advance.id}/submit`, {})).status).toBe(200);
  expect((await api('contracts').post(`/payment/${advance.id}/refuse`, {})).status).toBe(200);
  const made = ok(await site().post('/payment', { budget_id: other.id, name: 'Tạm ứng 2', kind: 'ADVANCE', amount: 1_000_000 }));
  const back = await site().post(`/payment/${advance.id}/resubmit`, {}, EN);
  expect([back.status, back.body.errors?.[0]?.path]).toEqual([409, 'kind']);
  expect((await db().query(`SELECT approval_status FROM payment_order WHERE id = $1`, [advance.id])).rows[0].approval_status).toBe('REFUSE');

  // The open advance: approved, paid by confirmations (never beyond its amount), confirmed by finance, then settled.
  const settleEarly = await api('accountant').post(
    `/payment/${made.id}/status`,
    { status: 'SETTLED', settled_date: new Date().toISOString().slice(0, 10) },
    EN,
  );
  expect(settleEarly.status).toBe(422);
  expect((await site().post('/payment-confirmation', { payment_id: made.id, reference: 'UNC-0', amount: 1, paid_date: '2026-01-05' }, EN)).status).toBe(422);
  expect((await site().post(`/payment/${made.id}/submit`, {})).status).toBe(200);
  await approveAll('/payment', made.id);
  const today = (await db().query<{ d: string }>(`SELECT current_date::text AS d`)).rows[0]!.d;
  const part = ok(await site().post('/payment-confirmation', { payment_id: made.id, reference: 'UNC-1', amount: 600_000, paid_date: today }));
  const beyond = await site().post('/payment-confirmation', { payment_id: made.id, reference: 'UNC-2', amount: 400_001, paid_date: today }, EN);
  expect([beyond.status, beyond.body.errors?.[0]?.path]).toEqual([422, 'amount']);
  const rest = ok(await site().post('/payment-confirmation', { payment_id: made.id, reference: 'UNC-2', amount: 400_000, paid_date: today }));
  // The site commander records payments; the chief accountant (the approve right on payments) confirms them.
  expect((await site().post(`/payment-confirmation/${part.id}/status`, { status: 'CONFIRMED' }, EN)).status).toBe(403);
  for (const c of [part, rest]) expect((await api('accountant').post(`/payment-confirmation/${c.id}/status`, { status: 'CONFIRMED' })).status).toBe(200);
  const paid = ok(await site().get(`/payment/${made.id}`));
  expect([paid.paid_amount, paid.paid_state, paid.settlement]).toEqual([1_000_000, 'PAID', 'OPEN']);
  // A progress payment is never "settled"; the advance is, and the subcontractor may be advanced again.
  const progress = (await db().query<{ id: string }>(`SELECT id FROM payment_order WHERE name = 'Khối lượng' AND budget_id = $1`, [other.id])).rows[0]!.id;
  expect((await api('accountant').post(`/payment/${progress}/status`, { status: 'SETTLED', settled_date: today }, EN)).status).toBe(422);
  expect((await api('accountant').post(`/payment/${made.id}/status`, { status: 'SETTLED', settled_date: today })).status).toBe(200);
  expect((await site().post(`/payment/${advance.id}/resubmit`, {})).status).toBe(200);
});

test('the demo’s largest subcontract, approved by four above the limit, prints as its approval request form', async () => {
  const {
    rows: [b],
  } = await db().query<{ id: string; name: string; contract_number: string }>(
    `SELECT id, name, contract_number FROM subcontractor_budget WHERE status = 'APPROVED' ORDER BY cost DESC LIMIT 1`,
  );
  const res = await fetch(`${s.url}/api/v1/subcontractor-budget/${b!.id}/pdf`, { headers: { authorization: `Bearer ${tok.site}`, 'accept-language': 'vi' } });
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
  const names = new Map(
    (await s.services.system!.pool.query<{ username: string; full_name: string }>(`SELECT username, full_name FROM app_user`)).rows.map((r) => [
      r.username,
      r.full_name,
    ]),
  );
  // The request: the project, the contract number, the cost in figures and in words, the progress, the request.
  expect(text).toContain('Chung cư Green River Long Biên');
  expect(text).toContain(b!.contract_number);
  expect(text).toMatch(/Mười tám tỷ năm trăm triệu đồng/i);
  // Each level headed by its title, with its approver's real name, the decision and the comment, then the sender.
  const levels: [string, string, string][] = [
    ['Trưởng phòng Quản lý hợp đồng', 'contracts', 'Đã kiểm tra hồ sơ, đồng ý trình.'],
    ['Phó Giám đốc Dự án', 'pm.director', 'Đồng ý.'],
    ['Phó Giám đốc Tài chính', 'finance.director', 'Đồng ý, đảm bảo dòng tiền.'],
    ['Giám đốc', 'director', 'Duyệt.'],
  ];
  for (const [title, user, comment] of levels)
    expect(text).toMatch(new RegExp(`${title} Đã duyệt · ${names.get(user)} · [0-9/: ]+ Ý kiến: ${comment.replace('.', '\\.')}`));
  expect(text).toMatch(new RegExp(`Người đề nghị: ${names.get('site')}`));
});

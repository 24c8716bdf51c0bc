/**
 * Project implementation in the built portal: every entry of its sidebar opens its page; a running project of the demo
 * opens on its page, its work packages tab (`?tab=`) lists its packages with their progress, a package's page its
 * checklist — in both languages and on a phone, where nothing sticks out sideways; a subcontractor budget above the limit
 * sent by the site commander, approved on its page by the four its flow names (the director on a phone) and printed
 * with their names and decisions; a payment on it approved from a phone; a cost review from its quotations to its award
 * (the comparison side by side, a dearer line's reason) and sent for approval, read on a phone in English.
 */
import type { Browser } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { ADMIN_PASSWORD, DEMO_PASSWORD, okData as ok } from '../support/stack';
import { pdfText } from '../support/pdf-text';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { expectEveryEntryOpens, fitsScreen, openPage, openTab, signInUi } from '../support/browser';
import { menu } from '../../mfe-implementation/src/menu';

jest.setTimeout(180_000);
let s: E2eStack;
let browser: Browser;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
});

test('every entry of the Implementation sidebar opens its page', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await expectEveryEntryOpens(page, s.url, 'implementation', menu);
  expect(errors).toEqual([]);
  await context.close();
});

test("a running project's page: its work packages with their progress, a package's checklist; in both languages, on a phone too", async () => {
  const pool = s.services.implementation!.pool;
  const {
    rows: [p],
  } = await pool.query<{ id: string }>(`SELECT id FROM implementation_project WHERE name = 'Chung cư Green River Long Biên'`);
  const {
    rows: [c],
  } = await pool.query<{ id: string; name: string; progress: number }>(
    `SELECT id, name, progress FROM implementation_category WHERE implementation_id = $1 AND code = 'HM-01'`,
    [p!.id],
  );
  expect(c!.progress).toBeGreaterThan(0);
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await page.goto(`${s.url}/implementation/implementation/${p!.id}`);
  await page.getByText('Chung cư Green River Long Biên').first().waitFor();
  await openTab(page, 'Hạng mục');
  const row = page.getByRole('row').filter({ hasText: c!.name });
  await row.waitFor();
  await row.getByText(`${c!.progress}`, { exact: false }).first().waitFor();
  expect(page.url()).toMatch(/[?&]tab=/);
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.getByRole('tab', { name: 'Work package' }).waitFor();
  // The package's own page: its checklist, the items as the demo left them.
  await page.goto(`${s.url}/implementation/implementation-category/${c!.id}`);
  await openTab(page, 'Work package checklist item');
  await page.getByRole('row').filter({ hasText: 'Nghiệm thu vật liệu đầu vào' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();

  const phone = await openPage(browser, { phone: true });
  await signInUi(phone.page, s.url, s.adminEmail, ADMIN_PASSWORD);
  await phone.page.goto(`${s.url}/implementation/implementation/${p!.id}`);
  await phone.page.getByText('Chung cư Green River Long Biên').first().waitFor();
  await openTab(phone.page, 'Hạng mục');
  await phone.page.getByText(c!.name).first().waitFor();
  const fit = await fitsScreen(phone.page);
  expect(fit.page).toBeLessThanOrEqual(fit.screen);
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});

test('a budget above the limit: sent by the site commander, approved on its page by four (the director on a phone), printed with their names; a payment approved from a phone', async () => {
  const pool = s.services.implementation!.pool;
  const site = s.api((await s.signIn('site@portal.local', DEMO_PASSWORD)).accessToken);
  const project = (await pool.query<{ id: string }>(`SELECT id FROM implementation_project WHERE name = 'Chung cư Green River Long Biên'`)).rows[0]!.id;
  const advanced = (await pool.query<{ id: string }>(`SELECT contractor_id AS id FROM payment_order WHERE kind = 'ADVANCE'`)).rows.map((r) => r.id);
  const contractor = (
    await s.services.business!.pool.query<{ id: string }>(`SELECT id FROM contractor WHERE kind = 'CONTRACTOR' AND NOT (id = ANY($1)) ORDER BY code LIMIT 1`, [
      advanced,
    ])
  ).rows[0]!.id;
  const budget = ok(
    await site.post('/subcontractor-budget', {
      implementation_id: project,
      name: 'Giàn giáo bao che và lưới an toàn tòa A',
      contractor_id: contractor,
      contract_number: '99/2026/HĐTP',
      cost: 2_600_000_000,
      progress: 0,
      description: 'Đề nghị phê duyệt ngân sách giàn giáo bao che theo kết quả chào giá.',
    }),
  );
  const names = new Map(
    (await s.services.system!.pool.query<{ username: string; full_name: string }>(`SELECT username, full_name FROM app_user`)).rows.map((r) => [
      r.username,
      r.full_name,
    ]),
  );
  const path = `${s.url}/implementation/subcontractor-budget/${budget.id}`;

  const sender = await openPage(browser);
  await signInUi(sender.page, s.url, 'site@portal.local', DEMO_PASSWORD);
  await sender.page.goto(path);
  const panel = sender.page.getByTestId('approval-panel');
  await panel.getByRole('button', { name: 'Gửi phê duyệt' }).click();
  await sender.page.getByLabel('Ý kiến').fill('Kính trình duyệt ngân sách');
  await sender.page.getByRole('button', { name: 'Xác nhận' }).click();
  await panel.getByTestId('approval-status').getByText('Chờ phê duyệt').waitFor();

  const comments: [string, string][] = [
    ['contracts', 'Hồ sơ đầy đủ, đồng ý trình.'],
    ['pm.director', 'Đồng ý khối lượng.'],
    ['finance.director', 'Đồng ý, cân đối được dòng tiền.'],
    ['director', 'Duyệt.'],
  ];
  for (const [i, [who, comment]] of comments.entries()) {
    const a = await openPage(browser, { phone: i === 3 });
    await signInUi(a.page, s.url, `${who}@portal.local`, DEMO_PASSWORD);
    await a.page.goto(path);
    const hp = a.page.getByTestId('approval-panel');
    await hp.getByText('Bạn có thể phê duyệt yêu cầu này').waitFor();
    await hp.getByRole('button', { name: 'Phê duyệt' }).click();
    await a.page.getByLabel('Ý kiến').fill(comment);
    await a.page.getByRole('button', { name: 'Xác nhận' }).click();
    await hp.getByText(comment).first().waitFor();
    if (i === 3) {
      const fit = await fitsScreen(a.page);
      expect(fit.page).toBeLessThanOrEqual(fit.screen);
    }
    expect([who, a.errors]).toEqual([who, []]);
    await a.context.close();
  }
  expect((await pool.query(`SELECT status FROM subcontractor_budget WHERE id = $1`, [budget.id])).rows[0].status).toBe('APPROVED');

  // Printed from its page: the request form with each level's approver, decision and comment, the amount in words.
  await sender.page.reload();
  await panel.getByTestId('approval-status').getByText('Đã phê duyệt').waitFor();
  const [pdf] = await Promise.all([sender.page.waitForEvent('download'), sender.page.getByTestId('export-pdf').click()]);
  const text = await pdfText(new Uint8Array(await readFile((await pdf.path())!)));
  expect(text).toMatch(/Hai tỷ sáu trăm triệu đồng/i);
  for (const [who] of comments) expect(text).toContain(`Đã duyệt · ${names.get(who)}`);
  for (const [, comment] of comments) expect(text).toContain(`Ý kiến: ${comment}`);
  expect(text).toContain(`Người đề nghị: ${names.get('site')}`);
  expect(sender.errors).toEqual([]);
  await sender.context.close();

  // A payment on it, sent and passed by contract management, approved by the finance vice director from a phone.
  const payment = ok(await site.post('/payment', { budget_id: budget.id, name: 'Thanh toán đợt 1 giàn giáo', kind: 'PROGRESS', amount: 780_000_000 }));
  expect((await site.post(`/payment/${payment.id}/submit`, {})).status).toBe(200);
  const contracts = s.api((await s.signIn('contracts@portal.local', DEMO_PASSWORD)).accessToken);
  expect((await contracts.post(`/payment/${payment.id}/approve`, {})).status).toBe(200);
  const phone = await openPage(browser, { phone: true });
  await signInUi(phone.page, s.url, 'finance.director@portal.local', DEMO_PASSWORD);
  await phone.page.goto(`${s.url}/implementation/payment/${payment.id}`);
  const pp = phone.page.getByTestId('approval-panel');
  await pp.getByText('Bạn có thể phê duyệt yêu cầu này').waitFor();
  await pp.getByRole('button', { name: 'Phê duyệt' }).click();
  await phone.page.getByLabel('Ý kiến').fill('Đồng ý chi');
  await phone.page.getByRole('button', { name: 'Xác nhận' }).click();
  await pp.getByTestId('approval-status').getByText('Đã phê duyệt').waitFor();
  const fit = await fitsScreen(phone.page);
  expect(fit.page).toBeLessThanOrEqual(fit.screen);
  expect(phone.errors).toEqual([]);
  await phone.context.close();
  expect((await pool.query(`SELECT requested::text FROM subcontractor_budget WHERE id = $1`, [budget.id])).rows[0].requested).toBe('780000000');
});

test('a cost review from quotations to award: closed, compared side by side, a dearer line refused without its reason, awarded and sent; on a phone in English', async () => {
  const pool = s.services.implementation!.pool;
  const site = s.api((await s.signIn('site@portal.local', DEMO_PASSWORD)).accessToken);
  const project = (await pool.query<{ id: string }>(`SELECT id FROM implementation_project WHERE name = 'Chung cư Green River Long Biên'`)).rows[0]!.id;
  const parties = (
    await s.services.business!.pool.query<{ id: string; name: string }>(`SELECT id, name FROM contractor WHERE state = 'ACTIVE' ORDER BY code LIMIT 3`)
  ).rows;
  // The site's review with its two items and three quotations, as they came in.
  const review = ok(await site.post('/review-cost-supplier', { implementation_id: project, name: 'Cửa chống cháy tầng hầm', type: 'ACCESSORIES_SUPPLIES' }));
  const items = [
    ok(await site.post('/review-cost-supplier-product', { review_id: review.id, name: 'Cửa thép chống cháy EI60', unit: 'bộ', quantity: 24, sort_order: 1 })),
    ok(await site.post('/review-cost-supplier-product', { review_id: review.id, name: 'Tay co thủy lực', unit: 'bộ', quantity: 24, sort_order: 2 })),
  ];
  const offers: [number, number[]][] = [
    [0, [9_800_000, 650_000]],
    [2_000_000, [9_650_000, 720_000]],
    [0, [10_100_000, 610_000]],
  ];
  for (const [i, [delivery, prices]] of offers.entries()) {
    const q = ok(
      await site.post('/review-cost-supplier-quotation', { review_id: review.id, contractor_id: parties[i]!.id, vat_rate: 10, delivery_cost: delivery }),
    );
    for (const [j, unit_price] of prices.entries())
      ok(await site.post('/review-cost-supplier-quotation-line', { quotation_id: q.id, product_id: items[j].id, unit_price }));
  }
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'site@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/implementation/review-cost-supplier/${review.id}`);
  await page.getByText('Cửa chống cháy tầng hầm').first().waitFor();
  await openTab(page, 'Báo giá');
  await page.getByRole('row').filter({ hasText: parties[2]!.name }).first().waitFor();
  // Quotations closed: the comparison opens for the award.
  await page.getByTestId('move-EVALUATING').click();
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await openTab(page, 'So sánh và chọn thầu');
  const board = page.getByTestId('comparison');
  for (const p of parties) await board.getByText(p.name).first().waitFor();
  // The door to the second quotation (the lowest), the closer to the first (dearer than the third's): its reason is asked.
  await board.getByRole('radio', { name: `Tay co thủy lực — ${parties[0]!.name}` }).check();
  await page.getByTestId('award').click();
  await page.getByText('Báo giá được chọn không phải giá thấp nhất: hãy nêu lý do').first().waitFor();
  await page.getByTestId(`reason-${items[1].id}`).fill('Cùng hãng với cửa, bảo hành chung 24 tháng');
  await page.getByTestId('award').click();
  await page.getByText(/Đã chọn thầu · Giá trị chọn thầu/).waitFor();
  const {
    rows: [r],
  } = await pool.query(`SELECT review_status, is_vote, summary_approval_cost::text AS total FROM review_supplier WHERE id = $1`, [review.id]);
  // The award's total is the service's own figure (its normalised prices are checked in reviews.test.ts).
  const cmp = ok(await site.get(`/review-cost-supplier/vote-supplied/${review.id}`));
  expect([r.review_status, r.is_vote, r.total]).toEqual(['AWARDED', true, String(cmp.review.summary_approval_cost)]);
  expect(cmp.products.map((p: { award_reason: string | null }) => p.award_reason)).toEqual([null, 'Cùng hãng với cửa, bảo hành chung 24 tháng']);
  // Sent for approval from its page.
  const panel = page.getByTestId('approval-panel');
  await panel.getByRole('button', { name: 'Gửi phê duyệt' }).click();
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await panel.getByTestId('approval-status').getByText('Chờ phê duyệt').waitFor();
  // The one refusal asked for: the award without the dearer line's reason.
  const vote = `/api/v1/review-cost-supplier/vote-supplied/${review.id}`;
  expect(errors.filter((e) => !e.startsWith(`400 POST ${vote}`) && !/status of 400/.test(e))).toEqual([]);
  expect(errors.filter((e) => e.startsWith(`400 POST ${vote}`))).toHaveLength(1);
  await context.close();

  // The head of contract management reads it on a phone, in English: one card per item, nothing sideways.
  const phone = await openPage(browser, { phone: true, lang: 'en', chosen: true });
  await signInUi(phone.page, s.url, 'contracts@portal.local', DEMO_PASSWORD);
  await phone.page.goto(`${s.url}/implementation/review-cost-supplier/${review.id}`);
  await openTab(phone.page, 'Compare and award');
  await phone.page.getByText('Cùng hãng với cửa, bảo hành chung 24 tháng').waitFor();
  await phone.page.getByText(/Awarded · Awarded total/).waitFor();
  const fit = await fitsScreen(phone.page);
  expect(fit.page).toBeLessThanOrEqual(fit.screen);
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});

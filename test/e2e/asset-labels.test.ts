/**
 * Assets' QR labels in the built portal: the register found by an asset's code, whole or in part; three assets ticked in
 * it printed as labels on an A4 sheet (a sheet per 24 labels, at most 240 at a time), each QR code decoded here, in
 * Node, from the image the page draws — the address of the asset's scan page; that address opened on a phone by the
 * receiver of a handover of the asset waiting for them (signing in first) lands on the handover, by the asset office on
 * the asset's page; an unknown code says so, in Vietnamese and in English.
 */
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, okData, type Api } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { fitsScreen, openPage, openTab, signInUi } from '../support/browser';

jest.setTimeout(240_000);
let s: E2eStack;
let browser: Browser;
let office: Api;
/** Three new or stored assets of the engineer's department, on a handover to the engineer waiting for his answer. */
let three: { id: string; asset_code: string; name: string }[];
let handover: string;
let deptName: string;

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
  office = s.api((await s.signIn('hr@portal.local', DEMO_PASSWORD)).accessToken);
  const hr = s.services.hr!.pool;
  const staff = async (code: string) => (await hr.query(`SELECT id, department_id FROM staff WHERE code = $1`, [code])).rows[0];
  const [giver, eng] = [await staff('NV002'), await staff('NV004')];
  deptName = (await hr.query(`SELECT name FROM organization WHERE id = $1`, [eng.department_id])).rows[0].name;
  ({ rows: three } = await s.services.assets!.pool.query(
    `SELECT a.id, a.asset_code, a.name FROM asset a WHERE a.status IN ('NEW', 'STORAGE') AND a.holder_id IS NULL AND a.department_id = $1
      AND NOT EXISTS (SELECT 1 FROM asset_handover_line l WHERE l.asset_id = a.id) ORDER BY a.asset_code LIMIT 3`,
    [eng.department_id],
  ));
  expect(three.length).toBe(3);
  const h = okData(
    await office.post('/asset-handover', {
      type: 'TO_USER',
      department_id: eng.department_id,
      giver_id: giver.id,
      receiver_id: eng.id,
      location: 'Công trường Thủ Đức',
    }),
  );
  okData(await office.post('/asset-handover-line/bulk-create', { handover_id: h.id, items: three.map((a) => ({ asset_id: a.id })) }));
  okData(await office.post(`/asset-handover/${h.id}/status`, { status: 'HAND_OVER' }));
  handover = h.id;
});

/** A label's QR code as the page draws it, rasterised in the page (white around it), decoded here by jsQR. */
async function decodeQr(page: Page, nth: number): Promise<string | null> {
  const img = await page
    .getByTestId('asset-label-qr')
    .nth(nth)
    .evaluate(async (svg) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const side = 240;
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = side + 40;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.drawImage(image, 20, 20, side, side);
      const { data, width, height } = g.getImageData(0, 0, canvas.width, canvas.height);
      // The pixels as base64 (a plain array of numbers is slow to pass back).
      let bin = '';
      for (let i = 0; i < data.length; i += 0x8000) bin += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { rgba: btoa(bin), width, height };
    });
  return jsQR(new Uint8ClampedArray(Buffer.from(img.rgba, 'base64')), img.width, img.height)?.data ?? null;
}

/** The pages of a PDF (Chromium's print of the page). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

test("the register finds an asset by its whole code and by part of it (a scanned label's code, a code read off it)", async () => {
  const [a] = three;
  const codes = async (q: string) =>
    (okData(await office.get(`/asset?q=${encodeURIComponent(q)}&limit=300&fields=asset_code`)).items as { asset_code: string }[]).map((r) => r.asset_code);
  expect(await codes(a!.asset_code)).toEqual([a!.asset_code]);
  expect(await codes(a!.asset_code.toLowerCase())).toEqual([a!.asset_code]);
  expect(await codes(a!.asset_code.slice(-3))).toContain(a!.asset_code);
  expect(await codes(a!.asset_code.slice(2))).toContain(a!.asset_code);

  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await page.goto(`${s.url}/assets/asset`);
  await page.locator('.ant-table-row').first().waitFor();
  await page.getByLabel('Tìm kiếm').fill(a!.asset_code);
  await page.getByLabel('Tìm kiếm').press('Enter');
  await page.waitForURL(`${s.url}/assets/asset?q=${a!.asset_code}&page=1`);
  await page.locator('.ant-pagination-total-text').getByText(/\b1\b/).waitFor();
  expect(await page.locator('.ant-table-row').allInnerTexts()).toEqual([expect.stringContaining(`${a!.asset_code} · ${a!.name}`)]);
  expect(errors).toEqual([]);
  await context.close();
});

test('three assets ticked in the register print as three QR labels on an A4 sheet, each code the address of its scan page', async () => {
  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  // The assets being handed over: the three, among a few the demo has.
  await page.goto(`${s.url}/assets/asset?f_status=HAND_OVER`);
  for (const a of three)
    await page
      .locator('.ant-table-row', { hasText: `${a.asset_code} · ` })
      .getByRole('checkbox')
      .check();
  await page.getByTestId('asset-labels-button').getByText('In nhãn QR (3)').click();
  await page.waitForURL(/\/assets\/asset-labels\?ids=/);
  const labels = page.getByTestId('asset-label');
  await page.getByTestId('asset-label-qr').nth(2).waitFor();
  expect(await labels.count()).toBe(3);
  const sorted = [...three].sort((x, y) => x.asset_code.localeCompare(y.asset_code));
  expect(await labels.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toEqual(sorted.map((a) => a.asset_code));
  for (const [i, a] of sorted.entries()) {
    const text = await labels.nth(i).innerText();
    expect(text).toContain(a.asset_code);
    expect(text).toContain(a.name);
    expect(text).toContain(deptName);
  }
  expect(await page.getByTestId('asset-labels-count').innerText()).toBe('3 nhãn trên 1 tờ A4 (3 × 8 nhãn 70 × 37 mm mỗi tờ)');
  // Each printed code holds the absolute address of its asset's scan page.
  const origin = new URL(s.url).origin;
  for (const [i, a] of sorted.entries()) expect(await decodeQr(page, i)).toBe(`${origin}/assets/scan/${a.asset_code}`);
  // The Print button prints the page.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByTestId('asset-labels-print').click();
  expect(await page.locator('body').getAttribute('data-printed')).toBe('yes');
  // On paper: the sheet alone, 210 mm wide, on one A4 page; the buttons are not printed.
  await page.emulateMedia({ media: 'print' });
  expect(await page.getByTestId('asset-labels-print').isVisible()).toBe(false);
  const sheet = await page.getByTestId('asset-labels-sheet').boundingBox();
  expect(Math.round(sheet!.width)).toBe(Math.round((210 / 25.4) * 96));
  expect(pdfPages(await page.pdf({ preferCSSPageSize: true }))).toBe(1);
  // (No emulation: the screen, and a PDF printed with the print styles.)
  await page.emulateMedia({ media: null });

  // 25 assets: a second sheet, on a page of its own.
  const { rows } = await s.services.assets!.pool.query(`SELECT id FROM asset WHERE state = 'ACTIVE' ORDER BY asset_code LIMIT 25`);
  await page.goto(`${s.url}/assets/asset-labels?ids=${rows.map((r: { id: string }) => r.id).join(',')}`);
  await page.getByTestId('asset-label-qr').nth(24).waitFor();
  expect(await page.getByTestId('asset-labels-sheet').count()).toBe(2);
  expect(await page.getByTestId('asset-labels-sheet').nth(1).getByTestId('asset-label').count()).toBe(1);
  expect(pdfPages(await page.pdf({ preferCSSPageSize: true }))).toBe(2);
  // More than a sheet request takes: the user is told, nothing is read.
  const many = Array.from({ length: 241 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  await page.goto(`${s.url}/assets/asset-labels?ids=${many.join(',')}`);
  await page.getByText('Mỗi lần in tối đa 240 nhãn, bạn đã chọn 241').waitFor();
  // None chosen.
  await page.goto(`${s.url}/assets/asset-labels`);
  await page.getByText('Chưa chọn tài sản nào').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test("a label scanned on a phone: its receiver signs in and lands on the handover waiting for them, the office on the asset's page, an unknown code on a message (vi, en)", async () => {
  const [a] = three;
  const scan = `${s.url}/assets/scan/${a!.asset_code}`;
  // The engineer, not signed in on his phone: the sign-in first, then the handover with the asset waiting for him.
  const eng = await openPage(browser, { phone: true });
  await eng.page.goto(scan);
  await eng.page.waitForURL(/\/login\?next=/);
  await eng.page.getByLabel('Email hoặc tên đăng nhập').fill('engineer@portal.local');
  await eng.page.getByLabel(/^Mật khẩu$/).fill(DEMO_PASSWORD);
  await eng.page.getByRole('button', { name: 'Đăng nhập' }).click();
  await eng.page.waitForURL(`${s.url}/assets/asset-handover/${handover}?tab=2`);
  await eng.page.getByText('Đang chờ bạn xác nhận 3 tài sản').waitFor();
  expect(await eng.page.getByTestId('handover-line').count()).toBe(3);
  await eng.page.getByTestId('accept-all').waitFor();
  const width = await fitsScreen(eng.page);
  expect(width.page).toBeLessThanOrEqual(width.screen);
  // A code the register does not have: said so, with a search of the register and the handovers waiting for him.
  await eng.page.goto(`${s.url}/assets/scan/ASM-X404`);
  await eng.page.getByTestId('scan-not-found').getByText('Không tìm thấy tài sản ASM-X404').waitFor();
  await eng.page.getByTestId('scan-waiting').getByRole('link').first().waitFor();
  const after = await fitsScreen(eng.page);
  expect(after.page).toBeLessThanOrEqual(after.screen);
  await eng.page.getByLabel('Tìm theo mã hoặc tên tài sản').fill(a!.asset_code.slice(-3));
  await eng.page.getByLabel('Tìm theo mã hoặc tên tài sản').press('Enter');
  await eng.page.waitForURL(`${s.url}/assets/asset?q=${a!.asset_code.slice(-3)}`);
  expect(eng.errors).toEqual([]);
  await eng.context.close();

  // The asset office, who is not its receiver: the asset's page.
  const desk = await openPage(browser, { phone: true });
  await signInUi(desk.page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  await desk.page.goto(scan);
  await desk.page.waitForURL(`${s.url}/assets/asset/${a!.id}`);
  await desk.page.getByTestId('record-status-head').getByText('Đang bàn giao').waitFor();
  await openTab(desk.page, 'Khấu hao');
  expect(desk.errors).toEqual([]);
  await desk.context.close();

  // In English.
  const en = await openPage(browser, { phone: true, lang: 'en', chosen: true });
  await signInUi(en.page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
  await en.page.goto(`${s.url}/assets/scan/ASM-X404`);
  await en.page.getByTestId('scan-not-found').getByText('No asset ASM-X404 found').waitFor();
  await en.page.getByText('Handovers waiting for your answer').waitFor();
  await en.page.goto(scan);
  await en.page.waitForURL(`${s.url}/assets/asset-handover/${handover}?tab=2`);
  await en.page.getByText('3 assets wait for your answer').waitFor();
  expect(en.errors).toEqual([]);
  await en.context.close();
});

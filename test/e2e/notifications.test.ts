/**
 * Notifications, approvals inbox and attachments in a real browser against the built portal: a notification
 * requested on the server reaches the bell live (server-sent events, no reload); opening it marks it read and
 * goes to its link; Read all; the approvals inbox with its group totals; the notifications page with its
 * filter and preferences; a PNG attached to a staff record with its thumbnail, downloaded and deleted; an
 * image over 2 MB refused before it is sent, the progress of a slow upload, the service's 415 message — and no
 * console errors beyond that refused upload.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { NotificationRequest } from '@portal/contracts';
import { requestNotification } from '@portal/notifications';
import { withTx } from '@portal/service-kit';
import { DEMO_PASSWORD, eventually, type Api } from '../support/stack';
import { startE2eStack, type E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { openPage, openTab, signInUi } from '../support/browser';
import { png } from '../support/images';

jest.setTimeout(180_000);
const LOGIN = 'hr@portal.local';

let s: E2eStack;
let browser: Browser;
let api: Api;
let userId: string;
let staff: { id: string; full_name: string };
let seq = 0;

/** A notification for the demo user, requested as another service does: in the hr outbox, inside its transaction. */
async function notify(type: NotificationRequest['type']) {
  const n = ++seq;
  await withTx(s.services.hr!.pool, (tx) =>
    requestNotification(tx, 'hr', {
      user_ids: [userId],
      type,
      title: { vi: `Hồ sơ số ${n} cần xem`, en: `Record number ${n} to see` },
      body: { vi: `Nội dung thông báo ${n}`, en: `Notice body ${n}` },
      link: `/hr/staff/${staff.id}`,
      context: `staff:${staff.id}`,
    }),
  );
  return n;
}
const unreadNow = async () => (await api.get('/notifications')).body.data.unread_count as number;
const bell = (page: Page, unread: number) => page.locator(`[data-testid=notification-bell][data-unread="${unread}"]`).waitFor({ timeout: 15_000 });

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
  const signed = await s.signIn(LOGIN, DEMO_PASSWORD);
  userId = signed.body.data.userData.id;
  api = s.api(signed.accessToken);
  staff = (await api.get('/staff?limit=1&order=code asc')).body.data.items[0];
});

test('the bell counts a new notification live, opens it, Read all clears it; the inbox and the notifications page', async () => {
  // Already there before signing in: 1 waiting for me, 1 approved, 3 cancelled.
  for (const type of ['APPROVE_REQUEST', 'APPROVED', 'CANCELLED', 'CANCELLED', 'CANCELLED'] as const) await notify(type);
  await eventually(async () => expect(await unreadNow()).toBe(5), 15_000);

  const { page, context, errors } = await openPage(browser);
  await signInUi(page, s.url, LOGIN, DEMO_PASSWORD);
  await bell(page, 5);
  await page.locator('[data-testid=notification-bell] .ant-badge-count[title="5 chưa đọc"]').waitFor();

  // A new one arrives while the page stays as it is: the badge goes from 5 to 6 without a reload.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const live = await notify('APPROVE_REQUEST');
  await bell(page, 6);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // The panel lists it first, unread, in Vietnamese, with its relative time.
  await page.getByTestId('notification-bell').click();
  const panel = page.getByTestId('notification-panel');
  const item = panel.getByTestId('notification-item').first();
  await item.getByText(`Hồ sơ số ${live} cần xem`).waitFor();
  expect(await item.getAttribute('data-unread')).toBe('true');
  await item.getByText('Yêu cầu phê duyệt').waitFor();
  await item.getByText(/bây giờ|giây trước|phút trước/).waitFor();
  expect(await panel.getByTestId('notification-item').count()).toBe(6);

  // Opening it marks it read (the count drops) and goes to its link.
  await item.click();
  await page.waitForURL(`${s.url}/hr/staff/${staff.id}`);
  await page.getByRole('heading', { name: staff.full_name }).waitFor();
  await bell(page, 5);
  expect(await unreadNow()).toBe(5);

  // Read all zeroes it.
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notifications-read-all').click();
  await bell(page, 0);
  await page.getByText('Đã đánh dấu tất cả là đã đọc').waitFor();
  expect(await unreadNow()).toBe(0);
  expect(await page.getByTestId('notification-panel').getByTestId('notification-item').first().getAttribute('data-unread')).toBe('false');
  await page.keyboard.press('Escape');

  // The approvals inbox: each group titled with its total; an item opens its record.
  await page.getByTestId('side-menu').getByText('Hộp phê duyệt').click();
  await page.waitForURL(`${s.url}/approvals`);
  const inbox = page.getByTestId('approvals-inbox');
  await inbox.getByRole('tab', { name: 'Chờ tôi duyệt (2)' }).waitFor();
  await inbox.getByRole('tab', { name: 'Đã duyệt (1)' }).waitFor();
  await inbox.getByRole('tab', { name: 'Đã hủy (3)' }).click();
  await page.waitForURL(/tab=CANCELLED/);
  const cancelled = inbox.getByRole('tabpanel', { name: 'Đã hủy (3)' }).getByTestId('notification-item');
  await cancelled.nth(2).waitFor();
  expect(await cancelled.count()).toBe(3);
  await cancelled.first().click();
  await page.waitForURL(`${s.url}/hr/staff/${staff.id}`);

  // See all: the notifications page, its type filter and the delivery preferences.
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notifications-see-all').click();
  await page.waitForURL(`${s.url}/notifications`);
  const list = page.getByTestId('notification-list');
  await list.getByText(`Hồ sơ số ${live} cần xem`).waitFor();
  expect(await list.getByTestId('notification-item').count()).toBe(6);
  await page.getByTestId('notification-type-filter').click();
  await page.locator('.ant-select-item-option').getByText('Đã hủy', { exact: true }).click();
  await page.keyboard.press('Escape');
  await page.waitForURL(/type=CANCELLED/);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=notification-list] [data-testid=notification-item]').length === 3);
  await page.getByTestId('pref-APPROVE_REQUEST-email').click();
  await page.getByText('Đã lưu lựa chọn').waitFor();
  const prefs = (await api.get('/notifications/preferences')).body.data.items as { type: string; email: boolean }[];
  expect(prefs.find((p) => p.type === 'APPROVE_REQUEST')?.email).toBe(true);

  // In English, the same notifications speak English.
  await page.getByTestId('language-switch').getByText('EN').click();
  await list.getByText('Record number 3 to see').waitFor();
  await list.getByText('Cancelled').first().waitFor();
  await page.getByText('Delivery preferences').waitFor();
  await page.getByTestId('language-switch').getByText('VI').click();
  await page.getByText('Cách nhận thông báo').waitFor();

  expect(errors).toEqual([]);
  await context.close();
});

test('attachments of a staff record: a PNG uploads with its thumbnail, downloads and is deleted; an image over 2 MB is refused before sending; progress; a 415', async () => {
  const { page, context, errors } = await openPage(browser);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/files') uploads.push(r.url());
  });
  await signInUi(page, s.url, LOGIN, DEMO_PASSWORD);
  await page.goto(`${s.url}/hr/staff/${staff.id}`);
  await openTab(page, 'Tài liệu đính kèm');
  const box = page.getByTestId('attachments');
  await box.getByText('Chưa có tài liệu đính kèm').waitFor();
  await box.getByText('Tối đa 300 MB mỗi tệp; ảnh chỉ nhận JPG, GIF hoặc PNG, tối đa 2 MB').waitFor();

  // Too large an image: refused with the message, nothing sent.
  await box
    .locator('input[type=file]')
    .setInputFiles({ name: 'qua-lon.png', mimeType: 'image/png', buffer: Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]) });
  await page.getByText('qua-lon.png: Ảnh chỉ chấp nhận định dạng JPG, GIF hoặc PNG, dung lượng tối đa 2 MB').waitFor();
  expect(uploads).toHaveLength(0);
  expect(await box.locator('.ant-upload-list-item').count()).toBe(0);

  // A small PNG: uploaded against the record, listed with its thumbnail.
  const image = png(8, 8);
  await box.locator('input[type=file]').setInputFiles({ name: 'anh-the.png', mimeType: 'image/png', buffer: image });
  await page.getByText('Đã tải lên anh-the.png').waitFor();
  expect(uploads).toHaveLength(1);
  expect(new URL(uploads[0]!).searchParams.get('context')).toBe(`staff:${staff.id}`);
  // (the uploading entry fades out as the stored one appears)
  const row = box.locator('.ant-upload-list-item-done').filter({ hasText: 'anh-the.png' });
  await row.waitFor();
  const thumbLoaded = async () => {
    const thumb = row.locator('img.ant-upload-list-item-image');
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(/^blob:/);
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 8, await thumb.elementHandle());
  };
  await thumbLoaded();
  const stored = (await api.get(`/files?context=staff:${staff.id}`)).body.data.items;
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ name: 'anh-the.png', mime: 'image/png', size: image.length });

  // After a reload the thumbnail comes from the service (a private file, fetched with the token).
  await page.reload();
  await row.waitFor();
  await thumbLoaded();

  // Download: the same bytes under the same name.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTitle('Tải tập tin').click()]);
  expect(download.suggestedFilename()).toBe('anh-the.png');
  expect(readFileSync((await download.path())!).equals(image)).toBe(true);

  // Delete, after the confirmation.
  await row.getByTitle('Gỡ bỏ tập tin').click();
  await page.locator('.ant-modal-confirm-title').getByText('Xóa tệp "anh-the.png"?').waitFor();
  await page.getByTestId('confirm-delete-file').click();
  // The list empties (the lasting outcome; the "Đã xóa tệp" toast lasts 3 s and can come and go while a loaded machine
  // is slow to be polled).
  await box.getByText('Chưa có tài liệu đính kèm').waitFor();
  expect((await api.get(`/files?context=staff:${staff.id}`)).body.data.items).toEqual([]);

  // Per-file progress: a 1.5 MB PDF sent through a slowed-down upload link shows its bar moving.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 500 * 1024 });
  await box.locator('input[type=file]').setInputFiles({
    name: 'ban-ve.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1536 * 1024, 0x20), Buffer.from('\n%%EOF\n')]),
  });
  const uploading = box.locator('.ant-upload-list-item-uploading').filter({ hasText: 'ban-ve.pdf' });
  await page.waitForFunction(
    (el) => {
      const n = Number(el?.querySelector('[aria-valuenow]')?.getAttribute('aria-valuenow'));
      return n > 0 && n < 100;
    },
    await uploading.elementHandle(),
  );
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await box.locator('.ant-upload-list-item-done').filter({ hasText: 'ban-ve.pdf' }).waitFor();

  // A file the service refuses by its content: its 415 message, the entry marked failed, nothing stored.
  await box
    .locator('input[type=file]')
    .setInputFiles({ name: 'rac.txt', mimeType: 'text/plain', buffer: Buffer.from([0x48, 0x69, 0x00, 0x01, 0x02, 0xff, 0xfe]) });
  await page.getByText(/^Không tải lên được rac\.txt: Định dạng tệp không được hỗ trợ/).waitFor();
  await box.locator('.ant-upload-list-item-error').filter({ hasText: 'rac.txt' }).waitFor();
  expect((await api.get(`/files?context=staff:${staff.id}`)).body.data.items.map((m: { name: string }) => m.name)).toEqual(['ban-ve.pdf']);

  // The refused upload is the only failed request.
  expect(errors).toEqual(['415 POST /api/v1/files', 'Failed to load resource: the server responded with a status of 415 (Unsupported Media Type)']);
  await context.close();
});

describe('with 14-second access tokens', () => {
  let st: E2eStack;
  beforeAll(async () => {
    st = await startE2eStack({ demo: true, env: { ACCESS_TOKEN_TTL_SECONDS: '14' } });
  });
  afterAll(async () => {
    await st?.close();
  });

  test('the live stream outlives its token: the gateway ends it at expiry, the page refreshes the token and reconnects, the bell still updates', async () => {
    const signed = await st.signIn(LOGIN, DEMO_PASSWORD);
    const id = signed.body.data.userData.id as string;
    const { page, context, errors } = await openPage(browser);
    const streams: string[] = [];
    const refreshes: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/v1/notifications/stream') streams.push(r.headers().authorization ?? '');
      if (path === '/api/v1/auth/refresh') refreshes.push(path);
    });
    await signInUi(page, st.url, LOGIN, DEMO_PASSWORD);
    await page.locator('[data-testid=notification-bell][data-unread="0"]').waitFor();
    // Past the first token's life: the stream was ended and opened again with a refreshed token.
    const deadline = Date.now() + 25_000;
    while ((streams.length < 2 || !refreshes.length) && Date.now() < deadline) await page.waitForTimeout(250);
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(streams.length).toBeGreaterThanOrEqual(2);
    expect(streams[0]).toMatch(/^Bearer /);
    expect(streams.at(-1)).not.toBe(streams[0]);
    await withTx(st.services.hr!.pool, (tx) =>
      requestNotification(tx, 'hr', {
        user_ids: [id],
        type: 'INFO',
        title: { vi: 'Sau khi làm mới phiên', en: 'After the refresh' },
        body: { vi: 'Vẫn nhận được', en: 'Still here' },
      }),
    );
    await page.locator('[data-testid=notification-bell][data-unread="1"]').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

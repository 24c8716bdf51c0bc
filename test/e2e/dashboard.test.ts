/**
 * The dashboard and the bell as people read them (issue 32 §5), at 1440 px and on a 390 px phone, in both languages:
 * a manager's count of what waits for their approval, opening the inbox; "My day" with today and the next working day;
 * the recent activity naming the record and opening it; one notification per person per change (a ticket raised with
 * its checklist is one notification to its follower, its lines the changes).
 */
import type { Browser } from 'playwright-core';
import { nextWorkingDay, pagePath, ticket } from '@portal/contracts';
import { DEMO_PASSWORD, eventually } from '../support/stack';
import type { E2eStack } from '../support/process-stack';
import { e2eSuite } from '../support/e2e-suite';
import { openPage, signInUi } from '../support/browser';
import { companyDay, demoIds, signInDemo, type DemoPerson } from '../support/demo-company';

jest.setTimeout(180_000);
let s: E2eStack;
let browser: Browser;
let tok: Record<DemoPerson, string>;
let ids: Record<string, string>;
const api = (who: DemoPerson) => s.api(tok[who]);

e2eSuite({ demo: true }, async (stack, b) => {
  s = stack;
  browser = b;
  tok = await signInDemo(s);
  ids = await demoIds(s);
});

test("a manager's dashboard counts what waits for their approval and opens the inbox; the count follows a new request (phone, Vietnamese; desktop, English)", async () => {
  // A day of leave five weeks ahead (clear of the demo's own requests).
  const day = nextWorkingDay(companyDay(35));
  const annual = (await api('eng').get('/leave-type')).body.data.items.find((x: { code: string }) => x.code === 'ANNUAL');
  const leave = await api('eng').post('/staff-leave', {
    staff_id: ids['engineer:staff'],
    leave_type_id: annual.id,
    from_date: day,
    to_date: day,
    reason: 'Việc gia đình',
  });
  expect([leave.status, leave.status === 200 ? '' : JSON.stringify(leave.body)]).toEqual([200, '']);
  expect((await api('eng').post(`/staff-leave/${leave.body.data.id}/submit`, {})).status).toBe(200);
  const waiting = await eventually(async () => {
    const n = (await api('head').get('/notifications/approvals')).body.data.APPROVE_REQUEST.total as number;
    expect(n).toBeGreaterThanOrEqual(1);
    return n;
  });
  for (const opts of [{ phone: true, lang: 'vi' as const }, { lang: 'en' as const }]) {
    const { page, context, errors } = await openPage(browser, { ...opts, chosen: true });
    await signInUi(page, s.url, 'head.kttc@portal.local', DEMO_PASSWORD);
    const card = page.getByTestId('stat-waiting-approval');
    await card.getByText(opts.lang === 'vi' ? 'Chờ tôi duyệt' : 'Waiting for my approval').waitFor();
    await card.locator('.ant-statistic-content-value').getByText(String(waiting), { exact: true }).waitFor();
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(opts.phone ? 390 : 1440);
    await card.click();
    await page.waitForURL(`${s.url}/approvals`);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('"My day" shows today and the next working day; the recent activity names the record and opens it; a ticket raised with its checklist is one notification to its follower', async () => {
  const next = nextWorkingDay(companyDay(0));
  const {
    rows: [room],
  } = await s.services.admin!.pool.query(`SELECT id FROM room WHERE code = 'HN-A'`);
  const booked = await api('eng').post('/book-room', {
    name: 'Giao ban đầu ngày mai',
    room_id: room.id,
    start_time: new Date(`${next}T07:30:00+07:00`).toISOString(),
    end_time: new Date(`${next}T08:00:00+07:00`).toISOString(),
  });
  expect(booked.status).toBe(200);
  // The HR manager raises a ticket the engineer follows and adds its checklist: one burst of changes.
  const t = await api('hr').post('/ticket', { title: 'Chuẩn bị phòng họp giao ban', follower_ids: [ids['engineer:staff']] });
  expect(t.status).toBe(200);
  for (const name of ['Máy chiếu', 'Nước uống', 'Tài liệu'])
    expect((await api('hr').post('/ticket-checklist', { ticket_id: t.body.data.id, name })).status).toBe(200);
  const context = `ticket:${t.body.data.id}`;
  const told = await eventually(async () => {
    const items = (await api('eng').get('/notifications?limit=100')).body.data.items.filter((n: any) => n.context === context);
    expect(items).toHaveLength(1);
    expect(items[0].body.vi.split('\n')).toHaveLength(4);
    return items[0];
  }, 15_000);
  expect(told.body.vi).toContain('đã thêm mục kiểm tra: Tài liệu');

  for (const opts of [{ phone: true, lang: 'vi' as const }, { lang: 'en' as const }]) {
    const { page, context: browserContext, errors } = await openPage(browser, { ...opts, chosen: true });
    await signInUi(page, s.url, 'engineer@portal.local', DEMO_PASSWORD);
    // My day: tomorrow's (the next working day's) meeting under its day.
    await page.getByTestId('my-day-next').getByText('Giao ban đầu ngày mai').waitFor();
    await page
      .getByTestId('my-day-today')
      .getByText(opts.lang === 'vi' ? /^Hôm nay · / : /^Today · /)
      .waitFor();
    // The bell: one notification for the ticket, its lines the changes.
    await page.getByTestId('notification-bell').click();
    const mine = page.getByTestId('notification-item').filter({ hasText: 'Chuẩn bị phòng họp giao ban' });
    await mine.first().waitFor();
    expect(await mine.count()).toBe(1);
    await page.keyboard.press('Escape');
    await browserContext.close();
    expect(errors).toEqual([]);
  }

  // The log names each entry's record by its title today, as the reader may see it.
  await eventually(async () => {
    const entries = (await api('hr').get(`/activity-log?q=${context}`)).body.data.items;
    // Its create, and an update of its history per checklist item added.
    expect(entries.map((e: any) => [e.action, e.record_title])).toEqual([
      ...entries.slice(1).map(() => ['update', 'Chuẩn bị phòng họp giao ban']),
      ['create', 'Chuẩn bị phòng họp giao ban'],
    ]);
    expect(entries).toHaveLength(4);
  });
  // The recent activity (the HR manager's, who wrote them): the ticket named with its code and opening it.
  const { page, context: browserContext, errors } = await openPage(browser);
  await signInUi(page, s.url, 'hr@portal.local', DEMO_PASSWORD);
  const entry = page.getByRole('link', { name: /^Phiếu yêu cầu .*Chuẩn bị phòng họp giao ban$/ }).first();
  await entry.click();
  await page.waitForURL(`${s.url}${pagePath(ticket)}/${t.body.data.id}`);
  expect(errors).toEqual([]);
  await browserContext.close();
});

/**
 * The notifications service (spec §3, §7, §9; ARCHITECTURE §5) through the gateway over real HTTP: requests
 * put in another service's outbox become one notification per recipient; each user sees only their own;
 * unread count, read, read-all, requests by user, approval groups; preferences (in-app, email through a real
 * SMTP server); the live stream of server-sent events answered by the gateway.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { NotificationRequest } from '@portal/contracts';
import { requestNotification } from '@portal/notifications';
import { withTx } from '@portal/service-kit';
import { eventually, startTestStack, type Api, type TestStack } from './support/stack';

const PASSWORD = 'Notify@Portal2026';

interface Mail {
  to: string[];
  raw: string;
}
const mails: Mail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      done();
    });
  },
});

let s: TestStack;
let admin: Api;
interface User {
  id: string;
  email: string;
  token: string;
  api: Api;
}
let alice: User;
let bob: User;

async function user(username: string): Promise<User> {
  const email = `${username}@example.com`;
  const created = await admin.post('/user', { username, email, full_name: username, role_ids: [] });
  expect(created.status).toBe(200);
  expect((await admin.post(`/user/${created.body.data.id}/password`, { password: PASSWORD })).status).toBe(200);
  const token = (await s.signIn(username, PASSWORD)).accessToken;
  return { id: created.body.data.id, email, token, api: s.api(token) };
}

let seq = 0;
/** A request as another service would make it: in the hr service's outbox, inside its transaction. */
async function request(recipients: User[], type: NotificationRequest['type'], extra: Partial<NotificationRequest> = {}) {
  const n = ++seq;
  return withTx(s.services.hr!.pool, (tx) =>
    requestNotification(tx, 'hr', {
      user_ids: recipients.map((u) => u.id),
      emails: recipients.map((u) => u.email),
      type,
      title: { vi: `Thông báo ${n}`, en: `Notice ${n}` },
      body: { vi: `Nội dung ${n}`, en: `Body ${n}` },
      link: `/hr/staff/${n}`,
      context: `staff:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      ...extra,
    }),
  );
}

const list = async (u: User, query = '') => {
  const res = await u.api.get(`/notifications${query}`);
  expect(res.status).toBe(200);
  return res.body.data as { items: any[]; totalRows: number; page: number; limit: number; unread_count: number };
};
const waitForTotal = (u: User, total: number) =>
  eventually(async () => {
    const d = await list(u);
    expect(d.totalRows).toBe(total);
    return d;
  });

/** A live stream read with fetch, its events parsed as they arrive. */
async function openStream(token?: string) {
  const ac = new AbortController();
  const res = await fetch(`${s.url}/api/v1/notifications/stream`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: ac.signal });
  const events: { event: string; data: any }[] = [];
  let text = '';
  const reading = (async () => {
    if (!res.ok || !res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let i;
        while ((i = text.indexOf('\n\n')) >= 0) {
          const frame = text.slice(0, i);
          text = text.slice(i + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    res,
    events,
    close: async () => {
      ac.abort();
      await reading;
    },
  };
}

beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  s = await startTestStack({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  admin = s.api(await s.adminToken());
  alice = await user('alice');
  bob = await user('bob');
});
afterAll(async () => {
  await s?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

test('a requested event creates one notification per recipient; each sees only their own; redelivery adds nothing', async () => {
  const eventId = await request([alice, bob], 'APPROVE_REQUEST');
  const a = await waitForTotal(alice, 1);
  const b = await waitForTotal(bob, 1);
  expect(a.items[0]).toMatchObject({
    user_id: alice.id,
    type: 'APPROVE_REQUEST',
    title: { vi: 'Thông báo 1', en: 'Notice 1' },
    body: { vi: 'Nội dung 1', en: 'Body 1' },
    link: '/hr/staff/1',
    read_at: null,
  });
  expect(a.items[0].context).toMatch(/^staff:/);
  expect(b.items[0].user_id).toBe(bob.id);
  expect(a.items[0].id).not.toBe(b.items[0].id);
  expect([a.unread_count, b.unread_count, a.limit, a.page]).toEqual([1, 1, 50, 1]);
  // The same event delivered again (at least once delivery) is recorded as processed: no second row.
  const { rows } = await s.services.hr!.pool.query('SELECT subject, payload, created_at FROM outbox WHERE id = $1', [eventId]);
  expect(rows[0].subject).toBe('portal.hr.notification.requested');
  await s.bus.publish({ id: eventId, subject: rows[0].subject, data: rows[0].payload, occurredAt: rows[0].created_at.toISOString() });
  expect((await list(alice)).totalRows).toBe(1);
  // Signed out: 401.
  expect((await s.api().get('/notifications')).status).toBe(401);
});

test('list: newest first, f_type filter, paging; a bad f_type is 400', async () => {
  await request([alice], 'APPROVED');
  await waitForTotal(alice, 2);
  await request([alice], 'CANCELLED');
  await waitForTotal(alice, 3);
  await request([alice], 'INFO');
  const all = await waitForTotal(alice, 4);
  expect(all.items.map((n) => n.type)).toEqual(['INFO', 'CANCELLED', 'APPROVED', 'APPROVE_REQUEST']);
  expect((await list(alice, '?f_type=APPROVED,CANCELLED')).items.map((n) => n.type)).toEqual(['CANCELLED', 'APPROVED']);
  const page2 = await list(alice, '?limit=3&page=2');
  expect([page2.items.map((n) => n.type), page2.totalRows, page2.limit, page2.page]).toEqual([['APPROVE_REQUEST'], 4, 3, 2]);
  expect((await list(alice, '?limit=0&page=-1')).limit).toBe(50);
  expect((await alice.api.get('/notifications?f_type=NOPE')).status).toBe(400);
  expect((await list(bob)).totalRows).toBe(1);
});

test('read/:id drops the unread count by one, only for own notifications; read-all clears it', async () => {
  const before = await list(alice);
  expect(before.unread_count).toBe(4);
  const read = await alice.api.get(`/notifications/read/${before.items[0].id}`);
  expect(read.status).toBe(200);
  expect(read.body.data.unread_count).toBe(3);
  expect(read.body.data.item.read_at).not.toBeNull();
  // Reading it again changes nothing.
  expect((await alice.api.get(`/notifications/read/${before.items[0].id}`)).body.data.unread_count).toBe(3);
  expect((await list(alice)).unread_count).toBe(3);
  // Someone else's notification, or none at all, is not found; bob's count is untouched.
  const bobs = (await list(bob)).items[0];
  expect((await alice.api.get(`/notifications/read/${bobs.id}`)).status).toBe(404);
  expect((await alice.api.get('/notifications/read/not-a-uuid')).status).toBe(404);
  expect((await list(bob)).unread_count).toBe(1);
  const all = await alice.api.get('/notifications/read-all');
  expect([all.status, all.body.data.updated, all.body.data.unread_count]).toEqual([200, 3, 0]);
  expect((await list(alice)).items.every((n) => n.read_at)).toBe(true);
  expect((await list(bob)).unread_count).toBe(1);
});

test('approvals: grouped as APPROVED, APPROVE_REQUEST and CANCELLED with totals; requests by user: own only unless admin', async () => {
  await request([alice], 'APPROVE_REQUEST');
  await waitForTotal(alice, 5);
  const res = await alice.api.get('/notifications/approvals');
  expect(res.status).toBe(200);
  const g = res.body.data;
  expect(Object.keys(g).sort()).toEqual(['APPROVED', 'APPROVE_REQUEST', 'CANCELLED']);
  expect([g.APPROVED.total, g.APPROVE_REQUEST.total, g.CANCELLED.total]).toEqual([1, 2, 1]);
  expect(g.APPROVE_REQUEST.items).toHaveLength(2);
  expect(g.APPROVE_REQUEST.items.every((n: any) => n.user_id === alice.id && n.type === 'APPROVE_REQUEST')).toBe(true);
  expect((await bob.api.get('/notifications/approvals')).body.data.APPROVE_REQUEST.total).toBe(1);

  const own = await alice.api.get(`/notifications/requests/${alice.id}`);
  expect([own.status, own.body.data.totalRows]).toEqual([200, 2]);
  expect(own.body.data.items.every((n: any) => n.type === 'APPROVE_REQUEST')).toBe(true);
  expect((await alice.api.get(`/notifications/requests/${bob.id}`)).status).toBe(403);
  const byAdmin = await admin.get(`/notifications/requests/${alice.id}`);
  expect([byAdmin.status, byAdmin.body.data.totalRows]).toEqual([200, 2]);
});

test('an approval that moves on settles the requests about its record: they leave "Waiting for me" (and stay in the list); a request with nobody must settle something', async () => {
  const context = 'staffLeave:00000000-0000-4000-8000-00000000abcd';
  const waiting = async (u: User) =>
    (await u.api.get('/notifications/approvals')).body.data.APPROVE_REQUEST.items.filter((n: any) => n.context === context).length;
  await request([alice, bob], 'APPROVE_REQUEST', { context });
  await eventually(async () => expect([await waiting(alice), await waiting(bob)]).toEqual([1, 1]));
  const before = (await list(alice)).totalRows;
  // The next level's request comes with the settling of the earlier ones: only the new one waits, and the open pages of
  // the earlier ones' recipients hear of it live (nothing new for them to read, so no notification).
  const a = await openStream(alice.token);
  const b = await openStream(bob.token);
  try {
    await request([bob], 'APPROVE_REQUEST', { context, settles: context });
    await eventually(async () => expect(a.events).toEqual([{ event: 'settled', data: { context } }]), 5000);
    await eventually(async () => expect(b.events.map((e) => e.event).sort()).toEqual(['notification', 'settled']), 5000);
  } finally {
    await a.close();
    await b.close();
  }
  await eventually(async () => expect([await waiting(alice), await waiting(bob)]).toEqual([0, 1]));
  // Answered with nobody to tell (a submitter cancelling their own request): nothing waits any more.
  await withTx(s.services.hr!.pool, (tx) =>
    requestNotification(tx, 'hr', { user_ids: [], type: 'CANCELLED', title: { vi: 'x', en: 'x' }, body: { vi: 'x', en: 'x' }, context, settles: context }),
  );
  await eventually(async () => expect(await waiting(bob)).toBe(0));
  expect((await list(alice)).totalRows).toBe(before);
  await expect(
    withTx(s.services.hr!.pool, (tx) => requestNotification(tx, 'hr', { user_ids: [], type: 'INFO', title: { vi: 'x', en: 'x' }, body: { vi: 'x', en: 'x' } })),
  ).rejects.toThrow(/user_ids/);
});

test('preferences: defaults, email on sends a mail through SMTP, email off sends none, in-app off stores nothing', async () => {
  const defaults = await alice.api.get('/notifications/preferences');
  expect(defaults.status).toBe(200);
  expect(defaults.body.data.items).toHaveLength(5);
  expect(defaults.body.data.items.find((p: any) => p.type === 'APPROVED')).toEqual({ type: 'APPROVED', in_app: true, email: false });
  expect((await alice.api.put('/notifications/preferences', { preferences: [{ type: 'NOPE', email: true }] })).status).toBe(400);
  expect((await alice.api.put('/notifications/preferences', { preferences: [{ type: 'APPROVED', email: 'yes' }] })).status).toBe(400);
  const put = await alice.api.put('/notifications/preferences', {
    preferences: [
      { type: 'APPROVED', email: true },
      { type: 'INFO', in_app: false },
    ],
  });
  expect(put.status).toBe(200);
  expect(put.body.data.items.filter((p: any) => p.type === 'APPROVED' || p.type === 'INFO')).toEqual([
    { type: 'APPROVED', in_app: true, email: true },
    { type: 'INFO', in_app: false, email: false },
  ]);
  // Bob keeps the defaults.
  expect((await bob.api.get('/notifications/preferences')).body.data.items.every((p: any) => p.in_app && !p.email)).toBe(true);

  const aliceBefore = (await list(alice)).totalRows;
  const bobBefore = (await list(bob)).totalRows;
  mails.length = 0;
  await request([bob, alice], 'APPROVED', {
    title: { vi: 'Đã duyệt', en: 'Approved' },
    body: { vi: 'Đơn của bạn đã được duyệt', en: 'Your request was approved' },
  });
  const mail = await eventually(async () => {
    expect(mails).toHaveLength(1);
    return mails[0]!;
  });
  expect(mail.to).toEqual([alice.email]);
  expect(mail.raw).toMatch(/Approved/);
  expect(mail.raw).toMatch(/Your request was approved/);
  await waitForTotal(alice, aliceBefore + 1);
  await waitForTotal(bob, bobBefore + 1);
  expect(mails).toHaveLength(1); // bob: email off (the default), nothing sent

  // In-app off for INFO: nothing stored for alice, bob still gets his.
  await request([alice, bob], 'INFO');
  await waitForTotal(bob, bobBefore + 2);
  expect((await list(alice)).totalRows).toBe(aliceBefore + 1);
});

test('the live stream delivers a new notification to its user only, with the unread count; signed out is 401', async () => {
  const unauth = await fetch(`${s.url}/api/v1/notifications/stream`);
  expect(unauth.status).toBe(401);
  expect((await unauth.json()).success).toBe(false);
  const bad = await fetch(`${s.url}/api/v1/notifications/stream`, { headers: { authorization: 'Bearer nope' } });
  expect(bad.status).toBe(401);

  const a = await openStream(alice.token);
  const b = await openStream(bob.token);
  try {
    expect(a.res.status).toBe(200);
    expect(a.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const unread = (await list(alice)).unread_count;
    await request([alice], 'CANCELLED', { title: { vi: 'Đã hủy', en: 'Cancelled live' } });
    const got = await eventually(async () => {
      expect(a.events).toHaveLength(1);
      return a.events[0]!;
    }, 5000);
    expect(got.event).toBe('notification');
    expect(got.data.notification).toMatchObject({ user_id: alice.id, type: 'CANCELLED', title: { vi: 'Đã hủy', en: 'Cancelled live' } });
    expect(got.data.unread_count).toBe(unread + 1);
    // Bob's stream got nothing; a notification for bob reaches his stream and not alice's.
    expect(b.events).toHaveLength(0);
    await request([bob], 'INFO', { title: { vi: 'Cho Bob', en: 'For Bob' } });
    await eventually(async () => expect(b.events).toHaveLength(1), 5000);
    expect(b.events[0]!.data.notification.user_id).toBe(bob.id);
    expect(a.events).toHaveLength(1);
  } finally {
    await a.close();
    await b.close();
  }
});

test('one notification per person per change: what a record raises within the fold window is one unread notification, its lines the changes; once read, the next change is a new one', async () => {
  const context = 'ticket:00000000-0000-4000-8000-0000000f01d0';
  const info = (vi: string, en: string) => request([bob], 'INFO', { context, title: { vi: 'Phiếu PYC-1', en: 'Ticket PYC-1' }, body: { vi, en } });
  const before = (await list(bob)).totalRows;
  const unread = (await list(bob)).unread_count;
  // A ticket created from a request item: created, then each checklist item, then sent for approval — one burst.
  await info('A đã tạo', 'Created by A');
  await waitForTotal(bob, before + 1);
  for (let k = 1; k <= 5; k++) await info(`A đã thêm mục kiểm tra: Mục ${k}`, `A added a checklist item: Item ${k}`);
  const one = await eventually(async () => {
    const d = await list(bob);
    const n = d.items.find((x) => x.context === context);
    expect(n.body.en.split('\n')).toHaveLength(6);
    return { d, n };
  });
  expect(one.d.totalRows).toBe(before + 1);
  expect(one.d.unread_count).toBe(unread + 1);
  // The first change and the latest ones, the others counted between.
  expect(one.n.body.vi.split('\n')).toEqual([
    'A đã tạo',
    '… và 1 thay đổi khác',
    'A đã thêm mục kiểm tra: Mục 2',
    'A đã thêm mục kiểm tra: Mục 3',
    'A đã thêm mục kiểm tra: Mục 4',
    'A đã thêm mục kiểm tra: Mục 5',
  ]);
  expect(one.n.body.en.split('\n')[1]).toBe('… and 1 more changes');
  // Another record's change, another headline about the same record (a deadline reminder) and another type are
  // notifications of their own.
  await request([bob], 'INFO', { context: 'ticket:00000000-0000-4000-8000-0000000f01d1' });
  await request([bob], 'INFO', { context, title: { vi: 'Phiếu PYC-1 đã quá hạn', en: 'Ticket PYC-1 is overdue' } });
  await request([bob], 'APPROVED', { context });
  await waitForTotal(bob, before + 4);
  // Read, the next change to the record is a new notification.
  expect((await bob.api.get(`/notifications/read/${one.n.id}`)).status).toBe(200);
  await info('B: Mới → Đang xử lý', 'B: New → In progress');
  const after = await waitForTotal(bob, before + 5);
  expect(after.items.filter((x) => x.context === context && x.title.en === 'Ticket PYC-1').map((x) => x.body.en)).toEqual([
    'B: New → In progress',
    one.n.body.en,
  ]);
});

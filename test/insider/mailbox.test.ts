/**
 * Hole 4 of the hostile-insider test: with `npm start` and no SMTP_URL, a user with only settings-view asked for the
 * administrator's password reset, read the link in GET /dev-mailbox and took the account; the demo users' 7-day
 * "set your password" links from the seed stayed valid. Now the development mailbox exists only when switched on
 * (DEV_MAILBOX=1), only administrators read it, and a reset or invitation link stops working once it is used,
 * superseded, or the account is administered.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, eventually, startTestStack, type Api, type TestStack } from '../support/stack';

jest.setTimeout(60_000);

/** A user whose only right is to view the settings. */
async function settingsViewer(s: TestStack, admin: Api) {
  const role = (
    await admin.post('/role', {
      code: `SETV-${randomBytes(2).toString('hex')}`.toUpperCase(),
      name: 'Settings viewer',
      staff_scope: 'VIEW_ALL',
      project_scope: 'VIEW_ALL',
      permissions: [{ feature: 'setting', actions: ['view'] }],
    })
  ).body.data.id;
  const username = `setv.${randomBytes(3).toString('hex')}`;
  const u = (await admin.post('/user', { username, email: `${username}@example.com`, full_name: 'Settings viewer', role_ids: [role] })).body.data;
  expect((await admin.post(`/user/${u.id}/password`, { password: 'Viewer#Pass1' })).status).toBe(200);
  return s.api((await s.signIn(username, 'Viewer#Pass1')).accessToken);
}

describe('a default start (no SMTP_URL, no DEV_MAILBOX)', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack({ demo: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  test('has no mailbox to read: the reset asked for the administrator goes nowhere a user can read', async () => {
    expect(s.mail).toBe('off');
    const admin = s.api(await s.adminToken());
    const viewer = await settingsViewer(s, admin);
    expect((await s.api().post('/auth/forget-password', { email: s.adminEmail })).status).toBe(200);
    expect((await viewer.get('/dev-mailbox')).status).toBe(403);
    const off = await admin.get('/dev-mailbox', { 'accept-language': 'en' });
    expect([off.status, off.body.message]).toEqual([404, 'The development mailbox is off (DEV_MAILBOX=1 turns it on)']);
    // The mail waits in the queue, unsent: no SMTP server took it.
    const { rows } = await s.services.system!.pool.query(`SELECT count(*)::int AS n FROM mail_queue WHERE mail_to = $1 AND sent_at IS NULL`, [s.adminEmail]);
    expect(rows[0].n).toBe(1);
    const { rows: box } = await s.services.system!.pool.query(`SELECT count(*)::int AS n FROM dev_mailbox`);
    expect(box[0].n).toBe(0);
  });
});

describe('DEV_MAILBOX=1', () => {
  let s: TestStack;
  let admin: Api;
  beforeAll(async () => {
    s = await startTestStack({ demo: true, env: { DEV_MAILBOX: '1' } });
    admin = s.api(await s.adminToken());
  });
  afterAll(async () => {
    await s?.close();
  });

  const mails = async (to: string) =>
    (await admin.get('/dev-mailbox')).body.data.items.filter((m: { mail_to: string }) => m.mail_to === to) as { body: string }[];
  const tokens = (body: string) => [...new Set([...body.matchAll(/(?:reset-password|set-new-password)\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!))];
  const reset = (token: string, password = `New#${randomBytes(3).toString('hex')}Aa1`) =>
    s.api().post('/auth/reset-password', { token, newPassword: password, confirmPassword: password });
  /** The links mailed to `to`, newest first, once `n` have arrived. */
  const links = (to: string, n: number) =>
    eventually(async () => {
      const found = (await mails(to)).flatMap((m) => tokens(m.body));
      expect(found.length).toBeGreaterThanOrEqual(n);
      return found;
    });

  test('only administrators read it', async () => {
    expect(s.mail).toBe('dev-mailbox');
    const viewer = await settingsViewer(s, admin);
    expect((await viewer.get('/dev-mailbox')).status).toBe(403);
    expect((await admin.get('/dev-mailbox')).status).toBe(200);
  });

  test("the demo users' invitation links from the seed do not set a password: theirs is set", async () => {
    const invited = await links('engineer@portal.local', 1);
    for (const token of invited) expect((await reset(token)).status).toBe(400);
    expect((await s.signIn('engineer', DEMO_PASSWORD)).accessToken).toBeTruthy();
  });

  test('a link stops working once superseded by a newer one, or once the account is administered', async () => {
    const username = `linked.${randomBytes(3).toString('hex')}`;
    const email = `${username}@example.com`;
    const u = (await admin.post('/user', { username, email, full_name: 'Linked' })).body.data;
    expect((await admin.post(`/user/${u.id}/password`, { password: 'First#Pass01' })).status).toBe(200);
    // Superseded: the first of two resets asked for.
    await s.api().post('/auth/forget-password', { email });
    const [first] = await links(email, 2); // the invitation, then this reset (newest first)
    await s.api().post('/auth/forget-password', { email });
    const [second] = await links(email, 3);
    expect(second).not.toBe(first);
    expect((await reset(first!)).status).toBe(400);
    // Administered: an administrator edits the account after the link was sent.
    expect((await admin.put(`/user/${u.id}`, { full_name: 'Linked Renamed' })).status).toBe(200);
    expect((await reset(second!)).status).toBe(400);
    // A fresh one works, once.
    await s.api().post('/auth/forget-password', { email });
    const [third] = await links(email, 4);
    expect((await reset(third!, 'Third#Pass03')).status).toBe(200);
    expect((await reset(third!)).status).toBe(400);
  });

  test('an account that never chose a password gets a fresh invitation when administered; the old one is void', async () => {
    const username = `invited.${randomBytes(3).toString('hex')}`;
    const u = (await admin.post('/user', { username, email: `${username}@example.com`, full_name: 'Invited' })).body.data;
    const [old] = await links(`${username}@example.com`, 1);
    const moved = `${username}.new@example.com`;
    expect((await admin.put(`/user/${u.id}`, { email: moved })).status).toBe(200);
    const [fresh] = await links(moved, 1);
    expect((await reset(old!)).status).toBe(400);
    expect((await reset(fresh!, 'Chosen#Pass1')).status).toBe(200);
    expect((await s.signIn(moved, 'Chosen#Pass1')).accessToken).toBeTruthy();
  });
});

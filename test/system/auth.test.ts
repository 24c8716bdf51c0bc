import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, eventually, startTestStack, type ApiResponse, type TestStack } from '../support/stack';

/**
 * Authentication through the gateway's public API (/api/v1), on a real stack: real PostgreSQL, real HTTP,
 * the in-process bus. Each scenario uses its own account so that lockouts, device limits and password
 * changes do not leak from one test into another.
 */

let s: TestStack;
beforeAll(async () => {
  s = await startTestStack({ demo: true, env: { DEV_MAILBOX: '1' } });
});
afterAll(async () => {
  await s?.close();
});

const EN = { 'accept-language': 'en' };
const P0 = 'First#Pass01';

/** The session id (`sid`) inside an access token. */
const sidOf = (accessToken: string): string => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')).sid;

const signInRaw = (body: Record<string, unknown>, headers: Record<string, string> = {}) => s.api().post('/auth/sign-in', body, headers);

/** A signed-in session; the user agent names the device. */
async function session(login: string, password: string, userAgent?: string) {
  const res = await signInRaw({ email: login, password }, userAgent ? { 'user-agent': userAgent } : {});
  expect(res.status).toBe(200);
  const { accessToken, refreshToken } = res.body.data.userData;
  expect(typeof accessToken).toBe('string');
  expect(typeof refreshToken).toBe('string');
  return { accessToken: accessToken as string, refreshToken: refreshToken as string, body: res.body };
}

const me = (token: string, headers?: Record<string, string>) => s.api(token).get('/auth/me', headers);
const refresh = (refreshToken: string) => s.api().post('/auth/refresh', { refreshToken });

/** A fresh account made by the admin, with its first password set by the admin. */
async function newUser(tag: string, language: 'vi' | 'en' = 'vi') {
  const admin = s.api(await s.adminToken());
  const username = `${tag}.${randomBytes(3).toString('hex')}`;
  const email = `${username}@portal.local`;
  const created = await admin.post('/user', { username, email, full_name: `Test ${tag}`, language });
  expect(created.status).toBe(200);
  const id = created.body.data.id as string;
  const set = await admin.post(`/user/${id}/password`, { password: P0 });
  expect(set.status).toBe(200);
  return { id, username, email, password: P0 };
}

const fieldPaths = (res: ApiResponse) => (res.body.errors as { path: string }[]).map((e) => e.path);

describe('sign-in and lockout', () => {
  test('signs in by email and by username; the answer carries tokens, userData, userStaff and ability', async () => {
    const byEmail = await signInRaw({ email: 'engineer@portal.local', password: DEMO_PASSWORD });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.success).toBe(true);
    expect(byEmail.body.data.userData).toMatchObject({ username: 'engineer', email: 'engineer@portal.local', is_admin: false });
    expect(byEmail.body.data.userData.accessToken).toEqual(expect.any(String));
    expect(byEmail.body.data.userData.refreshToken).toEqual(expect.any(String));
    expect(byEmail.body.data.userStaff).toMatchObject({ code: 'NV004' });
    expect(byEmail.body.data.ability).toEqual(expect.arrayContaining([{ action: 'add', subject: 'leave' }]));

    const byUsername = await signInRaw({ username: 'engineer', password: DEMO_PASSWORD });
    expect(byUsername.status).toBe(200);
    expect(byUsername.body.data.userData.id).toBe(byEmail.body.data.userData.id);
    expect((await me(byUsername.body.data.userData.accessToken)).status).toBe(200);

    // An unknown login and a missing password are refused without detail.
    const unknown = await signInRaw({ email: 'nobody@portal.local', password: DEMO_PASSWORD });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ success: false, message: 'Email/tên đăng nhập hoặc mật khẩu không đúng' });
    const noPassword = await signInRaw({ email: 'engineer@portal.local' });
    expect(noPassword.status).toBe(400);
    expect(fieldPaths(noPassword)).toContain('password');
  });

  test('wrong passwords get the plain answer (no count: it would tell the account exists); the third locks (423) until an admin unlocks; the system log shows it', async () => {
    const login = 'engineer@portal.local';
    const ok = await signInRaw({ email: login, password: DEMO_PASSWORD });
    expect(ok.status).toBe(200);
    const userId = ok.body.data.userData.id as string;

    const first = await signInRaw({ email: login, password: 'Wrong#Pass1' });
    expect(first.status).toBe(401);
    expect(first.body.success).toBe(false);
    expect(first.body.message).toBe('Email/tên đăng nhập hoặc mật khẩu không đúng');

    const second = await signInRaw({ username: 'engineer', password: 'Wrong#Pass2' }, EN);
    expect(second.status).toBe(401);
    expect(second.body.message).toBe('The email/username or password is incorrect');

    const third = await signInRaw({ email: login, password: 'Wrong#Pass3' });
    expect(third.status).toBe(423);
    expect(third.body.message).toBe('Tài khoản bị tạm khóa do đăng nhập sai 3 lần. Vui lòng thử lại sau 15 phút hoặc liên hệ quản trị viên');

    // Locked: even the right password is refused, in either language, by email or username.
    const lockedVi = await signInRaw({ email: login, password: DEMO_PASSWORD });
    expect(lockedVi.status).toBe(423);
    expect(lockedVi.body.message).toMatch(/^Tài khoản bị tạm khóa do đăng nhập sai 3 lần\. Vui lòng thử lại sau \d+ phút/);
    expect(lockedVi.body.data).toBeUndefined();
    const lockedEn = await signInRaw({ username: 'engineer', password: DEMO_PASSWORD }, EN);
    expect(lockedEn.status).toBe(423);
    expect(lockedEn.body.message).toMatch(/^The account is locked after 3 failed sign-ins\. Try again in \d+ minutes or contact the administrator$/);

    const admin = s.api(await s.adminToken());
    const log = await admin.get('/system_log?q=account_locked');
    expect(log.status).toBe(200);
    const lockEntries = (log.body.data.items as { event: string; level: string; message: string; actor_id: string }[]).filter(
      (e) => e.event === 'account_locked' && e.actor_id === userId,
    );
    expect(lockEntries).toHaveLength(1);
    expect(lockEntries[0]).toMatchObject({ level: 'warn', message: 'engineer locked after 3 failed sign-ins' });
    const failures = await admin.get('/system_log?q=sign_in_failed&limit=100');
    expect((failures.body.data.items as { message: string }[]).filter((e) => e.message === 'engineer: wrong password').length).toBeGreaterThanOrEqual(2);

    // Only someone who may edit accounts unlocks; an unknown account is a 404.
    const director = await session('director@portal.local', DEMO_PASSWORD);
    const refused = await s.api(director.accessToken).post(`/user/${userId}/unlock`);
    expect(refused.status).toBe(403);
    expect((await admin.post('/user/00000000-0000-0000-0000-000000000001/unlock')).status).toBe(404);
    expect((await signInRaw({ email: login, password: DEMO_PASSWORD })).status).toBe(423);

    const unlocked = await admin.post(`/user/${userId}/unlock`);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toEqual({ unlocked: true });
    const again = await signInRaw({ email: login, password: DEMO_PASSWORD });
    expect(again.status).toBe(200);
    expect((await me(again.body.data.userData.accessToken)).body.data.userData.id).toBe(userId);

    // The counter starts again from zero after the unlock: two failures do not lock.
    for (const pw of ['Wrong#Pass4', 'Wrong#Pass5']) expect((await signInRaw({ email: login, password: pw })).status).toBe(401);
    expect((await signInRaw({ email: login, password: DEMO_PASSWORD })).status).toBe(200);

    const unlockLog = await admin.get('/system_log?q=account_unlocked');
    expect((unlockLog.body.data.items as { event: string; message: string }[]).some((e) => e.event === 'account_unlocked' && e.message.includes(userId))).toBe(
      true,
    );
  });
});

describe('change password', () => {
  test('the policy, the confirmation, the old password and the history are enforced; a valid change revokes the other sessions only', async () => {
    const u = await newUser('changer');
    const current = await session(u.email, u.password);
    const other = await session(u.username, u.password);
    // Both sessions are in use (and cached at the gateway).
    expect((await me(current.accessToken)).status).toBe(200);
    expect((await me(other.accessToken)).status).toBe(200);
    const api = s.api(current.accessToken);
    const change = (oldPassword: string, newPassword: string, confirmPassword = newPassword, headers?: Record<string, string>) =>
      api.post('/auth/change-password', { oldPassword, newPassword, confirmPassword }, headers);

    const weak: [string, string][] = [
      ['Ab1!xyz', 'Tối thiểu 8 ký tự'], // too short
      ['lower#case1', 'Mật khẩu mới cần ít nhất 8 ký tự, gồm chữ hoa, chữ thường, chữ số và ký tự đặc biệt'], // no uppercase
      ['UPPER#CASE1', 'Mật khẩu mới cần ít nhất 8 ký tự, gồm chữ hoa, chữ thường, chữ số và ký tự đặc biệt'], // no lowercase
      ['NoDigits#Here', 'Mật khẩu mới cần ít nhất 8 ký tự, gồm chữ hoa, chữ thường, chữ số và ký tự đặc biệt'], // no digit
      ['NoSpecial123', 'Mật khẩu mới cần ít nhất 8 ký tự, gồm chữ hoa, chữ thường, chữ số và ký tự đặc biệt'], // no special
    ];
    for (const [pw, message] of weak) {
      const res = await change(u.password, pw);
      expect({ pw, status: res.status }).toEqual({ pw, status: 400 });
      expect(res.body.success).toBe(false);
      expect(res.body.errors).toEqual(expect.arrayContaining([{ path: 'newPassword', message }]));
      expect(fieldPaths(res).every((p) => p === 'newPassword')).toBe(true);
    }
    const weakEn = await change(u.password, 'nocapitals1!', 'nocapitals1!', EN);
    expect(weakEn.status).toBe(400);
    expect(weakEn.body.errors).toEqual([
      {
        path: 'newPassword',
        message: 'The new password needs at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character',
      },
    ]);

    const mismatch = await change(u.password, 'Second#Pass02', 'Second#Pass03');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([{ path: 'confirmPassword', message: 'Mật khẩu xác nhận không khớp' }]);

    const wrongOld = await change('Not#ThePass9', 'Second#Pass02');
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.errors).toEqual([{ path: 'oldPassword', message: 'Mật khẩu hiện tại không đúng' }]);

    const sameAsCurrent = await change(u.password, u.password, u.password, EN);
    expect(sameAsCurrent.status).toBe(400);
    expect(sameAsCurrent.body.errors).toEqual([{ path: 'newPassword', message: 'The new password must differ from earlier ones' }]);

    const missing = await api.post('/auth/change-password', { oldPassword: u.password });
    expect(missing.status).toBe(400);
    expect(fieldPaths(missing)).toEqual(expect.arrayContaining(['newPassword', 'confirmPassword']));

    // Nothing above changed anything: the first password still works and both sessions are alive.
    expect((await signInRaw({ email: u.email, password: u.password })).status).toBe(200);
    expect((await me(other.accessToken)).status).toBe(200);

    const P1 = 'Second#Pass02';
    const done = await change(u.password, P1);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, data: { changed: true } });

    // This session keeps working; the other one ends at once (access and refresh).
    expect((await me(current.accessToken)).status).toBe(200);
    expect((await me(other.accessToken)).status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(401);
    expect((await refresh(current.refreshToken)).status).toBe(200);

    // The new password signs in, the old one does not.
    const oldPw = await signInRaw({ email: u.email, password: u.password });
    expect(oldPw.status).toBe(401);
    expect((await signInRaw({ email: u.email, password: P1 })).status).toBe(200);

    // Neither the current nor an earlier password may come back.
    const backToCurrent = await change(P1, P1);
    expect(backToCurrent.status).toBe(400);
    expect(backToCurrent.body.errors).toEqual([{ path: 'newPassword', message: 'Mật khẩu mới phải khác các mật khẩu đã dùng trước đây' }]);
    const backToEarlier = await change(P1, u.password);
    expect(backToEarlier.status).toBe(400);
    expect(backToEarlier.body.errors).toEqual([{ path: 'newPassword', message: 'Mật khẩu mới phải khác các mật khẩu đã dùng trước đây' }]);
    const P2 = 'Third#Pass03';
    expect((await change(P1, P2)).status).toBe(200);
    expect((await change(P2, u.password)).status).toBe(400);
    expect((await signInRaw({ email: u.email, password: P2 })).status).toBe(200);

    // Without a session there is nothing to change.
    const anonymous = await s.api().post('/auth/change-password', { oldPassword: P2, newPassword: 'Fourth#Pass04', confirmPassword: 'Fourth#Pass04' });
    expect(anonymous.status).toBe(401);
  });
});

describe('refresh rotation', () => {
  test('each refresh returns a new pair; reusing an old refresh token revokes the whole family and its access token at once', async () => {
    const u = await newUser('rotator');
    const a = await session(u.email, u.password);
    // The session's authorization is now cached at the gateway.
    expect((await me(a.accessToken)).status).toBe(200);

    const r1 = await refresh(a.refreshToken);
    expect(r1.status).toBe(200);
    const pair1 = r1.body.data as { accessToken: string; refreshToken: string };
    expect(pair1.refreshToken).not.toBe(a.refreshToken);
    expect(pair1.accessToken).toEqual(expect.any(String));
    expect(sidOf(pair1.accessToken)).toBe(sidOf(a.accessToken));
    const meNew = await me(pair1.accessToken);
    expect(meNew.status).toBe(200);
    expect(meNew.body.data.userData.id).toBe(u.id);

    const r2 = await refresh(pair1.refreshToken);
    expect(r2.status).toBe(200);
    const pair2 = r2.body.data as { accessToken: string; refreshToken: string };
    expect(new Set([a.refreshToken, pair1.refreshToken, pair2.refreshToken]).size).toBe(3);
    expect((await me(pair2.accessToken)).status).toBe(200);

    // Someone replays the first (already used) refresh token.
    const reuse = await refresh(a.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe('Phát hiện phiên đăng nhập bị dùng lại; vui lòng đăng nhập lại');

    // The newest token of the family is refused too, and the access token stops working at once
    // (the gateway dropped its cached session on portal.system.session.revoked; its TTL is a minute).
    expect((await me(pair2.accessToken)).status).toBe(401);
    expect((await me(a.accessToken)).status).toBe(401);
    const newest = await refresh(pair2.refreshToken);
    expect(newest.status).toBe(401);
    expect(newest.body.message).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại');

    // Another session of the same user is a different family and is untouched.
    const b = await session(u.email, u.password);
    expect((await refresh(b.refreshToken)).status).toBe(200);

    // A made-up token is refused; a malformed body is a 400.
    expect((await refresh(`${sidOf(b.accessToken)}.${randomBytes(32).toString('base64url')}`)).status).toBe(401);
    const bad = await s.api().post('/auth/refresh', {});
    expect(bad.status).toBe(400);
    expect(fieldPaths(bad)).toContain('refreshToken');
  });

  test('an access token signed with another key or garbage is "not signed in"', async () => {
    expect((await me('not-a-jwt')).status).toBe(401);
    const { accessToken } = await session('director@portal.local', DEMO_PASSWORD);
    const [h, p] = accessToken.split('.');
    expect((await me(`${h}.${p}.${randomBytes(32).toString('base64url')}`)).status).toBe(401);
    expect((await me(accessToken)).status).toBe(200);
  });
});

describe('devices and sign-out', () => {
  test('an 11th sign-in ends the oldest session; the sessions list shows 10 with device, IP and user agent', async () => {
    const u = await newUser('devices');
    const ua = (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 device-${n}`;
    const sessions: Awaited<ReturnType<typeof session>>[] = [];
    for (let n = 1; n <= 10; n++) sessions.push(await session(u.email, u.password, ua(n)));
    const first = sessions[0]!;
    expect((await me(first.accessToken)).status).toBe(200);
    const listed10 = await s.api(first.accessToken).get('/auth/sessions');
    expect(listed10.status).toBe(200);
    expect(listed10.body.data).toHaveLength(10);

    const eleventh = await session(u.email, u.password, 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0');
    expect((await me(first.accessToken)).status).toBe(401);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    // The second oldest is still there.
    expect((await me(sessions[1]!.accessToken)).status).toBe(200);
    expect((await refresh(sessions[1]!.refreshToken)).status).toBe(200);

    const listed = await s.api(eleventh.accessToken).get('/auth/sessions');
    expect(listed.status).toBe(200);
    const rows = listed.body.data as { id: string; device: string; ip: string; user_agent: string; current: boolean; method: string }[];
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.id)).not.toContain(sidOf(first.accessToken));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set([...sessions.slice(1), eleventh].map((x) => sidOf(x.accessToken))));
    const mine = rows.filter((r) => r.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: sidOf(eleventh.accessToken),
      device: 'Firefox on Linux',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      method: 'password',
    });
    expect(mine[0]!.ip).toMatch(/127\.0\.0\.1/);
    const third = rows.find((r) => r.id === sidOf(sessions[2]!.accessToken))!;
    expect(third).toMatchObject({ device: 'Chrome on Windows', user_agent: ua(3), current: false });
    expect(third.ip).toMatch(/127\.0\.0\.1/);
  });

  test('sign-out ends the session at once; other sessions stay', async () => {
    const u = await newUser('signout');
    const a = await session(u.email, u.password);
    const b = await session(u.email, u.password);
    expect((await me(a.accessToken)).status).toBe(200);
    const out = await s.api(a.accessToken).post('/auth/sign-out');
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ signedOut: true });
    const after = await me(a.accessToken);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, message: 'Vui lòng đăng nhập' });
    expect((await refresh(a.refreshToken)).status).toBe(401);
    expect((await s.api(a.accessToken).post('/auth/sign-out')).status).toBe(401);
    expect((await me(b.accessToken)).status).toBe(200);
    expect((await s.api().post('/auth/sign-out')).status).toBe(401);
  });
});

describe('forgotten password', () => {
  const mailsTo = async (email: string) => {
    const res = await s.api(await s.adminToken()).get('/dev-mailbox');
    expect(res.status).toBe(200);
    return (res.body.data.items as { mail_to: string; subject: string; body: string }[]).filter((m) => m.mail_to === email);
  };
  const resetMail = (email: string, count = 1) =>
    eventually(async () => {
      const mails = (await mailsTo(email)).filter((m) => /reset-password\?token=/.test(m.body));
      expect(mails).toHaveLength(count);
      return mails[0]!;
    });
  const tokenOf = (body: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)![1]!;

  test('answers the same for a known and an unknown email; the mailed link resets the password once and ends the old sessions', async () => {
    const u = await newUser('forgetful', 'en');
    const old = await session(u.email, u.password);
    expect((await me(old.accessToken)).status).toBe(200);

    const known = await s.api().post('/auth/forget-password', { email: u.email.toUpperCase() });
    const nobody = `nobody.${randomBytes(3).toString('hex')}@portal.local`;
    const unknown = await s.api().post('/auth/forget-password', { email: nobody });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.data.message).toBe('Nếu email có trong hệ thống, một liên kết đặt lại mật khẩu đã được gửi');
    const blank = await s.api().post('/auth/forget-password', { email: '' });
    expect(blank.status).toBe(400);
    expect(fieldPaths(blank)).toEqual(['email']);

    const mail = await resetMail(u.email);
    expect(mail.subject).toBe('Reset your Portal password');
    const token = tokenOf(mail.body);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const reset = (newPassword: string, confirmPassword = newPassword, t = token) =>
      s.api().post('/auth/reset-password', { token: t, newPassword, confirmPassword });

    // The policy holds here too, and a refused attempt does not use the token up.
    const weak = await reset('weakpass');
    expect(weak.status).toBe(400);
    expect(fieldPaths(weak)).toEqual(['newPassword']);
    const mismatch = await reset('Reset#Pass01', 'Reset#Pass02');
    expect(mismatch.status).toBe(400);
    expect(fieldPaths(mismatch)).toEqual(['confirmPassword']);
    const reused = await reset(u.password);
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual([{ path: 'newPassword', message: 'Mật khẩu mới phải khác các mật khẩu đã dùng trước đây' }]);
    const forged = await reset('Reset#Pass01', 'Reset#Pass01', randomBytes(32).toString('base64url'));
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual([{ path: 'token', message: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn' }]);
    expect((await me(old.accessToken)).status).toBe(200);

    const done = await reset('Reset#Pass01');
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ reset: true });

    const twice = await reset('Reset#Pass02');
    expect(twice.status).toBe(400);
    expect(fieldPaths(twice)).toEqual(['token']);

    // The old session ended at once; the new password signs in, the old one does not.
    expect((await me(old.accessToken)).status).toBe(401);
    expect((await refresh(old.refreshToken)).status).toBe(401);
    expect((await signInRaw({ email: u.email, password: u.password })).status).toBe(401);
    expect((await signInRaw({ email: u.email, password: 'Reset#Pass01' })).status).toBe(200);

    // An unknown address got no mail.
    expect(await mailsTo(nobody)).toHaveLength(0);
  });

  test('a reset link issued before another one was used is no longer valid', async () => {
    const u = await newUser('twolinks');
    expect((await s.api().post('/auth/forget-password', { email: u.email })).status).toBe(200);
    const firstMail = await resetMail(u.email, 1);
    // The account speaks Vietnamese, so does the mail.
    expect(firstMail.body).toContain('Mở liên kết sau để đặt mật khẩu mới');
    expect((await s.api().post('/auth/forget-password', { email: u.email })).status).toBe(200);
    const mails = await eventually(async () => {
      const m = (await mailsTo(u.email)).filter((x) => /reset-password\?token=/.test(x.body));
      expect(m).toHaveLength(2);
      return m;
    });
    const [newer, older] = mails.map((m) => tokenOf(m.body));
    expect(newer).not.toBe(older);
    const used = await s.api().post('/auth/reset-password', { token: newer, newPassword: 'Link#Pass01', confirmPassword: 'Link#Pass01' });
    expect(used.status).toBe(200);
    const stale = await s.api().post('/auth/reset-password', { token: older, newPassword: 'Link#Pass02', confirmPassword: 'Link#Pass02' });
    expect(stale.status).toBe(400);
    expect(fieldPaths(stale)).toEqual(['token']);
    expect((await signInRaw({ email: u.email, password: 'Link#Pass01' })).status).toBe(200);

    // A password changed by its owner also voids a link mailed before.
    expect((await s.api().post('/auth/forget-password', { email: u.email })).status).toBe(200);
    const third = await resetMail(u.email, 3);
    const { accessToken } = await session(u.email, 'Link#Pass01');
    const changed = await s
      .api(accessToken)
      .post('/auth/change-password', { oldPassword: 'Link#Pass01', newPassword: 'Link#Pass03', confirmPassword: 'Link#Pass03' });
    expect(changed.status).toBe(200);
    const afterChange = await s.api().post('/auth/reset-password', { token: tokenOf(third.body), newPassword: 'Link#Pass04', confirmPassword: 'Link#Pass04' });
    expect(afterChange.status).toBe(400);
    expect(fieldPaths(afterChange)).toEqual(['token']);
    expect((await signInRaw({ email: u.email, password: 'Link#Pass03' })).status).toBe(200);
  });
});

describe('me', () => {
  test('returns userData, the linked staff record and the ability of the role', async () => {
    const { accessToken } = await session('head.kttc@portal.local', DEMO_PASSWORD);
    const res = await me(accessToken);
    expect(res.status).toBe(200);
    const { userData, userStaff, ability } = res.body.data;
    expect(userData).toMatchObject({ username: 'head.kttc', email: 'head.kttc@portal.local', is_admin: false, language: 'vi' });
    expect(userData).not.toHaveProperty('password_hash');
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password_hash|failed_attempts/);
    expect(userStaff).toMatchObject({ code: 'NV003', id: userData.staff_id, company_email: 'head.kttc@portal.local' });
    expect(userStaff.department_id).toEqual(expect.any(String));

    // The ability is exactly the role's permission set as {action, subject} pairs.
    const admin = s.api(await s.adminToken());
    const roles = await admin.get('/role?limit=100');
    const role = (roles.body.data.items as { id: string; code: string }[]).find((r) => r.code === 'DEPT_HEAD')!;
    const detail = await admin.get(`/role/${role.id}`);
    const expected = (detail.body.data.permissions as { feature: string; actions: string[] }[]).flatMap((p) =>
      p.actions.map((action) => ({ action, subject: p.feature })),
    );
    const key = (r: { action: string; subject: string }) => `${r.action}:${r.subject}`;
    expect(expected.length).toBeGreaterThan(5);
    expect((ability as { action: string; subject: string }[]).map(key).sort()).toEqual(expected.map(key).sort());
    for (const rule of ability) expect(Object.keys(rule).sort()).toEqual(['action', 'subject']);
    expect(ability).toContainEqual({ action: 'view', subject: 'staff' });
    expect(ability).not.toContainEqual({ action: 'delete', subject: 'staff' });

    // The admin may do everything; an account without staff has no staff record.
    const adminMe = await admin.get('/auth/me');
    expect(adminMe.body.data.ability).toEqual([{ action: 'manage', subject: 'all' }]);
    expect(adminMe.body.data.userStaff).toBeNull();
    expect(adminMe.body.data.userData.is_admin).toBe(true);

    const anonymous = await s.api().get('/auth/me', EN);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: 'Please sign in', errors: [] });
  });
});

test('a new account receives a link to set its own password, which works once', async () => {
  const admin = s.api(await s.adminToken());
  const created = await admin.post('/user', { username: 'newcomer', email: 'newcomer@example.com', full_name: 'Người Mới' });
  expect(created.status).toBe(200);
  const mail = await eventually(async () => {
    const box = await admin.get('/dev-mailbox');
    const m = box.body.data.items.find((x: { mail_to: string }) => x.mail_to === 'newcomer@example.com');
    expect(m).toBeDefined();
    return m as { body: string };
  });
  const token = /set-new-password\?token=([\w-]+)/.exec(mail.body)?.[1];
  expect(token).toBeTruthy();
  expect((await s.api().post('/auth/reset-password', { token, newPassword: 'Newcomer@2026', confirmPassword: 'Newcomer@2026' })).status).toBe(200);
  expect((await s.signIn('newcomer', 'Newcomer@2026')).accessToken).toBeTruthy();
  expect((await s.api().post('/auth/reset-password', { token, newPassword: 'Another@2026', confirmPassword: 'Another@2026' })).status).toBe(400);
});

/**
 * The gateway's signed contexts (gateway/src/signed-contexts.ts): a live session's calls from one address, browser and
 * language carry one token for a while — the service's verifier answers it from its cache — and anything else that
 * differs gets its own; what the service reads of a reused token is its own copy.
 */
import { randomBytes } from 'node:crypto';
import { contextCodec, rememberingVerifier, type PortalContext } from '@portal/service-kit';
import { SignedContexts } from '../gateway/src/signed-contexts';
import { callerContext } from './support/signed';

const codec = contextCodec(randomBytes(32).toString('hex'));
const caller = (over: Partial<PortalContext> = {}) =>
  callerContext({
    userId: '00000000-0000-4000-8000-000000000001',
    name: 'A',
    ability: [{ action: 'view', subject: 'asset' }],
    ip: '10.0.0.1',
    userAgent: 'browser',
    lang: 'vi',
    ...over,
  } as Parameters<typeof callerContext>[0]) as PortalContext;

test('one token per session, address, browser and language; a new authorization signs anew', async () => {
  const signed = new SignedContexts(codec);
  const session = {};
  const first = signed.token(session, caller());
  await new Promise((r) => setTimeout(r, 1100)); // a second later: a fresh signature would differ (its iat)
  expect(signed.token(session, caller())).toBe(first);
  expect(signed.token(session, caller({ ip: '10.0.0.2' }))).not.toBe(first);
  expect(signed.token(session, caller({ lang: 'en' }))).not.toBe(signed.token(session, caller({ lang: 'vi' })));
  // The session's authorization changed (roles, scope: the gateway's cache holds a new object): its own token.
  const changed = signed.token({}, caller({ ability: [] }));
  expect(changed).not.toBe(first);
  expect((codec.verify(changed) as { ability: unknown[] }).ability).toEqual([]);
});

test('what a service reads of a reused token is a copy', () => {
  const token = new SignedContexts(codec).token({}, caller());
  const a = codec.verify(token);
  a.lang = 'en';
  (a as { name: string }).name = 'changed';
  const b = codec.verify(token);
  expect(b.lang).toBe('vi');
  expect((b as { name: string }).name).toBe('A');
});

test('a verified token is remembered until it expires; a refused one never is', async () => {
  let checks = 0;
  const verify = rememberingVerifier((token: string) => {
    checks++;
    if (token === 'forged') throw new Error('bad signature');
    return { exp: Math.floor(Date.now() / 1000) + 1 };
  }, 2);
  verify('a');
  verify('a');
  expect(checks).toBe(1);
  expect(() => verify('forged')).toThrow('bad signature');
  expect(() => verify('forged')).toThrow('bad signature');
  expect(checks).toBe(3);
  verify('b');
  verify('c'); // at most two: the oldest goes
  verify('a');
  expect(checks).toBe(6);
  await new Promise((r) => setTimeout(r, 2100)); // expired: checked again
  verify('a');
  expect(checks).toBe(7);
});

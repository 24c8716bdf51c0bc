/**
 * `admits()` — the one reading of a route's `Access`, which the gateway and every service ask: a pure
 * function, so it is checked here exhaustively, with no server. The writes property (test/abuse/writes-property.ts)
 * asks it once per (actor, route) and checks each verdict once against the running gateway; this file is what makes
 * that shortcut sound.
 */
import { ACTIONS, FEATURE_KEYS, admits, type AbilityRule, type Access, type Action, type Feature } from '../src';

const caller = (ability: AbilityRule[], isAdmin = false) => ({ ability, isAdmin });
const featureAccesses: Access[] = FEATURE_KEYS.flatMap((feature) => ACTIONS.map((action) => ({ feature, action })));

test('a public route admits everyone, signed in or not', () => {
  expect(admits(null, 'public')).toBe('ok');
  expect(admits(caller([]), 'public')).toBe('ok');
  expect(admits(caller([], true), 'public')).toBe('ok');
});

test('every other route refuses a caller who is not signed in as unauthenticated (401), never forbidden', () => {
  for (const access of ['signed-in', 'admin', ...featureAccesses] as Access[]) expect([access, admits(null, access)]).toEqual([access, 'unauthenticated']);
});

test('a signed-in route admits any signed-in caller, without a single right', () => {
  expect(admits(caller([]), 'signed-in')).toBe('ok');
});

test('an administrators\' route admits an administrator only — "manage all" is not administration', () => {
  expect(admits(caller([], true), 'admin')).toBe('ok');
  expect(admits(caller([{ action: 'manage', subject: 'all' }]), 'admin')).toBe('forbidden');
  expect(admits(caller(FEATURE_KEYS.flatMap((subject) => ACTIONS.map((action) => ({ action, subject })))), 'admin')).toBe('forbidden');
});

test('a feature route admits exactly the callers holding that action on that feature (or manage / all), and the administrator', () => {
  for (const feature of FEATURE_KEYS) {
    for (const action of ACTIONS) {
      const access = { feature, action } as const;
      expect(admits(caller([], true), access)).toBe('ok');
      expect(admits(caller([]), access)).toBe('forbidden');
      expect(admits(caller([{ action, subject: feature }]), access)).toBe('ok');
      expect(admits(caller([{ action: 'manage', subject: feature }]), access)).toBe('ok');
      expect(admits(caller([{ action, subject: 'all' }]), access)).toBe('ok');
      // Every other right together is not this one.
      const others: AbilityRule[] = FEATURE_KEYS.flatMap((f: Feature) => ACTIONS.map((a: Action) => ({ action: a, subject: f }))).filter(
        (r) => !(r.action === action && r.subject === feature),
      );
      expect([feature, action, admits(caller(others), access)]).toEqual([feature, action, 'forbidden']);
      // The same action on another feature, or another action on this feature, is not enough.
      const otherFeature = FEATURE_KEYS.find((f) => f !== feature)!;
      const otherAction = ACTIONS.find((a) => a !== action)!;
      expect(
        admits(
          caller([
            { action, subject: otherFeature },
            { action: otherAction, subject: feature },
          ]),
          access,
        ),
      ).toBe('forbidden');
    }
  }
});

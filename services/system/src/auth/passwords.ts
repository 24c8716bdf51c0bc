import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { FieldError } from '@portal/service-kit';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
/** scrypt N=2^15, r=8, p=1: a slow salted hash (ARCHITECTURE §4), about 50 ms here. */
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** How many earlier passwords a new one must differ from (spec §5). */
export const PASSWORD_HISTORY = 24;

/** Spec §5: at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character. */
export function passwordPolicyErrors(password: unknown, path = 'newPassword'): FieldError[] {
  if (typeof password !== 'string' || !password) return [{ path, key: 'required' }];
  const errors: FieldError[] = [];
  if (password.length < PASSWORD_MIN) errors.push({ path, key: 'min_length', params: { n: PASSWORD_MIN } });
  if (password.length > PASSWORD_MAX) errors.push({ path, key: 'max_length', params: { n: PASSWORD_MAX } });
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password) || !/[^A-Za-z0-9]/.test(password)) {
    errors.push({ path, key: 'password_weak' });
  }
  return errors;
}

export function randomPassword(): string {
  // Meets the policy: upper, lower, digit, special.
  return `${randomBytes(9).toString('base64url')}Aa1!`;
}

/**
 * The demo company as tests meet it: its people signed in by a short name, the ids of its units, staff and accounts by
 * their codes, and instants in company time (UTC+7, the clock bookings and trips are read by).
 */
import type { Pool } from 'pg';

/** A stack's service as the ids are read from it (the in-process and the processes' stacks alike). */
type Queryable = { pool: Pick<Pool, 'query'> };
import { ADMIN_PASSWORD, DEMO_PASSWORD, type TestStack } from './stack';

/** The demo users (scripts/lib/demo.ts DEMO_USERS) by the short names tests use. */
const PEOPLE = {
  director: 'director@portal.local',
  hr: 'hr@portal.local',
  head: 'head.kttc@portal.local',
  eng: 'engineer@portal.local',
  sales: 'sales@portal.local',
  site: 'site@portal.local',
  contracts: 'contracts@portal.local',
  pmd: 'pm.director@portal.local',
  fin: 'finance.director@portal.local',
  accountant: 'accountant@portal.local',
} as const;
export type DemoPerson = keyof typeof PEOPLE | 'admin';

/** An access token for each demo user, and the administrator's (`admin`). */
export async function signInDemo(s: Pick<TestStack, 'signIn' | 'adminEmail'>): Promise<Record<DemoPerson, string>> {
  const tok = { admin: (await s.signIn(s.adminEmail, ADMIN_PASSWORD)).accessToken } as Record<DemoPerson, string>;
  for (const [k, email] of Object.entries(PEOPLE)) tok[k as DemoPerson] = (await s.signIn(email, DEMO_PASSWORD)).accessToken;
  return tok;
}

/** Ids by code: organization units (`KTTC`), staff (`NV040`), accounts' staff records (`engineer:staff`). */
export async function demoIds(s: { services: { hr?: Queryable; system?: Queryable } }): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const r of (await s.services.hr!.pool.query(`SELECT id, code FROM organization UNION ALL SELECT id, code FROM staff`)).rows) ids[r.code] = r.id;
  for (const r of (await s.services.system!.pool.query(`SELECT username, staff_id FROM app_user`)).rows) ids[`${r.username}:staff`] = r.staff_id;
  return ids;
}

/** The company's day `days` from today, 'YYYY-MM-DD'. */
export const companyDay = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
/** That day at `hh:mm` company time, as an ISO instant. */
export const companyTime = (days: number, hhmm: string) => new Date(`${companyDay(days)}T${hhmm}:00+07:00`).toISOString();

/**
 * `path/:id` approved through its whole flow, each level by the demo person it waits for (found by the account's
 * address among the demo people): `tok` holds every person's token (signInDemo).
 */
export async function approveThrough(
  s: Pick<TestStack, 'api' | 'services'>,
  tok: Record<DemoPerson, string>,
  path: string,
  id: string,
  description = 'Đồng ý',
): Promise<void> {
  for (let step = 0; step < 8; step++) {
    const view = await s.api(tok.admin).get(`${path}/${id}/approval`);
    if (view.status !== 200) throw new Error(`${path}/${id}/approval: ${view.status}`);
    if (view.body.data.request.status === 'APPROVED') return;
    const { rows } = await s.services.system!.pool.query<{ email: string }>(`SELECT email FROM app_user WHERE id = ANY($1)`, [
      view.body.data.current_approver_ids,
    ]);
    const who = (Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]).find((p) => rows.some((r) => r.email === PEOPLE[p]));
    if (!who) throw new Error(`${path}/${id}: no demo person among its approvers (${rows.map((r) => r.email).join(', ')})`);
    const res = await s.api(tok[who]).post(`${path}/${id}/approve`, { description });
    if (res.status !== 200) throw new Error(`${path}/${id} approved by ${who}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  throw new Error(`${path}/${id} not approved in eight steps`);
}

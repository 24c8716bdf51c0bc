import type { ApprovalLevelRule } from '@portal/contracts';
import { AppError } from '../errors';
import { fetchAny } from '../internal-fetch';
import { INTERNAL_HEADER, type ContextCodec } from '../context';

export interface ApprovalLevel {
  level: number;
  approver_ids: string[];
}

export interface ResolveInput {
  levels: ApprovalLevelRule[];
  /** The approvers picked at submit: a USERS level naming nobody takes them. */
  given: string[];
  /** The record's department (its scope column), else the submitter's. */
  department_id: string | null;
  submitter_user_id: string;
  submitter_staff_id: string | null;
  /** The staff member the record is about (ResourceDef.about), if any: a department head chain skips them too. */
  subject_staff_id?: string | null;
  /** The record's project (its `scope.project` column), if any: POSITION_OF_PROJECT picks from that project's team. */
  project_id?: string | null;
}

/** A user's address, and the deputies standing in for them today with theirs. */
export interface Contact {
  id: string;
  email: string | null;
  deputies: { id: string; email: string | null }[];
}

/**
 * Who approves, who stands in for whom, and where to write to them. Users, roles and delegations are the
 * system service's; the organization tree and staff are HR's. The system service answers all three over
 * `/internal/approval/*` (asking HR for what it holds), so an engine in any domain needs one address.
 */
export interface ApproverDirectory {
  /** The approvers of every level, in order (a level may come back empty). Throws 503 when it cannot tell. */
  resolve(input: ResolveInput): Promise<ApprovalLevel[]>;
  /** The approver among `approverIds` whose deputy `userId` is today, or null (also when the directory is unreachable). */
  actingFor(userId: string, approverIds: string[]): Promise<string | null>;
  /** Emails and today's deputies of the users; unknown or unreachable: no email, no deputy. */
  contacts(userIds: string[]): Promise<Contact[]>;
  /** The accounts (user ids) of these staff members: who a record about them may not be approved by. Throws 503 when it cannot tell. */
  accountsOf(staffIds: string[]): Promise<string[]>;
}

const lower = (ids: string[]) => [...new Set(ids.map((x) => x.toLowerCase()))];

/** USERS levels resolve here without a call; any other scope needs the directory. */
function resolveLocally(input: ResolveInput): ApprovalLevel[] | null {
  if (input.levels.some((l) => l.scope !== 'USERS')) return null;
  return input.levels.map((l) => ({ level: l.level, approver_ids: lower(l.approver_ids?.length ? l.approver_ids : input.given) }));
}

/** The system service over HTTP (`baseUrl()` is read per call, so a restarted system service's new address is used; several instances, comma-separated, fail over). */
export function httpDirectory(baseUrl: () => string, codec: ContextCodec, service: string): ApproverDirectory {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetchAny(baseUrl(), `/internal/approval${path}`, {
      method,
      timeoutMs: 5000,
      headers: { [INTERNAL_HEADER]: codec.internalToken(service), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`directory ${path}: ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  };
  return {
    async resolve(input) {
      const local = resolveLocally(input);
      if (local) return local;
      try {
        const levels = await call<ApprovalLevel[]>('POST', '/resolve', input);
        return levels.map((l) => ({ level: l.level, approver_ids: lower(l.approver_ids) }));
      } catch {
        throw new AppError(503, 'approval_directory_unavailable');
      }
    },
    async actingFor(userId, approverIds) {
      if (!approverIds.length) return null;
      try {
        return await call<string | null>('POST', '/acting-for', { user_id: userId, approver_ids: approverIds });
      } catch {
        return null;
      }
    },
    async contacts(userIds) {
      if (!userIds.length) return [];
      try {
        return await call<Contact[]>('POST', '/contacts', { user_ids: userIds });
      } catch {
        return userIds.map((id) => ({ id, email: null, deputies: [] }));
      }
    },
    async accountsOf(staffIds) {
      if (!staffIds.length) return [];
      try {
        return lower(await call<string[]>('POST', '/accounts-of', { staff_ids: staffIds }));
      } catch {
        throw new AppError(503, 'approval_directory_unavailable');
      }
    },
  };
}

/** No directory configured (a service under test): named users only, no deputies, no email. */
export const localDirectory: ApproverDirectory = {
  async resolve(input) {
    const local = resolveLocally(input);
    if (!local) throw new AppError(503, 'approval_directory_unavailable');
    return local;
  },
  async actingFor() {
    return null;
  },
  async contacts(userIds) {
    return userIds.map((id) => ({ id, email: null, deputies: [] }));
  },
  // No accounts known here: the engine still refuses the subject at approval, by their staff record (engine.ts).
  async accountsOf() {
    return [];
  },
};

/**
 * The accounts of these staff members with their addresses, without `except` (whoever made the change): the
 * `user_ids` and `emails` of a notification request to staff (a record's followers, an overdue ticket's people).
 * Empty when none has an account. Throws 503 when the directory cannot tell.
 */
export async function staffRecipients(
  directory: ApproverDirectory,
  staffIds: readonly unknown[],
  except?: string | null,
): Promise<{ user_ids: string[]; emails: (string | null)[] }> {
  const staff = [...new Set(staffIds.filter((x): x is string => typeof x === 'string'))];
  const users = staff.length ? (await directory.accountsOf(staff)).filter((u) => u !== (except ?? '').toLowerCase()) : [];
  if (!users.length) return { user_ids: [], emails: [] };
  const contacts = new Map((await directory.contacts(users)).map((c) => [c.id.toLowerCase(), c.email]));
  return { user_ids: users, emails: users.map((u) => contacts.get(u) ?? null) };
}

import { systemInternal, type ApprovalLevelRule, type Label } from '@portal/contracts';
import { AppError } from '../errors';
import type { ContextCodec } from '../context';
import { callInternal, type InternalTarget } from '../internal-call';

export interface ApprovalLevel {
  level: number;
  approver_ids: string[];
  /** The flow's title of the level (ApprovalLevelRule.title), for the printed form's block. */
  title?: Label | null;
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
  /** The same, each staff member's (lower-case ids): one call for the people of many records. Throws 503 when it cannot tell. */
  accountsByStaff(staffIds: string[]): Promise<Map<string, string[]>>;
}

const lower = (ids: string[]) => [...new Set(ids.map((x) => x.toLowerCase()))];

/** USERS levels resolve here without a call; any other scope needs the directory. */
function resolveLocally(input: ResolveInput): ApprovalLevel[] | null {
  if (input.levels.some((l) => l.scope !== 'USERS')) return null;
  return input.levels.map((l) => ({ level: l.level, approver_ids: lower(l.approver_ids?.length ? l.approver_ids : input.given) }));
}

/** The system service over HTTP (`baseUrl()` is read per call, so a restarted system service's new address is used; several instances, comma-separated, fail over). */
export function httpDirectory(baseUrl: () => string, codec: ContextCodec, service: string): ApproverDirectory {
  const target: InternalTarget = {
    get baseUrl() {
      return baseUrl();
    },
    codec,
    service,
  };
  const unavailable = () => new AppError(503, 'approval_directory_unavailable');
  const accountsByStaff = async (staffIds: string[]) => {
    const byStaff = new Map<string, string[]>();
    if (!staffIds.length) return byStaff;
    const rows = await callInternal(target, systemInternal.accountsOf, { body: { staff_ids: lower(staffIds) } }).catch(() => {
      throw unavailable();
    });
    for (const r of rows) byStaff.set(r.staff_id.toLowerCase(), [...(byStaff.get(r.staff_id.toLowerCase()) ?? []), r.id.toLowerCase()]);
    return byStaff;
  };
  return {
    async resolve(input) {
      const local = resolveLocally(input);
      if (local) return local;
      const levels = await callInternal(target, systemInternal.resolve, { body: input }).catch(() => {
        throw unavailable();
      });
      return levels.map((l) => ({ level: l.level, approver_ids: lower(l.approver_ids) }));
    },
    async actingFor(userId, approverIds) {
      if (!approverIds.length) return null;
      return callInternal(target, systemInternal.actingFor, { body: { user_id: userId, approver_ids: approverIds } }).catch(() => null);
    },
    async contacts(userIds) {
      if (!userIds.length) return [];
      return callInternal(target, systemInternal.contacts, { body: { user_ids: userIds } }).catch(() =>
        userIds.map((id) => ({ id, email: null, deputies: [] })),
      );
    },
    async accountsOf(staffIds) {
      return lower([...(await accountsByStaff(staffIds)).values()].flat());
    },
    accountsByStaff,
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
  async accountsByStaff() {
    return new Map();
  },
};

/** Who a notification goes to: accounts, and their addresses in the same order. */
export interface Recipients {
  user_ids: string[];
  emails: (string | null)[];
}

/**
 * The accounts of these staff members with their addresses, without `except` (whoever made the change): the
 * `user_ids` and `emails` of a notification request to staff (a record's followers, an overdue ticket's people).
 * Empty when none has an account. Throws 503 when the directory cannot tell.
 */
export async function staffRecipients(directory: ApproverDirectory, staffIds: readonly unknown[], except?: string | null): Promise<Recipients> {
  return (await staffRecipientsOfEach(directory, [staffIds], except))[0]!;
}

/** staffRecipients for several groups of staff (the people of each record of a sweep) in two calls to the directory, whatever their number. */
export async function staffRecipientsOfEach(
  directory: ApproverDirectory,
  groups: readonly (readonly unknown[])[],
  except?: string | null,
): Promise<Recipients[]> {
  const staffOf = groups.map((g) => [...new Set(g.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase()))]);
  const all = [...new Set(staffOf.flat())];
  const accounts = all.length ? await directory.accountsByStaff(all) : new Map<string, string[]>();
  const skip = (except ?? '').toLowerCase();
  const usersOf = staffOf.map((staff) => [...new Set(staff.flatMap((s) => accounts.get(s) ?? []))].filter((u) => u !== skip));
  const everyone = [...new Set(usersOf.flat())];
  const contacts = new Map(everyone.length ? (await directory.contacts(everyone)).map((c) => [c.id.toLowerCase(), c.email]) : []);
  return usersOf.map((users) => ({ user_ids: users, emails: users.map((u) => contacts.get(u) ?? null) }));
}

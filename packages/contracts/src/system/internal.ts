import { z } from 'zod';
import { ACTIONS, FEATURE_KEYS, PROJECT_SCOPES, STAFF_SCOPES, type Feature } from '../common/permissions';
import { APPROVER_SCOPES } from '../kit/approval';
import { internalRoute, zUuid } from '../kit/internal';

const ids = z.array(z.string()).nullable();

/** A session's authorization as the gateway caches it: the account, its roles' ability and data scopes. */
export const zAuthz = z.object({
  userId: z.string(),
  sessionId: z.string(),
  staffId: z.string().nullable(),
  departmentId: z.string().nullable(),
  roleIds: z.array(z.string()),
  name: z.string(),
  title: z.string().nullable().optional(),
  email: z.string(),
  username: z.string(),
  lang: z.enum(['vi', 'en']),
  isAdmin: z.boolean(),
  ability: z.array(z.object({ action: z.enum([...ACTIONS, 'manage']), subject: z.union([z.enum(FEATURE_KEYS as [Feature, ...Feature[]]), z.literal('all')]) })),
  staffScope: z.object({ type: z.enum(STAFF_SCOPES), departmentIds: ids }),
  projectScope: z.object({ type: z.enum(PROJECT_SCOPES), projectIds: ids, departmentIds: ids, team: z.boolean().optional() }),
});

const levelRule = z.object({
  level: z.number().int(),
  scope: z.enum(APPROVER_SCOPES),
  approver_ids: z.array(zUuid()).max(100).nullish(),
  role_id: zUuid().nullish(),
  position_id: zUuid().nullish(),
  up: z.number().int().min(0).max(20).nullish(),
});

/** What other services and the gateway ask the system service (service tokens only): sessions, approvers, accounts. */
export const systemInternal = {
  authz: internalRoute({
    method: 'GET',
    path: '/internal/authz/:sid',
    owner: 'system',
    params: z.object({ sid: zUuid() }),
    reply: zAuthz,
    summary: "A live session's authorization (404: no such live session)",
  }),
  /** The approvers of each level of a record's approval flow. */
  resolve: internalRoute({
    method: 'POST',
    path: '/internal/approval/resolve',
    owner: 'system',
    body: z.object({
      levels: z.array(levelRule).max(20),
      given: z.array(zUuid()).max(100),
      department_id: zUuid().nullable(),
      submitter_user_id: zUuid().optional(),
      submitter_staff_id: zUuid().nullable(),
      subject_staff_id: zUuid().nullish(),
      project_id: zUuid().nullish(),
    }),
    reply: z.array(z.object({ level: z.number(), approver_ids: z.array(z.string()) })),
    summary: 'The approvers of every level of a flow, for a record of a department (and project)',
  }),
  actingFor: internalRoute({
    method: 'POST',
    path: '/internal/approval/acting-for',
    owner: 'system',
    body: z.object({ user_id: zUuid(), approver_ids: z.array(zUuid()).max(1000) }),
    reply: z.string().nullable(),
    summary: 'The approver among these whose deputy the user is today (null: none)',
  }),
  accountsOf: internalRoute({
    method: 'POST',
    path: '/internal/approval/accounts-of',
    owner: 'system',
    body: z.object({ staff_ids: z.array(zUuid()).max(1000) }),
    reply: z.array(z.object({ id: z.string(), staff_id: z.string() })),
    summary: 'The accounts of these staff members, each with whose it is',
  }),
  contacts: internalRoute({
    method: 'POST',
    path: '/internal/approval/contacts',
    owner: 'system',
    body: z.object({ user_ids: z.array(zUuid()).max(1000) }),
    reply: z.array(z.object({ id: z.string(), email: z.string().nullable(), deputies: z.array(z.object({ id: z.string(), email: z.string().nullable() })) })),
    summary: "Users' emails and today's deputies with theirs",
  }),
};

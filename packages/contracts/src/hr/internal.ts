import { z } from 'zod';
import { internalRoute, zUuid } from '../kit/internal';

const staffIds = z.object({ staff_ids: z.array(zUuid()).max(1000) });

/** What other services ask HR (service tokens only): the organization and its staff, as the directory knows them. */
export const hrInternal = {
  /** One staff member, brief: whom an account is (its department, its position's title in signature blocks). */
  staff: internalRoute({
    method: 'GET',
    path: '/internal/staff/:id',
    owner: 'hr',
    params: z.object({ id: zUuid() }),
    reply: z
      .object({
        id: z.string(),
        code: z.string(),
        full_name: z.string(),
        department_id: z.string().nullable(),
        unit_id: z.string().nullable(),
        position_id: z.string().nullable(),
        position_title: z.string().nullable(),
        company_email: z.string().nullable(),
        status: z.string().nullable(),
      })
      .nullable(),
    summary: 'One staff member (null: none): code, name, department, unit, position and its title, company email, status',
  }),
  /** Each active unit's parent: the gateway expands a department scope to its whole subtree. */
  orgParents: internalRoute({
    method: 'GET',
    path: '/internal/org/parents',
    owner: 'hr',
    reply: z.array(z.object({ id: z.string(), parent_id: z.string().nullable() })),
    summary: 'Every active organization unit and its parent',
  }),
  /** Each active unit's parent and head: the approver directory walks the heads up from a department. */
  org: internalRoute({
    method: 'GET',
    path: '/internal/directory/org',
    owner: 'hr',
    reply: z.array(z.object({ id: z.string(), parent_id: z.string().nullable(), manager_id: z.string().nullable() })),
    summary: 'Every active organization unit with its parent and its head',
  }),
  /** The active staff of a department and/or holding a position (neither given: nobody). */
  staffWhere: internalRoute({
    method: 'GET',
    path: '/internal/directory/staff',
    owner: 'hr',
    query: z.object({ department_id: zUuid().optional(), position_id: zUuid().optional() }),
    reply: z.array(z.string()),
    summary: 'Ids of the active staff of a department and/or holding a position',
  }),
  /** Names and company emails of staff members: who an invitation goes to. */
  contacts: internalRoute({
    method: 'POST',
    path: '/internal/directory/contacts',
    owner: 'hr',
    body: staffIds,
    reply: z.array(z.object({ id: z.string(), full_name: z.string(), company_email: z.string().nullable() })),
    summary: 'Names and company emails of staff members, by id',
  }),
  /** Which of these staff the caller (their signed context) may pick in a staff picker. */
  pickable: internalRoute({
    method: 'POST',
    path: '/internal/directory/pickable',
    owner: 'hr',
    context: true,
    body: staffIds,
    reply: z.array(z.string()),
    summary: "Which of these staff the caller's staff picker offers (their scope, the directory, themselves)",
  }),
};

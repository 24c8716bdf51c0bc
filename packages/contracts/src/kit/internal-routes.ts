import { z } from 'zod';
import { PROJECT_DIRECTORY } from '../common/permissions';
import { internalRoute, zUuid } from './internal';

/** Ids asked about in one titles call. */
export const TITLES_MAX_IDS = 1000;

const resource = z.string().min(1).max(100);
/** A reader's signed context: titles that depend on who reads are theirs. */
const reader = z.string().max(20_000).optional();
const titles = z.record(z.string(), z.string());

/**
 * The kit's own internal routes: every service answers them for the resources it declares (`owner: 'resource'`: the
 * caller asks the service of the resource's domain); the project directory's, the service owning projects.
 */
export const kitInternal = {
  /** How activity entries about a record are scoped: its department, the accounts whose history it is, its project. */
  recordHistory: internalRoute({
    method: 'GET',
    path: '/internal/records/:resource/:id/department',
    owner: 'resource',
    params: z.object({ resource, id: zUuid() }),
    reply: z.object({
      department_id: z.string().nullable(),
      owner_ids: z.array(z.string()).nullable().optional(),
      project: z.object({ id: z.string().nullable() }).optional(),
    }),
    summary: "A record's department, owners and project, for entries about it kept elsewhere",
  }),
  /** Whether the caller may change a record (attach a file, write about it): 200 yes; an edit's refusal, no. */
  recordEditable: internalRoute({
    method: 'GET',
    path: '/internal/records/:resource/:id/editable',
    owner: 'resource',
    context: true,
    params: z.object({ resource, id: zUuid() }),
    reply: z.object({ editable: z.literal(true) }),
    summary: 'Whether the caller may edit a record (its refusal otherwise: 400, 403, 404, 422)',
  }),
  titles: internalRoute({
    method: 'POST',
    path: '/internal/titles',
    owner: 'resource',
    body: z.object({ resource, ids: z.array(zUuid()).max(TITLES_MAX_IDS), reader }),
    reply: titles,
    summary: 'Titles of records by id, those the reader (if given) may read',
  }),
  titlesLookup: internalRoute({
    method: 'POST',
    path: '/internal/titles/lookup',
    owner: 'resource',
    body: z.object({ resource, values: z.array(z.string().max(1000)).max(TITLES_MAX_IDS), reader }),
    reply: titles,
    summary: 'Ids of active records named by code or title, by lower-case value',
  }),
  /** The projects a project scope covers (the owner of projects answers: PROJECT_DIRECTORY). */
  projectsInScope: internalRoute({
    method: 'POST',
    path: '/internal/projects/in-scope',
    owner: PROJECT_DIRECTORY.domain,
    body: z.object({ projectIds: z.array(zUuid()).max(10_000), departmentIds: z.array(zUuid()).max(10_000), staffId: zUuid().nullable() }),
    reply: z.array(z.string()),
    summary: "The projects a scope covers: the roles' projects, its departments' projects, the staff member's teams",
  }),
  projectTeam: internalRoute({
    method: 'POST',
    path: '/internal/projects/team',
    owner: PROJECT_DIRECTORY.domain,
    body: z.object({ project_id: zUuid(), position_id: zUuid() }),
    reply: z.array(z.string()),
    summary: "The staff holding a position in a project's team",
  }),
};

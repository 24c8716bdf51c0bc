import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import type { Pool } from 'pg';
import {
  allRoutes,
  approvalSettingsRoutes,
  companyDayOf,
  kitInternal,
  PROJECT_DIRECTORY,
  resourceByName,
  resourceRoutes,
  searchRoutes,
  UUID_RE,
  type CallerContext,
  type Domain,
  type InternalInput,
  type InternalReply,
  type InternalRoute,
  type ResourceDef,
  type RowOf,
} from '@portal/contracts';
import { AppError, installErrorHandling, notFound, unauthenticated } from './errors';
import { callInternal, requireDeclaredInternalRoutes, serveInternal } from './internal-call';
import { installAccess } from './access';
import { CONTEXT_HEADER, contextCodec, isSignedIn, type PortalContext } from './context';
import type { EventBus } from './events/bus';
import { OutboxRelay } from './events/outbox';
import { ResourceRepository, type ResourceHooks } from './resource/repository';
import { ListCounts } from './resource/counts';
import { registerResource } from './resource/routes';
import { registerSearch } from './resource/search';
import { childLoggerFactory, HEALTH_ROUTE, logOptions } from './logging';
import { MailSender } from './mail';
import { ApprovalEngine } from './approval/engine';
import { registerApproval } from './approval/routes';
import { registerApprovalSettings } from './approval/settings';
import { httpDirectory, localDirectory, type ApproverDirectory } from './approval/directory';
import { notifyFollowers } from './resource/followers';
import { lookupIds, readTitles, Titles } from './resource/titles';
import { ProjectScopes, registerProjectDirectory } from './projects/directory';
import { recordLookup } from './records';
import { registerBookingSettings } from './resource/booking';
import { draftSweep } from './resource/booking-drafts';
import { deadlineSweep } from './resource/deadlines';

// `reader`: the caller whose scope the titles obey (a context signed as the gateway signs it; resource/titles.ts).
/** What a domain's `create…App` takes: the kit's options a service passes on as they are. */
export type DomainAppDeps = Pick<ServiceOptions, 'pool' | 'bus' | 'internalKey' | 'directoryUrl' | 'serviceUrl' | 'now'>;

export interface ServiceOptions {
  domain: Domain;
  pool: Pool;
  bus: EventBus;
  internalKey: string;
  resources: ResourceDef[];
  hooks?: Record<string, ResourceHooks>;
  logger?: FastifyServerOptions['logger'];
  /** SMTP for mail queued with queueMail(); without it queued mail waits (and nothing is sent). */
  mail?: { smtpUrl: string; from: string; retryBaseMs?: number };
  /** The clock the declared acts' time windows read (a test's fixed one). */
  now?: () => Date;
  /**
   * Where another domain's service is (comma-separated instances): asked for the titles of records this service's
   * records refer to (resource/titles.ts). Default: the one listening in this process on the same bus, else the
   * `<DOMAIN>_URL` environment variable (distributed mode: HR_URL, SYSTEM_URL…).
   */
  serviceUrl?: (domain: Domain) => string | null;
  /** The system service's base URL (read per call): the approver directory of ./approval/directory.ts. */
  directoryUrl?: () => string;
  /** Remind approvers of a step waiting longer than this (default APPROVAL_REMIND_AFTER_HOURS, else 24 h); checked every `approvalRemindEveryMs` (10 min). */
  approvalRemindAfterMs?: number;
  approvalRemindEveryMs?: number;
  /** How often drafts whose hold on a slot ran out are released (ResourceDef.booking.draft; default 5 min). */
  draftSweepEveryMs?: number;
  /** How often due moments are looked at for reminders and overdue flags (ResourceDef.deadline; default a minute). */
  deadlineSweepEveryMs?: number;
}

export interface ServiceKit {
  domain: Domain;
  pool: Pool;
  bus: EventBus;
  relay: OutboxRelay;
  repos: Map<string, ResourceRepository>;
  codec: ReturnType<typeof contextCodec>;
  /** The approval engine of each resource that declares `approval`, by resource name. */
  approvals: Map<string, ApprovalEngine>;
  /** Sends what queueMail() queued in this service's database; null when the service sends no mail. */
  mail: MailSender | null;
  /** Titles of references, this service's or another's (resource/titles.ts), for hand-written reads. */
  titles: Titles;
  /** Who approves, and the accounts and addresses of staff (approval/directory.ts): for a service's own notifications. */
  directory: ApproverDirectory;
  /** Where another domain's service is (comma-separated instances), or null: for a service's own `/internal/*` calls. */
  serviceUrl: (domain: Domain) => string | null;
  /** The service's clock: every rule, sweep and report reads it (a test gives a fixed one: ServiceOptions.now). */
  now: () => Date;
  /** The company's calendar day by that clock, 'YYYY-MM-DD' (Asia/Ho_Chi_Minh). */
  today: () => string;
  /** The repository of a declared resource of this service, its rows typed from the declaration (another service's is an error). */
  repo: <D extends ResourceDef>(def: D) => ResourceRepository<RowOf<D>>;
  /**
   * Calls another service's declared internal route (contracts `hrInternal`, `systemInternal`, `kitInternal`), typed by
   * its schemas, signed as this service (internal-call.ts `callInternal`). `domain`: the service asked, by default the
   * route's owner (required for the kit's own routes, answered by the domain owning the resource).
   */
  call: <T extends InternalRoute>(route: T, input: InternalInput<T> & { context?: string }, domain?: Domain) => Promise<InternalReply<T>>;
}

/**
 * Where the services of this process listen, by the bus they share. In the all-in-one mode (scripts/lib/stack.ts) every
 * service runs in one process on one bus, and a service finds another's address here: the files service asks the
 * service owning a record whether the caller may see it (services/files/src/scope.ts). A service running in its own
 * process is given the addresses instead. Two stacks in one process (tests) have two buses, so they never mix.
 */
const localServices = new WeakMap<EventBus, Map<Domain, string>>();

/** The release this process runs (the image's PORTAL_RELEASE), answered by GET /healthz: which image a rollout has reached. */
export const RELEASE = process.env.PORTAL_RELEASE || 'dev';

/** The address of the `domain` service listening in this process on `bus`, or null. */
export function localServiceUrl(bus: EventBus, domain: Domain): string | null {
  return localServices.get(bus)?.get(domain) ?? null;
}

/**
 * A domain service as a Fastify app (the app is a plugin-built instance; only the runner listens).
 * It has health checks, the error envelope, the gateway-context check, every declared resource's routes,
 * and an outbox relay to the bus.
 */
export async function createServiceApp(
  opts: ServiceOptions,
  extend?: (app: FastifyInstance, kit: ServiceKit) => Promise<void> | void,
): Promise<{ app: FastifyInstance; kit: ServiceKit }> {
  const app = Fastify({
    logger: opts.logger ?? logOptions(opts.domain),
    childLoggerFactory,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: false,
    return503OnClosing: false,
  });
  const codec = contextCodec(opts.internalKey);
  installErrorHandling(app);
  requireDeclaredInternalRoutes(app);
  // One form of an id from the start: a UUID in the path is lower case for every route, as in a body
  // (resource/validation.ts), so no key, lock or comparison sees it in another case.
  app.addHook('onRequest', async (req) => {
    const params = (req.params ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(params)) if (typeof v === 'string' && UUID_RE.test(v)) params[k] = v.toLowerCase();
  });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } });

  const relay = new OutboxRelay(opts.pool, opts.bus, app.log);
  const repos = new Map<string, ResourceRepository>();
  const sameService = new Map(opts.resources.map((r) => [r.name, r]));
  // List totals are reused between writes of this service (resource/counts.ts): a commit, a write request or an event of the domain counts again.
  const counts = new ListCounts();
  const committed = () => {
    counts.bump();
    void relay.kick();
  };
  const serviceUrl = opts.serviceUrl ?? ((d: Domain) => localServiceUrl(opts.bus, d) ?? (process.env[`${d.toUpperCase()}_URL`] || null));
  const titles = new Titles({ domain: opts.domain, pool: opts.pool, sameService, bus: opts.bus, codec, serviceUrl });
  const remote = recordLookup(serviceUrl, codec, opts.domain);
  for (const r of opts.resources) {
    const repo = new ResourceRepository(r, opts.pool, opts.hooks?.[r.name], committed, sameService, counts);
    repo.titles = titles;
    repo.remote = remote;
    if (opts.now) repo.now = opts.now;
    repos.set(r.name, repo);
  }
  if (opts.resources.length) await opts.bus.subscribeAll(`portal.${opts.domain}.>`, async () => counts.bump());
  const approvals = new Map<string, ApprovalEngine>();
  const directory = opts.directoryUrl ? httpDirectory(opts.directoryUrl, codec, opts.domain) : localDirectory;
  for (const repo of repos.values()) if (repo.def.approval) approvals.set(repo.def.name, new ApprovalEngine(repo, directory));
  await notifyFollowers({ domain: opts.domain, bus: opts.bus, pool: opts.pool, directory, resources: opts.resources });
  const mail = opts.mail ? new MailSender(opts.pool, { ...opts.mail, log: app.log }) : null;
  const now = opts.now ?? (() => new Date());
  const repo = <D extends ResourceDef>(def: D) => {
    const found = repos.get(def.name);
    if (!found) throw new Error(`${def.name} is not a resource of the ${opts.domain} service`);
    return found as unknown as ResourceRepository<RowOf<D>>;
  };
  const kit: ServiceKit = {
    domain: opts.domain,
    pool: opts.pool,
    bus: opts.bus,
    relay,
    repos,
    codec,
    approvals,
    mail,
    titles,
    directory,
    serviceUrl,
    now,
    today: () => companyDayOf(now()),
    repo,
    call: (route, input, domain) => {
      const owner = domain ?? (route.owner === 'resource' ? null : route.owner);
      if (!owner) throw new Error(`${route.path}: name the domain asked`);
      return callInternal({ baseUrl: serviceUrl(owner), codec, service: opts.domain }, route, input);
    },
  };

  app.get('/healthz', HEALTH_ROUTE, async () => ({ success: true, data: { status: 'ok', service: opts.domain, release: RELEASE } }));
  app.get('/readyz', HEALTH_ROUTE, async (_req, reply) => {
    try {
      await opts.pool.query('SELECT 1');
      return { success: true, data: { status: 'ready', service: opts.domain } };
    } catch {
      return reply.status(503).send({ success: false, message: 'database unavailable', errors: [] });
    }
  });

  // The portal's declared routes of this domain, plus those of any resource given here that the portal does not
  // declare (a resource under test): the same rules the gateway would apply.
  const known = new Set(allRoutes.map((r) => `${r.method} ${r.path}`));
  const settings = approvals.size ? approvalSettingsRoutes(opts.domain) : [];
  const extra = [...opts.resources.flatMap(resourceRoutes), ...settings, ...searchRoutes(opts.resources)].filter(
    (r) => r.domain === opts.domain && !known.has(`${r.method} ${r.path}`),
  );
  installAccess(app, codec, [...allRoutes.filter((r) => r.domain === opts.domain), ...extra]);
  // A caller's project scope, resolved to the projects it covers before any route of a service holding project-scoped
  // records runs (projects/directory.ts).
  const projectScopes = new ProjectScopes({
    domain: opts.domain,
    pool: opts.pool,
    resources: opts.resources,
    codec,
    ownerUrl: () => serviceUrl(PROJECT_DIRECTORY.domain),
  });
  if (projectScopes.needed) {
    await projectScopes.subscribe(opts.bus);
    app.addHook('onRequest', async (req) => {
      if (isSignedIn(req.portal)) req.portal = await projectScopes.resolve(req.portal);
    });
  }
  /** The caller an internal request speaks for: the gateway's signed context it passes on, with its project scope resolved. */
  const callerOf = async (token: unknown): Promise<CallerContext> => {
    let ctx: PortalContext;
    try {
      if (typeof token !== 'string') throw new Error('missing');
      ctx = codec.verify(token);
    } catch {
      throw unauthenticated();
    }
    if (!isSignedIn(ctx)) throw unauthenticated();
    return projectScopes.needed ? projectScopes.resolve(ctx) : ctx;
  };
  await app.register(async (scoped) => {
    // The department a record of this service belongs to, for another service's activity entry about it (the files
    // service logging an upload to a staff member's record): so the entry is read within the record's scope.
    serveInternal(scoped, kitInternal.recordHistory, async ({ params: { resource, id } }) => {
      const repo = repos.get(resource);
      if (!repo) throw notFound();
      return repo.historyOfRecord(id);
    });
    // Whether the caller (their signed context, as the asking service received it) may change a record of this service:
    // another service's file attached to it or deleted from it, an activity entry about it (records.ts `editable`). The
    // record is read in the caller's scope and put to what an edit needs; the transaction is always rolled back, so the
    // hooks asked write nothing. 200 yes; the refusal (400, 403, 404, 422) an edit would answer, no.
    serveInternal(scoped, kitInternal.recordEditable, async ({ params: { resource, id } }, req) => {
      const repo = repos.get(resource);
      if (!repo) throw notFound();
      const ctx = await callerOf(req.headers[CONTEXT_HEADER]);
      const client = await opts.pool.connect();
      try {
        await client.query('BEGIN');
        const row = await repo.get(id, ctx, client, true);
        // A deleted record is not edited (updateIn): nor are its files or history.
        if (row.state !== 'ACTIVE') throw new AppError(422, 'inactive_record');
        await repo.assertMayEdit(client, row, ctx);
        return { editable: true as const };
      } finally {
        await client.query('ROLLBACK').catch(() => undefined);
        client.release();
      }
    });
    // The titles of this service's records, and records named by code or title, for another service's lists, exports
    // and imports (resource/titles.ts): those its reader may read (without one, only titles every reader sees).
    serveInternal(scoped, kitInternal.titles, async ({ body }) => {
      const r = sameService.get(body.resource);
      if (!r) throw notFound();
      return readTitles(opts.pool, r, body.ids, body.reader ? await callerOf(body.reader) : null);
    });
    serveInternal(scoped, kitInternal.titlesLookup, async ({ body }) => {
      const r = sameService.get(body.resource);
      if (!r) throw notFound();
      return lookupIds(opts.pool, r, body.values, body.reader ? await callerOf(body.reader) : null);
    });
    registerProjectDirectory(scoped, opts.pool, opts.resources);
    if (extend) await extend(scoped, kit);
    for (const engine of approvals.values()) registerApproval(scoped, engine);
    if (approvals.size) registerApprovalSettings(scoped, opts.pool, opts.domain, [...new Set([...approvals.values()].map((e) => e.documentType))]);
    for (const repo of repos.values()) if (repo.def.booking) registerBookingSettings(scoped, opts.pool, repo.def);
    for (const repo of repos.values())
      registerResource(scoped, repo, sameService, { flushEvents: () => relay.flush(2000), approval: approvals.get(repo.def.name) });
    registerSearch(scoped, opts.domain, [...repos.values()], (name) => sameService.get(name) ?? resourceByName.get(name));
  });
  // A write answers once its events are handed to the bus (at most 2 s; if the bus is down they wait in the
  // outbox and the write still answers). So what a write causes elsewhere — a gateway cache dropped after a
  // role change, a scope after a staff transfer, the portal-wide activity log — holds for the caller's next
  // request. A route opts out (or a GET opts in) with `config: { flushEvents: boolean }`.
  app.addHook('onSend', async (req) => {
    const flag = (req.routeOptions.config as { flushEvents?: boolean } | undefined)?.flushEvents;
    if (req.method !== 'GET' && req.method !== 'HEAD') counts.bump();
    if (flag ?? (req.method !== 'GET' && req.method !== 'HEAD')) {
      await relay.flush(2000);
      void mail?.kick();
    }
  });
  // Reminders for approval steps that wait too long (ApprovalEngine.remindWaiting; one instance claims each).
  let reminder: NodeJS.Timeout | null = null;
  const envHours = Number(process.env.APPROVAL_REMIND_AFTER_HOURS);
  const remindAfter = opts.approvalRemindAfterMs ?? (Number.isFinite(envHours) && envHours > 0 ? envHours * 3_600_000 : 24 * 3_600_000);
  const remind = async () => {
    for (const engine of approvals.values())
      await engine.remindWaiting(remindAfter).catch((err: Error) => app.log.warn({ err: err.message }, 'approval reminders failed'));
  };
  draftSweep(app, kit, opts.draftSweepEveryMs ?? 300_000);
  deadlineSweep(app, kit, opts.deadlineSweepEveryMs ?? 60_000);
  app.addHook('onReady', async () => {
    relay.start();
    mail?.start();
    if (approvals.size) reminder = setInterval(() => void remind(), opts.approvalRemindEveryMs ?? 600_000);
  });
  let listening: string | null = null;
  app.addHook('onListen', async () => {
    const a = app.server.address();
    if (!a || typeof a === 'string') return;
    const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
    listening = `http://${host}:${a.port}`;
    const services = localServices.get(opts.bus) ?? new Map<Domain, string>();
    services.set(opts.domain, listening);
    localServices.set(opts.bus, services);
  });
  app.addHook('onClose', async () => {
    const services = localServices.get(opts.bus);
    if (listening && services?.get(opts.domain) === listening) services.delete(opts.domain);
    if (reminder) clearInterval(reminder);
    await relay.stop();
    await mail?.stop();
  });
  return { app, kit };
}

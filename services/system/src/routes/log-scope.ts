import type { FastifyRequest } from 'fastify';
import { PROJECT_DIRECTORY, type CallerContext, type Domain } from '@portal/contracts';
import { ProjectScopes, requireCaller, type ServiceKit } from '@portal/service-kit';

/**
 * The caller of a read of the activity log, with their project scope resolved to the projects it covers (as every
 * service holding project-scoped records resolves it, projects/directory.ts): the entries about a record limited by
 * project are read only by those who may read the record. When the project directory cannot answer (its service down,
 * or not deployed yet), those entries are left out — never shown on a guess — and the rest of the log still answers.
 */
export class LogScope {
  private readonly scopes: ProjectScopes;

  private readonly ownerUrl: () => string | null;

  constructor(
    private kit: ServiceKit,
    serviceUrl: (d: Domain) => string | null,
  ) {
    this.ownerUrl = () => serviceUrl(PROJECT_DIRECTORY.domain);
    this.scopes = new ProjectScopes({ domain: kit.domain, pool: kit.pool, resources: [], codec: kit.codec, ownerUrl: this.ownerUrl });
  }

  async start() {
    await this.scopes.subscribe(this.kit.bus);
  }

  async caller(req: FastifyRequest): Promise<CallerContext> {
    const ctx = requireCaller(req);
    const none = { ...ctx, projectScope: { ...ctx.projectScope, projectIds: [] } };
    // No directory deployed (no service owns projects yet): nothing to ask, and nothing to warn about on every read.
    if (!ctx.isAdmin && ctx.projectScope.projectIds !== null && !this.ownerUrl()) return none;
    try {
      return await this.scopes.resolve(ctx);
    } catch (err) {
      req.log.warn({ err }, 'project directory unavailable: entries about project records left out of the activity log');
      return none;
    }
  }
}

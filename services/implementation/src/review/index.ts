import { REVIEW_ALL_COSTS, REVIEW_DEFS, implementationRoutes, reviewAwardBody, reviewVotePath, type ReviewKind } from '@portal/contracts';
import { badRequest, defineReport, ok, parseOrThrow, requireCaller, reportRoutes, serveRoute, type ServiceKit } from '@portal/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { award, comparison } from './award';
import { allCosts, allCostsQuery } from './all-costs';

const KINDS: ReviewKind[] = ['supplier', 'subcontractor'];
const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
const declared = (method: 'GET' | 'POST', path: string) => implementationRoutes.find((r) => r.method === method && r.path === path)!;

/** The cost reviews' own routes (contracts implementation/review-routes.ts), for each kind. */
export function reviewRoutes(app: FastifyInstance, kit: ServiceKit) {
  for (const kind of KINDS) {
    const vote = `${reviewVotePath(kind)}/:id`;
    serveRoute(app, declared('GET', vote), async (req) => ok(await comparison(kit, kind, idOf(req), requireCaller(req))));
    serveRoute(app, declared('POST', vote), async (req) => {
      const ctx = requireCaller(req);
      const body = parseOrThrow(reviewAwardBody, req.body, badRequest);
      return ok(await award(kit, kind, idOf(req), body, ctx));
    });
  }
  reportRoutes(
    app,
    kit,
    KINDS.map((kind) =>
      defineReport({
        report: REVIEW_ALL_COSTS[kind],
        counts: [REVIEW_DEFS[kind].review, REVIEW_DEFS[kind].product],
        query: allCostsQuery,
        run: (r) => allCosts(r, kind),
      }),
    ),
  );
}

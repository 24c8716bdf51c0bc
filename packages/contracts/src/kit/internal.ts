import { z } from 'zod';
import type { Domain } from '../common/permissions';

/**
 * A service-to-service route (`/internal/*`, a service token, never through the gateway), declared once here: its
 * owner, its parameters, query and body as zod schemas (the serving side parses them: a bad one is a 400) and the
 * schema of its answer's `data` (the calling side parses it: an answer not of that shape is the owner being
 * unavailable, never a guess). Served by service-kit `serveInternal`, called through `callInternal` / `kit.call`.
 *
 * `owner`: the domain whose service answers, or `'resource'` for the kit's own routes, which every service answers for
 * the resources it declares (the caller names the domain owning the resource).
 * `context`: the caller's signed context travels with the call (the answer is the caller's: what they may pick, edit).
 */
export interface InternalRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: `/internal/${string}`;
  owner: Domain | 'resource';
  params?: P;
  query?: Q;
  body?: B;
  reply: R;
  context?: boolean;
  summary: string;
}

/** Declares one internal route (keeps its schemas' types for the typed client and handler). */
export const internalRoute = <
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(
  r: InternalRoute<P, Q, B, R>,
): InternalRoute<P, Q, B, R> => r;

/** What a caller passes: the route's params, query and body, as their schemas take them in. */
export type InternalInput<T> =
  T extends InternalRoute<infer P, infer Q, infer B, z.ZodType>
    ? (P extends z.ZodUndefined ? { params?: undefined } : { params: z.input<P> }) &
        (Q extends z.ZodUndefined ? { query?: undefined } : { query: z.input<Q> }) &
        (B extends z.ZodUndefined ? { body?: undefined } : { body: z.input<B> })
    : never;

/** What a handler is given: the parsed params, query and body. */
export type InternalParsed<T> =
  T extends InternalRoute<infer P, infer Q, infer B, z.ZodType> ? { params: z.output<P>; query: z.output<Q>; body: z.output<B> } : never;

/** The answer's `data`, as parsed. */
export type InternalReply<T> = T extends InternalRoute<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

export const zUuid = () => z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'invalid' });

/** The path of a route with its `:params` filled in (each encoded). */
export function internalPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`internal path ${path}: no ${name}`);
    return encodeURIComponent(String(v));
  });
}

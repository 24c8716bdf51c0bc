import { randomUUID } from 'node:crypto';
import type { CallerContext } from '@portal/contracts';
import type { ContextCodec } from '@portal/service-kit';

/** A caller context as the gateway would sign it; payment manager with VIEW_ALL unless told otherwise. */
export function callerContext(c: Partial<CallerContext> & { userId: string }): CallerContext {
  return {
    sessionId: randomUUID(),
    staffId: null,
    departmentId: null,
    roleIds: [],
    name: `user-${c.userId.slice(0, 4)}`,
    lang: 'en',
    isAdmin: false,
    ability: [{ action: 'manage', subject: 'payment' }],
    staffScope: { type: 'VIEW_ALL', departmentIds: null },
    projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
    ip: '127.0.0.1',
    userAgent: 'jest',
    ...c,
  };
}

export interface SignedResponse {
  status: number;
  body: { success: boolean; data: any; message?: string; errors?: any[] };
}

/** Calls a service directly (no gateway) with a signed caller context: for services built inside a test. */
export async function callAs(base: string, codec: ContextCodec, ctx: CallerContext, method: string, path: string, body?: unknown): Promise<SignedResponse> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { 'x-portal-context': codec.sign(ctx), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as SignedResponse['body'] };
}

import type { ContextCodec } from '@portal/service-kit';
import { INTERNAL_HEADER } from '@portal/service-kit';

/** Calls another service's /internal routes with a service token; a failure yields null (callers fail closed). */
export async function internalGet<T>(codec: ContextCodec, baseUrl: string, path: string): Promise<T | null> {
  try {
    const res = await fetch(`${baseUrl}${path}`, { headers: { [INTERNAL_HEADER]: codec.internalToken('system') }, signal: AbortSignal.timeout(3000) });
    if (!res.ok) return null;
    const body = (await res.json()) as { data: T };
    return body.data;
  } catch {
    return null;
  }
}

import type { ContextCodec } from '@portal/service-kit';
import { INTERNAL_HEADER, fetchAny } from '@portal/service-kit';

/** Calls another service's /internal routes with a service token (`baseUrl` may list several instances); a failure yields null (callers fail closed). */
export async function internalGet<T>(codec: ContextCodec, baseUrl: string, path: string): Promise<T | null> {
  try {
    const res = await fetchAny(baseUrl, path, { headers: { [INTERNAL_HEADER]: codec.internalToken('system') }, timeoutMs: 3000 });
    if (!res.ok) return null;
    const body = (await res.json()) as { data: T };
    return body.data;
  } catch {
    return null;
  }
}

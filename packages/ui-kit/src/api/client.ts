import { useSession } from './session';
import { currentLang } from '../i18n/lang';

export const API_BASE = '/api/v1';

export interface FieldIssue {
  path: string;
  message: string;
}

/** A failed call: the server's message (already in the user's language) and its field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldIssue[] = [],
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export function queryString(q: Query = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh at a time, shared by every call that got a 401 (and by the live stream and uploads, which do not
 * go through `api`). False when there is no session to refresh; a refused refresh signs the user out.
 */
export async function refreshTokens(): Promise<boolean> {
  const { refreshToken, setTokens, clear } = useSession.getState();
  if (!refreshToken) return false;
  refreshing ??= (async () => {
    try {
      const res = await fetch(`${API_BASE}/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': currentLang() },
        body: JSON.stringify({ refreshToken }),
      });
      if (!res.ok) {
        clear();
        return false;
      }
      const body = (await res.json()) as { data: { accessToken: string; refreshToken: string } };
      setTokens(body.data);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => {
        refreshing = null;
      }, 0);
    }
  })();
  return refreshing;
}

export interface CallOptions {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  form?: FormData;
}

async function send(method: string, path: string, opts: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { 'accept-language': currentLang() };
  const token = useSession.getState().accessToken;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(`${API_BASE}${path}${queryString(opts.query)}`, { method, headers, body, signal: opts.signal });
}

async function call(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
  let res = await send(method, path, opts);
  if (res.status === 401 && !path.startsWith('/auth/sign-in') && (await refreshTokens())) res = await send(method, path, opts);
  if (res.status === 401 && !path.startsWith('/auth/')) useSession.getState().clear();
  if (!res.ok) {
    let message = res.statusText;
    let errors: FieldIssue[] = [];
    try {
      const b = (await res.json()) as { message?: string; errors?: FieldIssue[] };
      message = b.message ?? message;
      errors = b.errors ?? [];
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, message, errors);
  }
  return res;
}

/** JSON call: returns the envelope's `data`. */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: CallOptions = {}): Promise<T> {
  const res = await call(method, path, opts);
  const body = (await res.json()) as { data: T };
  return body.data;
}

/** A file answer as a Blob (signed in, refreshed once on 401): thumbnails of private images, downloads. */
export async function fetchBlob(path: string, query: Query = {}): Promise<Blob> {
  return (await call('GET', path, { query })).blob();
}

/**
 * A call whose answer is not (only) JSON — a file, or headers to read — with the same token refresh and errors as
 * `api` (a failed call throws ApiError): the import check answers either JSON or a marked workbook.
 */
export async function apiResponse(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: CallOptions = {}): Promise<Response> {
  return call(method, path, opts);
}

/** Downloads a file answer (exports, templates, attachments) under the given name. */
export async function download(path: string, fileName: string, query: Query = {}): Promise<void> {
  saveBlob(await fetchBlob(path, query), fileName);
}

/** Saves a Blob already in hand as a download under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

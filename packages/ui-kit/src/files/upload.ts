import type { MediaDto } from '@portal/contracts';
import { API_BASE, ApiError, queryString, refreshTokens, type FieldIssue } from '../api/client';
import { useSession } from '../api/session';
import { currentLang } from '../i18n/lang';

export interface UploadOptions {
  /** The record the files belong to, e.g. `staff:<id>`. */
  context?: string;
  /** Where the activity-log entry goes (defaults to the context on the server). */
  activityContext?: string;
  isPublic?: boolean;
  /** 0–100 while the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function send(form: FormData, url: string, opts: UploadOptions): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = useSession.getState().accessToken;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept-language', currentLang());
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, xhr.statusText || 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST /api/v1/files through XMLHttpRequest, for its upload progress: the multipart field `file`, the
 * session's token (refreshed once on 401, like every call of the api client), the user's language. Resolves
 * with the stored media; rejects with an ApiError carrying the service's message (413 too large, 415 wrong type).
 */
export async function uploadFiles(files: File[], opts: UploadOptions = {}): Promise<MediaDto[]> {
  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  const url = `${API_BASE}/files${queryString({ is_public: opts.isPublic ?? false, context: opts.context, activity_context: opts.activityContext })}`;
  let res = await send(form, url, opts);
  if (res.status === 401 && (await refreshTokens())) res = await send(form, url, opts);
  if (res.status === 401) useSession.getState().clear();
  const body = res.body as { data?: { data?: MediaDto[] }; message?: string; errors?: FieldIssue[] } | null;
  if (res.status < 200 || res.status >= 300 || !body?.data?.data) throw new ApiError(res.status, body?.message ?? `HTTP ${res.status}`, body?.errors ?? []);
  opts.onProgress?.(100);
  return body.data.data;
}

/**
 * Where to go after signing in: the `next` of the login page's address, only when it is a path of this portal.
 * Anything else — another host (`//evil.example/x`, `/\evil.example`, `https://…`), a scheme (`javascript:`), control
 * characters — is ignored for the home page, never followed and never an error page.
 */
export function safeNext(raw: string | null, origin = window.location.origin): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /[\u0000-\u001f\u007f]/.test(raw)) return '/';
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

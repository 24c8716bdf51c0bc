import type { RouteDecl } from '../kit/routes';
import { role } from './role';
import { permissionSetSchema } from './permission-set';

export * from './resources';
export * from './permission-set';

// The role's permission matrix is validated with its zod schema, given here: role.ts declares the field without it.
role.fields.permissions.schema = permissionSetSchema;

const pub = (method: RouteDecl['method'], path: string, summary: string): RouteDecl => ({ method, path, domain: 'system', access: 'public', summary });
/** A route that checks a password or a token: the gateway's stricter per-address limit (RouteDecl.limit). */
const auth = (r: RouteDecl): RouteDecl => ({ ...r, limit: 'auth' });
const signedIn = (method: RouteDecl['method'], path: string, summary: string): RouteDecl => ({ method, path, domain: 'system', access: 'signed-in', summary });

export const systemRoutes: RouteDecl[] = [
  auth(pub('POST', '/auth/sign-in', 'Sign in by email or username')),
  auth(pub('POST', '/auth/refresh', 'Rotate the refresh token')),
  auth(pub('POST', '/auth/forget-password', 'Email a password reset link')),
  auth(pub('POST', '/auth/reset-password', 'Set a new password with a reset token')),
  auth(pub('GET', '/auth/google', 'Start Google (OpenID Connect) sign-in')),
  auth(pub('GET', '/auth/google/callback', 'Finish Google (OpenID Connect) sign-in')),
  auth(pub('POST', '/auth/google/exchange', 'Exchange a one-time Google sign-in code for tokens')),
  // Answered by the gateway itself (gateway/src/encoding.ts); 404 encoding_disabled unless PAYLOAD_ENCODING=1.
  pub('POST', '/handshake', 'Payload encoding handshake (spec §9): a per-session AES-256-GCM key'),
  signedIn('POST', '/auth/sign-out', 'End this session'),
  signedIn('GET', '/auth/me', 'The signed-in user, staff and ability'),
  auth(signedIn('POST', '/auth/change-password', 'Change own password')),
  signedIn('GET', '/auth/sessions', 'Own sessions (devices)'),
  signedIn('GET', '/bookmarks/data', 'Own bookmarks'),
  signedIn('POST', '/bookmarks/update', 'Replace own bookmarks'),
  signedIn('GET', '/activity-log', 'Activity log entries the caller may see'),
  signedIn('POST', '/activity-log', 'Record an activity log entry'),
  {
    method: 'GET',
    path: '/permission',
    domain: 'system',
    access: { feature: 'permission', action: 'view' },
    summary: 'Features, actions and scopes a role can hold',
  },
  {
    method: 'POST',
    path: '/user/:id/unlock',
    domain: 'system',
    access: { feature: 'account', action: 'edit' },
    summary: 'Unlock an account locked by failed sign-ins',
  },
  { method: 'POST', path: '/user/:id/password', domain: 'system', access: 'admin', summary: 'Set a user password (administrators only)' },
  { method: 'GET', path: '/system_log', domain: 'system', access: { feature: 'setting', action: 'view' }, summary: 'System log' },
  { method: 'GET', path: '/system_log/export', domain: 'system', access: { feature: 'setting', action: 'view' }, summary: 'Export the system log to xlsx' },
  { method: 'GET', path: '/dev-mailbox', domain: 'system', access: 'admin', summary: 'Development mailbox (only when DEV_MAILBOX=1; administrators only)' },
];

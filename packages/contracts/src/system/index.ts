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

/** What GET /auth/methods answers: the ways to sign in this portal is configured for. */
export interface SignInMethods {
  password: true;
  google: boolean;
}

/** The system service's routes beyond the generated ones, by name (the service serves each through its declaration). */
export const systemApi = {
  signIn: auth(pub('POST', '/auth/sign-in', 'Sign in by email or username')),
  refresh: auth(pub('POST', '/auth/refresh', 'Rotate the refresh token')),
  forgetPassword: auth(pub('POST', '/auth/forget-password', 'Email a password reset link')),
  resetPassword: auth(pub('POST', '/auth/reset-password', 'Set a new password with a reset token')),
  // Asked by the sign-in page before it offers a way in: no Google button that leads to an error page.
  signInMethods: pub('GET', '/auth/methods', 'The ways in this portal offers: { password: true, google } (google: OpenID Connect configured)'),
  google: auth(pub('GET', '/auth/google', 'Start Google (OpenID Connect) sign-in')),
  googleCallback: auth(pub('GET', '/auth/google/callback', 'Finish Google (OpenID Connect) sign-in')),
  googleExchange: auth(pub('POST', '/auth/google/exchange', 'Exchange a one-time Google sign-in code for tokens')),
  // Answered by the gateway itself (gateway/src/encoding.ts); 404 encoding_disabled unless PAYLOAD_ENCODING=1.
  handshake: pub('POST', '/handshake', 'Payload encoding handshake (spec §9): a per-session AES-256-GCM key'),
  signOut: signedIn('POST', '/auth/sign-out', 'End this session'),
  me: signedIn('GET', '/auth/me', 'The signed-in user, staff and ability'),
  changePassword: auth(signedIn('POST', '/auth/change-password', 'Change own password')),
  sessions: signedIn('GET', '/auth/sessions', 'Own sessions (devices)'),
  bookmarks: signedIn('GET', '/bookmarks/data', 'Own bookmarks'),
  bookmarksUpdate: signedIn('POST', '/bookmarks/update', 'Replace own bookmarks'),
  activityLog: signedIn('GET', '/activity-log', 'Activity log entries the caller may see'),
  activityLogAdd: signedIn('POST', '/activity-log', 'Record an activity log entry'),
  permission: {
    method: 'GET',
    path: '/permission',
    domain: 'system',
    access: { feature: 'permission', action: 'view' },
    summary: 'Features, actions and scopes a role can hold',
  },
  userUnlock: {
    method: 'POST',
    path: '/user/:id/unlock',
    domain: 'system',
    access: { feature: 'account', action: 'edit' },
    summary: 'Unlock an account locked by failed sign-ins',
  },
  userPassword: { method: 'POST', path: '/user/:id/password', domain: 'system', access: 'admin', summary: 'Set a user password (administrators only)' },
  systemLog: { method: 'GET', path: '/system_log', domain: 'system', access: { feature: 'setting', action: 'view' }, summary: 'System log' },
  systemLogExport: {
    method: 'GET',
    path: '/system_log/export',
    domain: 'system',
    access: { feature: 'setting', action: 'view' },
    summary: 'Export the system log to xlsx',
  },
  devMailbox: {
    method: 'GET',
    path: '/dev-mailbox',
    domain: 'system',
    access: 'admin',
    summary: 'Development mailbox (only when DEV_MAILBOX=1; administrators only)',
  },
} satisfies Record<string, RouteDecl>;

export const systemRoutes: RouteDecl[] = Object.values(systemApi);

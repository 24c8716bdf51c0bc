// A real OpenID Connect provider for the tests (the `oidc-provider` package, ESM-only, hence its own
// process): `node test/support/oidc-provider.mjs` with CLIENT_ID, CLIENT_SECRET and REDIRECT_URI in the
// environment. It listens on a free loopback port and prints one JSON line `{"issuer": "..."}` when ready.
//
// Its login "page" is a tiny custom interaction: GET /interaction/:uid shows a form, POST
// /interaction/:uid/login with `email` (and `email_verified`, default "true") signs that person in.
// Consent is implied for the one client. Claims come from userinfo (the provider's default keeps the ID
// token to `sub`, as many providers do), so the relying party's userinfo path is exercised too.
import { createServer } from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';

const { CLIENT_ID, CLIENT_SECRET, REDIRECT_URI } = process.env;
if (!CLIENT_ID || !CLIENT_SECRET || !REDIRECT_URI) {
  console.error('CLIENT_ID, CLIENT_SECRET and REDIRECT_URI are required');
  process.exit(2);
}

/** accountId → claims of the people who signed in. */
const accounts = new Map();

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uris: [REDIRECT_URI],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: false } },
  pkce: { required: () => true },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, sub) {
    const claims = accounts.get(sub);
    return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
  },
  // First-party client: consent is implied.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});

const handle = provider.callback();
const readForm = async (req) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
};
const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

server.on('request', async (req, res) => {
  const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url.split('?')[0]);
  if (!m) return handle(req, res);
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== m[1]) throw new Error('interaction mismatch');
    if (!m[2] && req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(
        `<!doctype html><form method="post" action="/interaction/${escapeHtml(details.uid)}/login">` +
          `<input name="email"><input name="email_verified" value="true"><button>Sign in</button></form>`,
      );
    }
    if (m[2] && req.method === 'POST') {
      const form = await readForm(req);
      const accountId = `acc-${randomBytes(8).toString('hex')}`;
      accounts.set(accountId, { email: form.get('email') ?? '', email_verified: form.get('email_verified') !== 'false', name: form.get('email') ?? '' });
      return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    }
    res.statusCode = 405;
    return res.end();
  } catch (err) {
    res.statusCode = 400;
    return res.end(String(err?.message ?? err));
  }
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.stdout.write(`${JSON.stringify({ issuer })}\n`);

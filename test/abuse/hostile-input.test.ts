/**
 * Abuse, part 2: hostile input on every declared route (the contracts' route list, not a hand list) — path
 * parameters (traversal, encoded and overlong variants, huge numbers, SQL), query parameters (paging, order, filters,
 * dates, JSON, repeated and prototype keys), wrong content types, broken, deep, oversize and prototype-polluting
 * bodies, forged credentials and contexts, and the services called without the gateway. Always a 4xx with a message
 * (or, for a query the contract says to ignore, a normal answer), never a 5xx; the databases unchanged (every table and
 * the outbox, fingerprint.ts); and the process's Object.prototype untouched (the services run in this process).
 * test/fuzz.test.ts covers malformed write bodies of the resources' own CRUD routes; this file does not repeat it.
 *
 * Depth (test/support/depth.ts): per commit each route takes its own seed-drawn 8 of the hostile path segments, 6 of the
 * bodies and 8 query cases — so one run still sends every segment and body to some route, and the next commit to
 * others; the deep depth sends every one to every route (25 query cases).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { createSigner } from 'fast-jwt';
import { allResources, allRoutes, type ResourceDef, type RouteDecl } from '@portal/contracts';
import { png } from '../support/images';
import { createSample } from '../support/samples';
import { startTestStack, type Api, type TestStack } from '../support/stack';
import { testedRoutes } from '../support/resources';
import { fingerprint } from './fingerprint';
import { casesOf, sampleOf, SEED } from '../support/depth';

let s: TestStack;
let admin: Api;
let adminToken: string;
let base: URL;
let before: Record<string, unknown>;
/** An existing record for each resource, and other ids routes take. */
const ids = new Map<string, string>();

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  adminToken = await s.adminToken();
  admin = s.api(adminToken);
  base = new URL(s.url);
  for (const r of allResources) {
    const list = await admin.get(`${r.path}?limit=1`);
    ids.set(r.name, list.body.data.items[0]?.id ?? (await createSample(admin, r, 1)).id);
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png())]), 'a.png');
  ids.set('file', (await admin.raw('POST', '/files', { body: form })).body.data.data[0].id);
  ids.set('me', (await admin.get('/auth/me')).body.data.userData.id);
  ids.set(
    'costLimit',
    (await admin.get('/hr/approval-cost-limit')).body.data.items?.[0]?.id ?? (await admin.get('/hr/approval-cost-limit')).body.data[0]?.id ?? randomUUID(),
  );
  before = await fingerprint(s);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

interface Answer {
  status: number;
  text: string;
  json: any;
}

/** A request with the path sent exactly as given (no URL normalisation: `..` and `%2e` reach the server as written). */
function send(
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string | Buffer; token?: string | null; port?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(opts.token === null ? {} : { authorization: `Bearer ${opts.token ?? adminToken}` }),
    'accept-language': 'en',
    ...opts.headers,
  };
  if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: opts.port ?? base.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: any = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** A refusal as the contract has it: a 4xx whose JSON body carries a message. */
function refused(a: Answer, what: unknown) {
  const ok = a.status >= 400 && a.status < 500 && typeof a.json?.message === 'string' && a.json.message.length > 0;
  if (!ok) throw new Error(`expected a 4xx with a message: ${JSON.stringify(what)} → ${a.status} ${a.text.slice(0, 300)}`);
}

/** Never a 5xx; a 4xx has a message; a 2xx is the success envelope. */
function handled(a: Answer, what: unknown) {
  if (a.status >= 400) return refused(a, what);
  if (a.status >= 500 || (a.json && a.json.success === false))
    throw new Error(`unexpected answer: ${JSON.stringify(what)} → ${a.status} ${a.text.slice(0, 300)}`);
}

function notPolluted() {
  const probe = {} as Record<string, unknown>;
  for (const k of ['polluted', 'polluted2', 'isAdmin', 'admin']) if (probe[k] !== undefined) throw new Error(`Object.prototype polluted: ${k}`);
}

const resourceOf = (path: string): ResourceDef | undefined =>
  allResources.filter((r) => path === r.path || path.startsWith(`${r.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];

/** The route's path with its parameters filled: `value` for each, or an existing id when `value` is null. */
function concrete(route: RouteDecl, value: string | null): string {
  const existing = (param: string) => {
    if (route.path.startsWith('/files')) return ids.get('file')!;
    if (route.path.startsWith('/hr/approval-cost-limit')) return ids.get('costLimit')!;
    if (param === 'userId') return ids.get('me')!;
    const r = resourceOf(route.path);
    return (r && ids.get(r.name)) ?? randomUUID();
  };
  return `/api/v1${route.path.replace(/:([A-Za-z]+)|\*/g, (_m, name: string | undefined) => value ?? existing(name ?? '*'))}`;
}

/** Routes that are not simple request/answer calls, or whose GET writes by design: left out of the generic loops. */
const SKIP = new Set(['GET /notifications/stream', 'GET /notifications/read-all', 'POST /auth/sign-out']);
const routes = testedRoutes.filter((r) => !SKIP.has(`${r.method} ${r.path}`));
const withParams = routes.filter((r) => /:|\*/.test(r.path));
const gets = routes.filter((r) => r.method === 'GET');
const writes = routes.filter((r) => r.method !== 'GET');
const label = (r: RouteDecl) => `${r.method} ${r.path}`;

const SEGMENTS = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%252f..%252fetc%252fpasswd',
  '..%5c..%5cwindows%5cwin.ini',
  '%2e%2e',
  '.',
  '%00',
  'abc%00.png',
  '%C0%AE%C0%AE%C0%AF',
  '%E2%80%AEgnp.exe',
  '%F0%9F%92%A9',
  '%FF%FE',
  '99999999999999999999999999999999',
  '-1',
  '0',
  '1e309',
  'NaN',
  '0x7fffffff',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20staff%3B--',
  "'%20UNION%20SELECT%20password_hash%20FROM%20app_user--",
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  `${randomUUID()}_${randomUUID()}`,
  '%7B%7B7*7%7D%7D',
  '%24%7B7*7%7D',
  '__proto__',
  'constructor',
  'a'.repeat(3000),
  '%25',
  '%',
  '%zz',
  '%u002e',
];
/** Whole sub-paths: traversal that changes the number of segments, towards /internal routes and other services. */
const TRAVERSALS = [
  '../../../etc/passwd',
  '../../internal/org/parents',
  '..%2f..%2finternal%2forg%2fparents',
  './../../internal/authz/x',
  '%2e%2e/%2e%2e/internal/org/parents',
  '..;/..;/internal/org/parents',
];

describe('hostile path parameters on every route that takes one', () => {
  test.each(withParams.map((r) => [label(r), r] as const))('%s', async (_l, route) => {
    // Per commit, each route takes its own draw of the hostile segments (every one is sent to some route in a run); the
    // deep depth sends every one to every route.
    for (const v of sampleOf([...SEGMENTS, ...TRAVERSALS], 8, label(route))) {
      const path = concrete(route, v);
      const a = await send(
        route.method,
        path,
        route.method === 'GET' || route.method === 'DELETE' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' },
      );
      // A parameter that filters rather than names a record (whose notifications): a well-formed id of nobody is an empty list.
      if (route.path.includes(':userId') && /^[0-9a-f-]{36}$/i.test(v)) handled(a, { route: label(route), path });
      else refused(a, { route: label(route), path: path.slice(0, 200) });
    }
    notPolluted();
  });

  test("traversal past the gateway never reaches a service's internal routes or the web fallback", async () => {
    for (const p of [
      '/api/v1/files/../../internal/org/parents',
      '/api/v1/files/..%2f..%2finternal%2fauthz%2fx',
      '/api/v1/staff/../../internal/org/parents',
      '/api/v1/../../internal/org/parents',
      '/internal/org/parents',
      '/api/v1/%2e%2e/%2e%2e/internal/org/parents',
      '/api/v1/files/%2e%2e/%2e%2e/internal/records/staff/x/department',
    ]) {
      for (const token of [adminToken, null]) {
        const a = await send('GET', p, { token });
        refused(a, { path: p, token: Boolean(token) });
        expect(a.text).not.toMatch(/parent_id|department_id/);
      }
    }
  });
});

// ---------- queries ----------

const HOSTILE_VALUES = [
  "' OR 1=1 --",
  '"; DROP TABLE staff; --',
  '1) UNION SELECT password_hash FROM app_user --',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e',
  '{"$ne":null}',
  '{"__proto__":{"polluted":1}}',
  '[1,2,3]',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '-1',
  '0',
  '1e12',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999',
  '1.5',
  'abc',
  '',
  '31/02/2024',
  '2024-13-45',
  '2024-02-30',
  '0000-00-00',
  '99/99/9999',
  '2024-01-01T25:61:00Z',
  '1/1/1',
  'yesterday',
  '29/02/2023',
];
const QUERY_KEYS = [
  'page',
  'limit',
  'q',
  'order',
  'f_state',
  'date',
  'year',
  'from',
  'to',
  'organization_id',
  'recruitment_id',
  'staff_id',
  'fileName',
  'context',
  'dry_run',
  'f_context',
  'f_level',
  'f_document_type',
  'is_public',
  'activity_context',
  'type',
  'f_approver_id',
];

function queryKeysOf(route: RouteDecl): string[] {
  const r = resourceOf(route.path);
  return [...QUERY_KEYS, ...(r ? Object.keys(r.fields).map((k) => `f_${k}`) : [])];
}

const ORDER_VALUES = [
  'password_hash desc',
  'created_date desc; DROP TABLE staff',
  'created_date desc, (SELECT 1)',
  '1 desc',
  'created_date sideways',
  'created_date desc,created_date desc,created_date desc,created_date desc,created_date desc',
  'pg_sleep(10)',
  'id desc',
  '"state" desc',
];

describe('hostile query parameters on every GET route', () => {
  test.each(gets.map((r) => [label(r), r] as const))('%s', async (_l, route) => {
    const path = concrete(route, null);
    const keys = queryKeysOf(route);
    const value = fc.oneof(fc.constantFrom(...HOSTILE_VALUES), fc.constantFrom(...ORDER_VALUES), fc.string({ maxLength: 40 }), fc.integer().map(String));
    // One key at a time, then random sets of them, repeated keys and bracketed (object-like) keys.
    const single = fc.tuple(fc.constantFrom(...keys), value).map(([k, v]) => new URLSearchParams([[k, v]]).toString());
    const many = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 }).map((d) => new URLSearchParams(d).toString());
    const odd = fc.constantFrom(
      'limit=1&limit=-1&limit=abc',
      'page[]=1&limit[]=2',
      '__proto__[polluted]=1',
      'constructor[prototype][polluted2]=1',
      'f_state[$ne]=x',
      'q=%',
      'q=%25%27',
      'order=',
      'page=1%00',
      `f_id=${randomUUID()},x`,
      'a=1&'.repeat(500),
      '%zz=1',
      'q=%C0%AE',
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(single, many, odd), async (qs) => {
        const a = await send('GET', `${path}?${qs}`);
        handled(a, { route: label(route), qs: qs.slice(0, 300) });
        if (a.status === 200 && a.json?.data && typeof a.json.data.limit === 'number') expect(a.json.data.limit).toBeLessThanOrEqual(300);
      }),
      { numRuns: casesOf('HOSTILE_RUNS', 25, 8), seed: SEED },
    );
    notPolluted();
  });

  test("the contract's own rules: paging junk is ignored, an injected order is a 400 naming it, bad report dates are 400", async () => {
    for (const qs of ['limit=-1', 'limit=1e12', 'page=abc', 'limit=0', 'page=-3']) {
      const a = await send('GET', `/api/v1/staff?${qs}`);
      expect(a.status).toBe(200);
      expect(a.json.data.limit).toBeLessThanOrEqual(300);
      expect(a.json.data.page).toBeGreaterThanOrEqual(1);
    }
    // (Past four parts an order is cut, by design: the fifth is never read.)
    for (const order of ORDER_VALUES.filter((o) => !o.startsWith('id ') && !o.startsWith('created_date desc,created_date'))) {
      const a = await send('GET', `/api/v1/staff?order=${encodeURIComponent(order)}`);
      expect([order, a.status]).toEqual([order, 400]);
      expect(a.json.errors[0].path).toBe('order');
    }
    for (const [path, qs] of [
      ['/hr-report/head-count', 'date=31/02/2024'],
      ['/hr-report/head-count', 'date=2024-13-01'],
      ['/hr-report/leave', 'year=1e9'],
      ['/hr-report/recruitment-funnel', 'from=2024-12-31&to=2024-01-01'],
      ['/hr-report/contract-types', 'organization_id=../../x'],
      ['/staff-leave/calendar', 'from=2024-01-01&to=2025-01-01'],
      ['/staff-leave/balance', 'staff_id=1%20OR%201=1'],
    ] as const) {
      const a = await send('GET', `/api/v1${path}?${qs}`);
      expect([path, qs, a.status]).toEqual([path, qs, 400]);
      expect(a.json.message).toBeTruthy();
    }
    for (const f of [
      'staff?f_department_id={"$ne":null}',
      'staff?f_gender=["MALE"]',
      `staff?f_status=${encodeURIComponent("OFFICIAL' OR '1'='1")}`,
      'staff-leave-day?f_year=1e400',
      'staff-leave-day?f_year=99999999999',
      'leave-type?f_paid=maybe',
      'staff?f_manager_id=../../etc/passwd',
    ]) {
      const a = await send('GET', `/api/v1/${f}`);
      expect([f, a.status]).toEqual([f, 400]);
      expect(a.json.errors.length).toBeGreaterThan(0);
    }
  });
});

// ---------- bodies and content types ----------

const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const BODIES: { what: string; type?: string; body: string | Buffer }[] = [
  { what: 'text/plain', type: 'text/plain', body: 'hello' },
  { what: 'text/plain JSON', type: 'text/plain', body: '{"email":"a@b.c","password":"x"}' },
  { what: 'xml', type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
  { what: 'form', type: 'application/x-www-form-urlencoded', body: 'email=a%40b.c&password=x&items=1' },
  {
    what: 'multipart instead of JSON',
    type: 'multipart/form-data; boundary=XyZ',
    body: '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue\r\n--XyZ--\r\n',
  },
  { what: 'multipart without a boundary', type: 'multipart/form-data', body: 'garbage' },
  { what: 'no content type', body: '{"a":1}' },
  { what: 'json utf-16 charset', type: 'application/json; charset=utf-16', body: '{"a":1}' },
  { what: 'broken json', type: 'application/json', body: '{"a":' },
  { what: 'json with a BOM and trailing garbage', type: 'application/json', body: '\uFEFF{"a":1} trailing' },
  { what: 'json null', type: 'application/json', body: 'null' },
  { what: 'json string', type: 'application/json', body: '"str"' },
  { what: 'json array', type: 'application/json', body: '[1,2,3]' },
  { what: 'json huge number', type: 'application/json', body: '{"quantity":1e400,"limit":-1e400,"year":9007199254740993,"amount":1e309}' },
  {
    what: 'prototype pollution',
    type: 'application/json',
    body: '{"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted2":"yes"}}}',
  },
  { what: 'deep nesting', type: 'application/json', body: deep(20_000) },
  { what: 'deep arrays', type: 'application/json', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { what: 'oversize body', type: 'application/json', body: `{"name":"${'x'.repeat(3 * 1024 * 1024)}"}` },
  {
    what: 'oversize strings',
    type: 'application/json',
    body: JSON.stringify({ name: 'x'.repeat(1_000_000), code: 'y'.repeat(100_000), email: `${'a'.repeat(70_000)}@b.c`, description: 'z'.repeat(500_000) }),
  },
  { what: 'control characters', type: 'application/json', body: JSON.stringify({ name: 'a\u0000b', note: '\u0007\u001b[31m', email: 'a@b.c\r\nBcc: x@y.z' }) },
];

describe('wrong content types, broken, deep, oversize and polluting bodies on every write route', () => {
  // Well-formed JSON objects: a route may accept them (unknown keys are dropped) but never answer a 5xx.
  // (A charset other than UTF-8 on JSON is read as UTF-8 by Fastify: a valid object then, like any other.)
  const wellFormed = new Set(['prototype pollution', 'json huge number', 'control characters', 'oversize strings', 'json utf-16 charset', 'deep nesting']);
  /**
   * Routes with a body of their own that an existing record is also sent to (nothing may be written to it either). Left
   * out: deletes and actions whose body is optional (an approval action, an unlock), which a malformed body does not stop.
   */
  const takesBody = (r: RouteDecl) => r.method === 'PUT' || /\/(status|reapply|password)$/.test(r.path);

  test.each(writes.map((r) => [label(r), r] as const))('%s', async (_l, route) => {
    const hasParams = /:|\*/.test(route.path);
    // Per commit, each route takes its own draw of the bodies (every one is sent to some route in a run); deep, all of them.
    const drawn = sampleOf(BODIES, 6, label(route));
    const targets = [{ path: concrete(route, hasParams ? randomUUID() : null), bodies: drawn }];
    if (hasParams && takesBody(route))
      targets.push({ path: concrete(route, null), bodies: drawn.filter((b) => !wellFormed.has(b.what) && !b.what.startsWith('oversize')) });
    for (const { path, bodies } of targets) {
      for (const b of bodies) {
        const a = await send(route.method, path, { headers: b.type ? { 'content-type': b.type } : {}, body: b.body });
        if (wellFormed.has(b.what)) handled(a, { route: label(route), path, body: b.what });
        else refused(a, { route: label(route), path, body: b.what });
      }
    }
    notPolluted();
  });
});

// ---------- credentials, contexts, headers ----------

describe('forged credentials and contexts', () => {
  const wrongKey = 'k'.repeat(48);
  const forgedContext = createSigner({ key: wrongKey, algorithm: 'HS256', expiresIn: 60_000, iss: 'portal-gateway' })({
    ctx: {
      userId: randomUUID(),
      sessionId: randomUUID(),
      staffId: null,
      name: 'x',
      lang: 'en',
      isAdmin: true,
      ability: [{ action: 'manage', subject: 'all' }],
      staffScope: { type: 'VIEW_ALL', departmentIds: null },
      projectScope: { type: 'VIEW_ALL', projectIds: null, departmentIds: null },
      ip: '1.2.3.4',
      userAgent: 'x',
    },
  });
  const badTokens = () => [
    'x'.repeat(12_000),
    'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwic2lkIjoieCIsImlzcyI6InBvcnRhbCJ9.', // alg none
    createSigner({ key: wrongKey, algorithm: 'HS256', iss: 'portal', expiresIn: 60_000 })({ sub: randomUUID(), sid: randomUUID() }),
    `${adminToken.slice(0, -4)}AAAA`, // tampered signature
    adminToken.split('.').slice(0, 2).join('.'), // signature dropped
  ];

  test('bad bearer tokens are 401 on every signed-in route, with a message; other schemes too', async () => {
    const guarded = routes.filter((r) => r.access !== 'public');
    for (const route of guarded) {
      const token = badTokens()[guarded.indexOf(route) % badTokens().length]!;
      refused(
        await send(route.method, concrete(route, null), {
          token,
          ...(route.method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
        }),
        { route: label(route) },
      );
    }
    for (const h of ['Basic YWRtaW46YWRtaW4=', 'Bearer', 'Bearer  ', `Bearer ${adminToken} extra`, `bearer\t${'y'.repeat(100)}`]) {
      const a = await send('GET', '/api/v1/staff', { token: null, headers: { authorization: h } });
      expect([h.slice(0, 30), a.status]).toEqual([h.slice(0, 30), 401]);
    }
  });

  test('a context header sent from outside is never trusted; internal headers are stripped', async () => {
    const a = await send('GET', '/api/v1/staff', { token: null, headers: { 'x-portal-context': forgedContext, 'x-portal-internal': forgedContext } });
    expect(a.status).toBe(401);
    const b = await send('POST', '/api/v1/staff', {
      token: null,
      headers: { 'x-portal-context': forgedContext, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'FORGED', full_name: 'Forged' }),
    });
    expect(b.status).toBe(401);
  });

  test('every declared route called on its service without the gateway is 401: services trust nothing but a signed context', async () => {
    for (const route of allRoutes) {
      const svc = s.services[route.domain];
      // Answered by the gateway itself: the payload-encoding handshake and the live notification stream.
      if (!svc || route.path === '/handshake' || route.path === '/notifications/stream') continue;
      const port = new URL(svc.url).port;
      const path = concrete(route, null);
      for (const headers of [{}, { 'x-portal-context': forgedContext }, { 'x-portal-context': 'not.a.jwt' }] as Record<string, string>[]) {
        const a = await send(route.method, path, {
          token: null,
          port: Number(port),
          headers: { ...headers, ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(route.method === 'GET' ? {} : { body: '{}' }),
        });
        expect([label(route), Object.keys(headers), a.status]).toEqual([label(route), Object.keys(headers), 401]);
      }
    }
    for (const [domain, svc] of Object.entries(s.services)) {
      for (const p of [
        '/internal/org/parents',
        '/internal/authz/00000000-0000-0000-0000-000000000000',
        `/internal/records/staff/${ids.get('staff')}/department`,
        '/internal/staff/x',
      ]) {
        const a = await send('GET', p, { token: null, port: Number(new URL(svc!.url).port), headers: { 'x-portal-internal': forgedContext } });
        expect([domain, p, a.status >= 400 && a.status < 500]).toEqual([domain, p, true]);
      }
    }
  });

  test('odd headers change nothing: a long Accept-Language, a spoofed X-Forwarded-For, an odd Accept', async () => {
    const a = await send('GET', '/api/v1/staff?limit=1', {
      headers: { 'accept-language': `${'en,'.repeat(2000)}vi;q=abc`, 'x-forwarded-for': '127.0.0.1, 10.0.0.1', accept: 'application/xml' },
    });
    expect(a.status).toBe(200);
    const b = await send('GET', '/api/v1/staff/not-a-uuid', { headers: { 'accept-language': '../../etc/passwd' } });
    refused(b, 'accept-language');
  });
});

test('after all of it: every database is as it was, and nothing was polluted', async () => {
  notPolluted();
  expect(await fingerprint(s)).toEqual(before);
});

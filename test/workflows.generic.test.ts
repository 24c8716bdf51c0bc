/**
 * The generated suite of status machines: for every resource declaring a `workflow`, from its declaration — every
 * move the table does not allow, from every status, is a 422 naming both statuses (vi and en) and leaves the record as
 * it was; every move it allows is made when the caller may (the administrator, the record approved), what the move
 * records (`workflow.records`) given, and refused with a 400 on each of them without; the spec's alias of the move
 * (`workflow.alias`) answers as `POST <path>/:id/status`. One stack; each resource's cases on one record, its status
 * set by SQL on the service's database before each.
 */
import { aliasIdInPath, PORTAL_TIME_ZONE, resourceByName, seriesOpenStatuses, seriesPaths } from '@portal/contracts';
import { testedResources, type ResourceDef } from './support/resources';
import { createSample, sampleBody, sampleValue } from './support/samples';
import { EN, eventually, startTestStack, type Api, type TestStack } from './support/stack';
import { readyTable } from './support/workflow-ready';

jest.setTimeout(120_000);
let s: TestStack;
let admin: Api;
beforeAll(async () => {
  s = await startTestStack();
  admin = s.api(await s.adminToken());
});
afterAll(async () => {
  await s?.close();
});

/** What each domain's own rules need before a move (test/<domain>/workflow-ready.ts), by resource name. */
const READY = readyTable();

const lowerFirst = (x: string) => x.charAt(0).toLowerCase() + x.slice(1);

describe.each(testedResources.filter((r) => r.workflow).map((r) => [r.name, r] as const))('%s', (_name, r: ResourceDef) => {
  const wf = r.workflow!;
  const field = r.fields[wf.field]!;
  const values = field.values!.map(String);
  const label = (v: string) => field.valueLabels?.[v] ?? { vi: v, en: v };
  const wrong = values.flatMap((from) => values.filter((to) => !(wf.moves[from] ?? []).includes(to)).map((to) => [from, to] as const));
  const right = values.flatMap((from) => (wf.moves[from] ?? []).map((to) => [from, to] as const));
  const pool = () => s.services[r.domain]!.pool;
  const rowOf = async (id: string) => (await pool().query(`SELECT * FROM ${r.table} WHERE id = $1`, [id])).rows[0];
  /** The record put in `from` by SQL, with `extra` columns. */
  const put = async (id: string, from: string, extra: Record<string, unknown> = {}) => {
    const cols = { ...extra, [wf.field]: from };
    await pool().query(
      `UPDATE ${r.table} SET ${Object.keys(cols)
        .map((k, i) => `${k} = $${i + 2}`)
        .join(', ')} WHERE id = $1`,
      [id, ...Object.values(cols)],
    );
  };
  /** A status named through an alias `via` another resource: a record of it holding the status, one per status. */
  const viaIds: Record<string, string> = {};
  const statusBody = async (to: string): Promise<Record<string, unknown>> => {
    const via = wf.alias?.via;
    if (!via) return {};
    const target = resourceByName.get(via.resource)!;
    viaIds[to] ??= (await admin.post(target.path, { ...(await sampleBody(admin, target, 43)), [via.field]: to })).body.data.id;
    return { [wf.alias!.status]: viaIds[to] };
  };
  /** The move `to` of `id`, through `POST <path>/:id/status` or the alias. */
  const move = async (id: string, to: string, body: Record<string, unknown>, viaAlias: boolean, headers: Record<string, string> = EN) => {
    if (!viaAlias) return admin.post(`${r.path}/${id}/status`, { status: to, ...(await statusBody(to)), ...body }, headers);
    return viaTheAlias({ id, [wf.alias!.status]: to, ...(await statusBody(to)), ...body }, headers);
  };
  /**
   * The alias called with `body` (its `id` the record's): `POST <alias> { <id field>: id, … }`, or for an alias carrying
   * the id in its path (`PUT …/:id/change-status`) the path with `id` in it and the rest as the body.
   */
  const viaTheAlias = (sent: Record<string, unknown>, headers: Record<string, string> = EN, api: Api = admin) => {
    const a = wf.alias!;
    const { id, ...rest } = sent;
    if (aliasIdInPath(a)) return (a.method === 'PUT' ? api.put : api.post)(a.path.replace(':id', String(id ?? 'not-an-id')), rest, headers);
    return (a.method === 'PUT' ? api.put : api.post)(a.path, { ...(id === undefined ? {} : { [a.id!]: id }), ...rest }, headers);
  };

  test(`every move its table does not allow (${wrong.length}) is a 422 naming both statuses, in vi and en, the record unchanged`, async () => {
    const rec = await createSample(admin, r, 40);
    for (const [from, to] of wrong) {
      await put(rec.id, from);
      const before = await rowOf(rec.id);
      for (const viaAlias of wf.alias ? [false, true] : [false]) {
        const en = await move(rec.id, to, {}, viaAlias);
        expect([from, to, viaAlias, en.status, en.body.message]).toEqual([
          from,
          to,
          viaAlias,
          422,
          `This ${lowerFirst(r.label.en)} cannot go from "${label(from).en}" to "${label(to).en}"`,
        ]);
        const vi = await move(rec.id, to, {}, viaAlias, {});
        expect([from, to, vi.status, vi.body.message]).toEqual([
          from,
          to,
          422,
          `Không thể chuyển ${lowerFirst(r.label.vi)} từ "${label(from).vi}" sang "${label(to).vi}"`,
        ]);
      }
      expect(await rowOf(rec.id)).toEqual(before);
    }
  });

  test(`every move its table allows (${right.length}) is made by who may, with what it records (400 on each without), alternately through the alias`, async () => {
    const ready = READY.get(r.name) ?? {};
    const rec = await createSample(admin, r, 41, { refs: await ready.refs?.(admin) });
    await ready.prepare?.(admin, rec);
    // The caller may: the administrator, on a record whose approval is done.
    const approved = r.approval ? { [r.approval.statusField ?? 'approval_status']: 'APPROVED' } : {};
    let last: readonly [string, string] | null = null;
    for (const [i, [from, to]] of right.entries()) {
      const viaAlias = Boolean(wf.alias) && i % 2 === 1;
      await put(rec.id, from, { ...approved, ...ready.set?.(to) });
      const recorded = wf.records?.[to] ?? [];
      const values = { ...Object.fromEntries(recorded.map((k) => [k, sampleValue(k, r.fields[k]!, 41, 'wf')])), ...ready.records?.(to) };
      if (recorded.length) {
        const before = await rowOf(rec.id);
        const bare = await move(rec.id, to, ready.body?.(to) ?? {}, viaAlias);
        expect([from, to, bare.status, (bare.body.errors ?? []).map((e: { path: string }) => e.path).sort()]).toEqual([from, to, 400, [...recorded].sort()]);
        expect(await rowOf(rec.id)).toEqual(before);
      }
      const res = await move(rec.id, to, { ...values, ...ready.body?.(to), note: `Chuyển ${from} → ${to}` }, viaAlias);
      expect([from, to, viaAlias, res.status, res.body.message, res.body.errors]).toEqual([from, to, viaAlias, 200, undefined, undefined]);
      expect(res.body.data).toMatchObject({ [wf.field]: to, ...values });
      last = [from, to];
    }
    // Each move is in the record's history, with its note.
    if (last) {
      await eventually(async () => {
        const log = await admin.get(`/activity-log?q=${r.name}:${rec.id}&limit=300`);
        // The move's note is its entry (after the declared title, workflow.activity, where there is one).
        const note = `Chuyển ${last![0]} → ${last![1]}`;
        const said = log.body.data.items.map((e: { description: string | null }) => e.description ?? '');
        expect([note, said.some((d: string) => (wf.activity ? d.endsWith(` — ${note}`) : d === note))]).toEqual([note, true]);
      });
    }
  });

  const series = r.series;
  if (series?.cancel)
    test(`the rest of a series is cancelled as each occurrence's own move to ${series.cancel}; one no longer open is left as it is, and from it nothing moves (422)`, async () => {
      const open = seriesOpenStatuses(series, wf)!;
      const body = await sampleBody(admin, r, 45);
      const start = String(body[series.start]);
      const day =
        r.fields[series.start]!.type === 'date' ? start.slice(0, 10) : new Intl.DateTimeFormat('en-CA', { timeZone: PORTAL_TIME_ZONE }).format(new Date(start));
      const until = new Date(Date.parse(day) + 3 * 86_400_000).toISOString().slice(0, 10);
      const made = await admin.post(seriesPaths(r.path).create, { ...body, repeat: 'DAILY', repeat_until: until }, EN);
      expect([made.status, made.body.data?.created]).toEqual([200, 4]);
      const ids = (made.body.data.items as { id: string }[]).map((x) => x.id);
      // The third closed another way (a status no move to the cancel leaves from), if the table has one.
      const closedStatus = values.find((v) => !open.includes(v) && v !== series.cancel);
      if (closedStatus) await put(ids[2]!, closedStatus);
      const res = await admin.post(seriesPaths(r.path).cancel, { id: ids[1], note: 'Hủy từ lần thứ hai' }, EN);
      expect([res.status, res.body.data?.cancelled]).toEqual([200, closedStatus ? 2 : 3]);
      const statuses = await Promise.all(ids.map(async (id) => (await rowOf(id))[wf.field]));
      expect(statuses).toEqual([statuses[0], series.cancel, closedStatus ?? series.cancel, series.cancel]);
      expect(open).toContain(statuses[0]);
      // Each move is in its record's history, with the note.
      await eventually(async () => {
        const log = await admin.get(`/activity-log?q=${r.name}:${ids[3]}&limit=300`);
        expect(log.body.data.items.map((e: { description: string | null }) => e.description)).toContain('Hủy từ lần thứ hai');
      });
      const again = await admin.post(seriesPaths(r.path).cancel, { id: ids[1] }, EN);
      expect([again.status, again.body.message]).toEqual([422, `This ${lowerFirst(r.label.en)} has ended or was cancelled`]);
      const vi = await admin.post(seriesPaths(r.path).cancel, { id: ids[3] }, {});
      expect([vi.status, vi.body.message]).toEqual([422, `${r.label.vi} này đã kết thúc hoặc đã hủy`]);
    });

  if (wf.alias)
    test(`the alias ${wf.alias.path}: the id and the status required (400 on each), an unknown record 404, anonymous 401`, async () => {
      const a = wf.alias!;
      const inPath = aliasIdInPath(a);
      // The id in the body: required and checked like the status; in the path: a path that names no record is not found.
      const empty = await viaTheAlias(inPath ? { id: '00000000-0000-4000-8000-000000000000' } : {});
      const emptyPaths = inPath ? [a.status] : [a.id!, a.status].sort();
      expect([empty.status, empty.body.errors?.map((e: { path: string }) => e.path).sort()]).toEqual([400, emptyPaths]);
      for (const e of empty.body.errors) expect(e.message).toBeTruthy();
      if (!inPath) {
        const bad = await viaTheAlias({ id: 'not-an-id', ...(await statusBody(values[0]!)), ...(a.via ? {} : { [a.status]: 'NO_SUCH_STATUS' }) });
        expect([bad.status, bad.body.errors.map((e: { path: string }) => e.path).sort()]).toEqual([400, a.via ? [a.id] : [a.id!, a.status].sort()]);
      } else {
        const bad = await viaTheAlias({ id: '00000000-0000-4000-8000-000000000000', [a.status]: 'NO_SUCH_STATUS' });
        expect([bad.status, bad.body.errors.map((e: { path: string }) => e.path)]).toEqual([400, [a.status]]);
      }
      const unknown = await move('00000000-0000-4000-8000-000000000000', values[0]!, {}, true);
      expect([unknown.status, unknown.body.message]).toEqual([404, 'Record not found']);
      if (a.via) {
        const rec = await createSample(admin, r, 44);
        const stranger = await viaTheAlias({ id: rec.id, [a.status]: '00000000-0000-4000-8000-000000000000' });
        expect([stranger.status, stranger.body.errors]).toEqual([400, [{ path: a.status, message: 'The status does not exist or is no longer used' }]]);
      }
      expect((await viaTheAlias({ id: '00000000-0000-4000-8000-000000000000' }, {}, s.api())).status).toBe(401);
    });
});

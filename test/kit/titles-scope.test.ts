/**
 * Titles through references obey the referenced record's scope across services too (service-kit
 * resource/titles.ts): a service asks the owner of another service's scoped records for their titles with the reader
 * (a context signed as the gateway signs it), the owner answers only what that reader may read, and nothing read for one
 * reader is kept for another. Without a reader, the owner names none of them; an import cell finds only records its
 * importer may read. On two kit services over real HTTP and a real PostgreSQL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { defineResource, f, resourceByName, type ResourceDef } from '@portal/contracts';
import { INTERNAL_HEADER, LocalBus } from '@portal/service-kit';
import { startKitService, type KitService } from '../support/kit-service';
import { callerContext } from '../support/signed';

jest.setTimeout(120_000);

/** Records of their owners (ScopeRule.owner), in one service. */
const secret = defineResource({
  name: 'testTitleSecret',
  domain: 'hr',
  path: '/test-title-secret',
  table: 'test_title_secret',
  feature: 'payment',
  label: { vi: 'Bí mật', en: 'Secret' },
  titleField: 'title',
  defaultOrder: 'created_date desc',
  scope: { owner: ['owner_id'] },
  fields: {
    title: f.text({ vi: 'Tên', en: 'Title' }, { required: true, list: true, search: true }),
    owner_id: f.ref('user', { vi: 'Chủ', en: 'Owner' }, { required: true }),
  },
});
/** Open records of another service pointing at them, one and several at a time. */
const note = defineResource({
  name: 'testTitleNote',
  domain: 'admin',
  path: '/test-title-note',
  table: 'test_title_note',
  feature: 'payment',
  label: { vi: 'Ghi chú', en: 'Note' },
  titleField: 'text',
  defaultOrder: 'created_date desc',
  fields: {
    text: f.text({ vi: 'Nội dung', en: 'Text' }, { required: true, list: true }),
    secret_id: f.ref('testTitleSecret', { vi: 'Bí mật', en: 'Secret' }, { list: true }),
    secret_ids: f.refs('testTitleSecret', { vi: 'Các bí mật', en: 'Secrets' }, { list: true }),
  },
});

const KEY = randomBytes(32).toString('hex');
const bus = new LocalBus();
let owner: KitService;
let notes: KitService;
const admin = { userId: randomUUID(), isAdmin: true };
const [alice, bob] = [randomUUID(), randomUUID()];
let s1: string;
let s2: string;
let n1: string;

beforeAll(async () => {
  // Another service's records are known by name (contracts' registry): these test ones for the time of the test.
  for (const r of [secret, note] as ResourceDef[]) resourceByName.set(r.name, r);
  owner = await startKitService({ domain: 'hr', resources: [secret], internalKey: KEY, bus });
  notes = await startKitService({ domain: 'admin', resources: [note], internalKey: KEY, bus });
  s1 = (await owner.call(admin, 'POST', '/test-title-secret', { title: "Alice's secret", owner_id: alice })).body.data.id;
  s2 = (await owner.call(admin, 'POST', '/test-title-secret', { title: "Bob's secret", owner_id: bob })).body.data.id;
  n1 = (await notes.call(admin, 'POST', '/test-title-note', { text: 'a note', secret_id: s1, secret_ids: [s1, s2] })).body.data.id;
});
afterAll(async () => {
  await notes?.close();
  await owner?.close();
  resourceByName.delete(secret.name);
  resourceByName.delete(note.name);
});

const titlesOf = (row: Record<string, unknown>) => [row.secret_id__title, row.secret_ids__titles];

test("a detail and a list name another service's scoped record only to a reader who may read it; no reader gets another's", async () => {
  expect(titlesOf((await notes.call(alice, 'GET', `/test-title-note/${n1}`)).body.data)).toEqual(["Alice's secret", ["Alice's secret", null]]);
  // Bob right after Alice: nothing Alice was told is kept for him.
  expect(titlesOf((await notes.call(bob, 'GET', `/test-title-note/${n1}`)).body.data)).toEqual([null, [null, "Bob's secret"]]);
  expect(titlesOf((await notes.call(bob, 'GET', '/test-title-note')).body.data.items[0])).toEqual([null, [null, "Bob's secret"]]);
  expect(titlesOf((await notes.call(admin, 'GET', '/test-title-note')).body.data.items[0])).toEqual(["Alice's secret", ["Alice's secret", "Bob's secret"]]);
});

test("the export prints the kit's placeholder, never the title nor the raw id", async () => {
  const res = await fetch(`${notes.base}/api/v1/test-title-note/export`, { headers: { 'x-portal-context': notes.codec.sign(callerContext({ userId: bob })) } });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const cells = JSON.stringify(wb.worksheets[0]!.getSheetValues());
  expect(cells).toContain("(không xem được), Bob's secret");
  expect(cells).not.toContain('Alice');
  expect(cells).not.toContain(s1);
});

test('the owner names none of them without a reader, and an import cell finds only what its importer may read', async () => {
  const res = await fetch(`${owner.base}/internal/titles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INTERNAL_HEADER]: owner.codec.internalToken('admin') },
    body: JSON.stringify({ resource: secret.name, ids: [s1, s2] }),
  });
  expect([res.status, ((await res.json()) as { data: unknown }).data]).toEqual([200, {}]);
  const lookup = (who: string) => notes.kit.titles.lookup(secret.name, ["alice's secret"], callerContext({ userId: who }));
  expect([...(await lookup(alice)).values()]).toEqual([s1]);
  expect([...(await lookup(bob)).values()]).toEqual([]);
});

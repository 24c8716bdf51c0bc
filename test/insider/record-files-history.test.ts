/**
 * A hole, reproduced on the demo company through the gateway: the engineer may not change a colleague's
 * ticket, so neither may they delete its attachments nor write into its history. Files and history follow the record's
 * own "may change" (the owning service's rule, asked of it: service-kit records.ts `editable`), not just the rights on
 * its feature and its visibility.
 */
import { DEMO_PASSWORD, EN, startTestStack, type Api, type ApiResponse, type TestStack } from '../support/stack';
import { png } from '../support/images';

jest.setTimeout(60_000);
let s: TestStack;
let admin: Api;
const staff: Record<string, string> = {};

const as = async (login: string) => s.api((await s.signIn(login, DEMO_PASSWORD)).accessToken);

async function attach(api: Api, context: string, n: number): Promise<ApiResponse> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png(2, 2, n))], { type: 'image/png' }), `evidence-${n}.png`);
  return api.raw('POST', `/files?context=${context}`, { body: form, headers: EN });
}
const fileState = async (id: string) => (await s.services.files!.pool.query<{ state: string }>('SELECT state FROM media WHERE id = $1', [id])).rows[0]?.state;
const history = async (api: Api, ticketId: string) =>
  ((await api.get(`/activity-log?q=ticket:${ticketId}&limit=300`)).body.data.items as { description: string | null }[]).map((e) => e.description);

beforeAll(async () => {
  s = await startTestStack({ demo: true });
  admin = s.api(await s.adminToken());
  for (const r of (await s.services.hr!.pool.query<{ id: string; code: string }>('SELECT id, code FROM staff')).rows) staff[r.code] = r.id;
});
afterAll(async () => {
  await s?.close();
});

describe('hole 7: attachments and history of a record one may not change', () => {
  test("the engineer neither deletes an attachment of a colleague's ticket nor writes into its history", async () => {
    const engineer = await as('engineer');
    const head = await as('head.kttc');
    // A colleague's ticket in the engineer's department (NV014 of Kỹ thuật - Thi công asked for a laptop): they read it…
    const {
      rows: [ticket],
    } = await s.services.admin!.pool.query<{ id: string }>(`SELECT id FROM ticket WHERE requester_id = $1 AND title LIKE 'Cấp laptop%'`, [staff.NV014]);
    expect((await engineer.get(`/ticket/${ticket!.id}`)).status).toBe(200);
    // …but may not change it.
    expect((await engineer.put(`/ticket/${ticket!.id}`, { title: 'Withdrawn' })).status).toBe(403);
    // Their head manages the department's tickets and attaches a file to it.
    const attached = await attach(head, `ticket:${ticket!.id}`, 1);
    expect([attached.status, attached.body.message]).toEqual([200, undefined]);
    const file = attached.body.data.data[0].id as string;

    // The file stays, with or without an activity context naming the ticket.
    for (const body of [{}, { activity_context: `ticket:${ticket!.id}` }]) {
      const del = await engineer.raw('DELETE', `/files/${file}`, { body: JSON.stringify(body), headers: { ...EN, 'content-type': 'application/json' } });
      expect([del.status, del.body.message]).toEqual([403, 'You may not change this record, so you cannot attach files to it or delete its files']);
    }
    expect(await fileState(file)).toBe('ACTIVE');
    expect((await head.get(`/files/${file}`)).status).toBe(200);
    // Nor may they attach files to it.
    const planted = await attach(engineer, `ticket:${ticket!.id}`, 2);
    expect([planted.status, planted.body.message]).toEqual([403, 'You may not change this record, so you cannot attach files to it or delete its files']);

    // No entry in its history: the head's view of it shows none.
    const note = 'Requester withdrew this request; please close';
    const logged = await engineer.post('/activity-log', { activity_context: `ticket:${ticket!.id}`, description: note }, EN);
    expect([logged.status, logged.body.message]).toEqual([400, 'Activity can only be logged on a record you may edit']);
    expect(await history(head, ticket!.id)).not.toContain(note);
  });

  test('on a ticket of their own they attach, delete and log, until it is cancelled; the head and an administrator still may', async () => {
    const engineer = await as('engineer');
    const head = await as('head.kttc');
    const own = await engineer.post('/ticket', { title: 'Màn hình bị sọc', requester_id: staff.NV004 });
    expect([own.status, own.body.message]).toEqual([200, undefined]);
    const id = own.body.data.id as string;
    const mine = (await attach(engineer, `ticket:${id}`, 3)).body.data.data[0].id as string;
    const second = (await attach(engineer, `ticket:${id}`, 4)).body.data.data[0].id as string;
    const third = (await attach(engineer, `ticket:${id}`, 5)).body.data.data[0].id as string;
    expect((await engineer.del(`/files/${mine}`, { activity_context: `ticket:${id}` })).status).toBe(200);
    expect((await engineer.post('/activity-log', { activity_context: `ticket:${id}`, description: 'Ảnh chụp màn hình đã gửi' })).status).toBe(200);
    expect(await history(head, id)).toContain('Ảnh chụp màn hình đã gửi');
    // The head manages it: they may delete an attachment of it too.
    expect((await head.del(`/files/${second}`)).status).toBe(200);

    // Cancelled (by the head), the ticket is no longer changed: its uploader no longer deletes their upload, nor adds any.
    expect((await head.post(`/ticket/${id}/status`, { status: 'CANCELLED' })).status).toBe(200);
    const late = await engineer.raw('DELETE', `/files/${third}`, { headers: EN });
    expect([late.status, late.body.message]).toEqual([403, 'You may not change this record, so you cannot attach files to it or delete its files']);
    expect((await attach(engineer, `ticket:${id}`, 6)).status).toBe(403);
    expect((await engineer.post('/activity-log', { activity_context: `ticket:${id}`, description: 'Sau khi hủy' })).status).toBe(400);
    // An administrator always may delete a file.
    expect((await admin.del(`/files/${third}`)).status).toBe(200);
    expect(await fileState(third)).toBe('INACTIVE');
  });
});

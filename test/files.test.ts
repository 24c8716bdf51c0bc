/**
 * The files service (spec §5 Uploads, §7 Files, §9 zip name) through the gateway over real HTTP: uploads
 * checked by content and size, downloads of one file or several as a zip, private files, soft delete, and
 * the S3 driver against a local S3-compatible server (s3rver).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, gzipSync, inflateRawSync } from 'node:zlib';
import S3rver from 's3rver';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { JsonCheck } from '../services/files/src/inspect/text';
import { png } from './support/images';
import { eventually, startTestStack, type Api, type ApiResponse, type TestStack } from './support/stack';

/** The configured upload limit of this file's stack (the default is 300 MB); images keep their 2 MB. */
const MAX = 3 * 1024 * 1024;
const IMAGE_MAX = 2 * 1024 * 1024;
const EN = { 'accept-language': 'en' };
const PASSWORD = 'Files@Portal2026';

// ---------- real files, built from bytes ----------

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
const MP4 = Buffer.concat([Buffer.from('00000018667479706973736f6d0000020069736f6d6d703431', 'hex'), Buffer.from('00000008', 'hex'), Buffer.from('free')]);
const RAR = Buffer.concat([Buffer.from('526172211a0700', 'hex'), Buffer.alloc(32, 1)]);
const ACCESS = Buffer.concat([Buffer.from('00010000', 'hex'), Buffer.from('Standard Jet DB\0', 'latin1'), Buffer.alloc(2028, 0)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from('1a000000', 'hex'), Buffer.from('WEBPVP8 '), Buffer.alloc(18, 0)]);
const BMP = Buffer.concat([Buffer.from('424d3a000000000000003600000028000000010000000100000001001800', 'hex'), Buffer.alloc(32, 0)]);
const ELF = Buffer.concat([Buffer.from('7f454c4602010100', 'hex'), Buffer.alloc(120, 0)]);
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58, 0),
  Buffer.from('80000000', 'hex'),
  Buffer.alloc(64, 0),
  Buffer.from('PE\0\0'),
  Buffer.alloc(64, 0),
]);
const HTML = Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script></body></html>\n');

/** A zip of stored entries, written by hand (local headers, central directory, end record). */
function zip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const n = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Reads a zip through its central directory (stored and deflated entries); throws on anything malformed. */
function unzip(buf: Buffer): Map<string, Buffer> {
  const endAt = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('no end of central directory');
  const count = buf.readUInt16LE(endAt + 10);
  let p = buf.readUInt32LE(endAt + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const csize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    if (buf.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + csize);
    const data = method === 0 ? Buffer.from(raw) : inflateRawSync(raw);
    if (crc32(data) !== crc) throw new Error(`crc mismatch in ${name}`);
    out.set(name, data);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

const DOCX = zip({
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  'word/document.xml':
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hợp đồng</w:t></w:r></w:p></w:body></w:document>',
});
const PPTX = zip({ '[Content_Types].xml': '<Types/>', '_rels/.rels': '<Relationships/>', 'ppt/presentation.xml': '<p:presentation/>' });

async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Nhân sự').addRows([
    ['Mã', 'Họ tên'],
    ['NV001', 'Nguyễn Văn A'],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A minimal OLE compound file (512-byte sectors: header, one FAT sector, one directory sector) with the given stream. */
function cfb(streamName: string): Buffer {
  const header = Buffer.alloc(512, 0);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(0xfffffffe, 4);
  const dir = Buffer.alloc(512, 0);
  const entry = (i: number, name: string, type: number) => {
    dir.write(name, i * 128, 'utf16le');
    dir.writeUInt16LE((name.length + 1) * 2, i * 128 + 0x40);
    dir[i * 128 + 0x42] = type;
    dir.writeUInt32LE(0xffffffff, i * 128 + 0x44);
    dir.writeUInt32LE(0xffffffff, i * 128 + 0x48);
    dir.writeUInt32LE(0xffffffff, i * 128 + 0x4c);
    dir.writeUInt32LE(0xfffffffe, i * 128 + 0x74);
  };
  entry(0, 'Root Entry', 5);
  entry(1, streamName, 2);
  dir.writeUInt32LE(1, 0x4c); // the root's child
  return Buffer.concat([header, fat, dir]);
}

// ---------- helpers ----------

type Part = { name: string; data: Buffer | string; type?: string };
const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

async function upload(api: Api, parts: Part[], query = 'is_public=false', headers: Record<string, string> = {}): Promise<ApiResponse> {
  const form = new FormData();
  for (const p of parts) form.append('file', new Blob([new Uint8Array(Buffer.from(p.data))], { type: p.type ?? 'application/octet-stream' }), p.name);
  return api.raw('POST', `/files?${query}`, { body: form, headers });
}

async function uploadOne(api: Api, part: Part, query?: string) {
  const res = await upload(api, [part], query);
  expect([part.name, res.status, res.body?.message]).toEqual([part.name, 200, undefined]);
  return res.body.data.data[0] as {
    id: string;
    name: string;
    size: number;
    mime: string;
    extension: string;
    md5_hash: string;
    is_public: boolean;
    context: string | null;
    owner: string;
    created_date: string;
    modified_date: string;
  };
}

async function roleUser(code: string, permissions: { feature: string; actions: string[] }[]): Promise<Api> {
  const role = await admin.post('/role', { code, name: code, staff_scope: 'VIEW_ALL', project_scope: 'VIEW_ALL', permissions });
  expect(role.status).toBe(200);
  const username = code.toLowerCase();
  const user = await admin.post('/user', { username, email: `${username}@example.com`, full_name: code, role_ids: [role.body.data.id] });
  expect(user.status).toBe(200);
  expect((await admin.post(`/user/${user.body.data.id}/password`, { password: PASSWORD })).status).toBe(200);
  return s.api((await s.signIn(username, PASSWORD)).accessToken);
}

const mediaCount = async (st: TestStack) => Number((await st.services.files!.pool.query('SELECT count(*) AS n FROM media')).rows[0].n);

// ---------- the stack ----------

let s: TestStack;
let admin: Api;
let nobody: Api;
let viewer: Api;
let editor: Api;
const filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'));
beforeAll(async () => {
  s = await startTestStack({ env: { FILES_MAX_BYTES: String(MAX), FILES_DIR: filesDir } });
  admin = s.api(await s.adminToken());
  nobody = await roleUser('NOBODY', []);
  viewer = await roleUser('STAFFVIEW', [{ feature: 'staff', actions: ['view'] }]);
  editor = await roleUser('STAFFEDIT', [{ feature: 'staff', actions: ['view', 'edit'] }]);
});
afterAll(async () => {
  await s?.close();
});

describe('upload: allowed types, recognised by content', () => {
  test('each allowed kind is accepted with its metadata and the md5 of its bytes', async () => {
    const cases: [Part, string, string][] = [
      [{ name: 'anh.png', data: png() }, 'image/png', 'png'],
      [{ name: 'anh.jpg', data: JPG }, 'image/jpeg', 'jpg'],
      [{ name: 'anh.gif', data: GIF }, 'image/gif', 'gif'],
      [{ name: 'hop-dong.pdf', data: PDF }, 'application/pdf', 'pdf'],
      [{ name: 'ho-so.zip', data: zip({ 'a.txt': 'xin chào', 'b/c.txt': 'hello' }) }, 'application/zip', 'zip'],
      [{ name: 'hop-dong.docx', data: DOCX }, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
      [{ name: 'nhan-su.xlsx', data: await xlsx() }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
      [{ name: 'bao-cao.pptx', data: PPTX }, 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
      [{ name: 'cu.doc', data: cfb('WordDocument') }, 'application/msword', 'doc'],
      [{ name: 'cu.xls', data: cfb('Workbook') }, 'application/vnd.ms-excel', 'xls'],
      [{ name: 'du-lieu.mdb', data: ACCESS }, 'application/x-msaccess', 'mdb'],
      [{ name: 'du-lieu.json', data: '{"staff":[{"code":"NV001","name":"Nguyễn Văn A","salary":1.5e7,"ok":true,"note":null}]}' }, 'application/json', 'json'],
      [{ name: 'ghi-chu.txt', data: 'Xin chào\r\nDòng thứ hai\twith a tab\n' }, 'text/plain', 'txt'],
      [{ name: 'nen.gz', data: gzipSync('nội dung nén') }, 'application/gzip', 'gz'],
      [{ name: 'nen.rar', data: RAR }, 'application/vnd.rar', 'rar'],
      [{ name: 'video.mp4', data: MP4 }, 'video/mp4', 'mp4'],
    ];
    for (const [part, mime, ext] of cases) {
      const m = await uploadOne(admin, part);
      const bytes = Buffer.from(part.data);
      expect([part.name, m.mime, m.extension]).toEqual([part.name, mime, ext]);
      expect(m).toMatchObject({ name: part.name, size: bytes.length, md5_hash: md5(bytes), is_public: false, context: null });
      expect(m.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(m.created_date).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(m.modified_date).toBe(m.created_date);
    }
  });

  test('several files in one request: data.data lists them in order; the client type and name never decide the type', async () => {
    const res = await upload(
      admin,
      [
        { name: 'a.png', data: png(), type: 'application/pdf' },
        { name: 'b.txt', data: PDF, type: 'text/plain' },
        { name: 'cau-hinh.txt', data: '{"a": 1}' },
        { name: 'du-lieu', data: '[1, 2, 3]' },
      ],
      'is_public=true',
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.data.map((m: { name: string; mime: string; is_public: boolean }) => [m.name, m.mime, m.is_public])).toEqual([
      ['a.png', 'image/png', true],
      ['b.txt.pdf', 'application/pdf', true],
      ['cau-hinh.txt', 'text/plain', true],
      ['du-lieu.json', 'application/json', true],
    ]);
  });

  test('refused by content (415, in vi and en): executables, HTML renamed .pdf, SVG, WebP and BMP images, invalid JSON, binary junk', async () => {
    const before = await mediaCount(s);
    const refused: [Part, RegExp][] = [
      [{ name: 'setup.exe', data: EXE }, /file type is not supported/],
      [{ name: 'tai-lieu.pdf', data: EXE, type: 'application/pdf' }, /file type is not supported/],
      [{ name: 'linux.pdf', data: ELF }, /file type is not supported/],
      [{ name: 'bao-cao.pdf', data: HTML, type: 'application/pdf' }, /file type is not supported/],
      [{ name: 'logo.png', data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' }, /file type is not supported/],
      [{ name: 'anh.webp', data: WEBP }, /^Images allowed: JPG, GIF or PNG/],
      [{ name: 'anh.bmp', data: BMP }, /^Images allowed: JPG, GIF or PNG/],
      [{ name: 'hong.json', data: '{"a": [1, 2,}' }, /file type is not supported/],
      [{ name: 'setup.msi', data: cfb('\u4840\u3f3f\u4577') }, /file type is not supported/],
      [{ name: 'rac.txt', data: Buffer.from([0x48, 0x69, 0x00, 0x01, 0x02, 0xff, 0xfe]) }, /file type is not supported/],
    ];
    for (const [part, message] of refused) {
      const res = await upload(admin, [part], 'is_public=false', EN);
      expect([part.name, res.status]).toEqual([part.name, 415]);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors[0].path).toBe('file');
    }
    const vi = await upload(admin, [{ name: 'setup.exe', data: EXE }]);
    expect(vi.body.message).toMatch(/^Định dạng tệp không được hỗ trợ/);
    const viImage = await upload(admin, [{ name: 'anh.webp', data: WEBP }]);
    expect(viImage.body.message).toBe('Ảnh chỉ chấp nhận định dạng JPG, GIF hoặc PNG, dung lượng tối đa 2 MB');
    // A refused file in a batch refuses the whole upload: nothing is stored.
    const mixed = await upload(admin, [
      { name: 'ok.txt', data: 'fine' },
      { name: 'bad.pdf', data: EXE },
    ]);
    expect(mixed.status).toBe(415);
    expect(await mediaCount(s)).toBe(before);
    expect(readdirSync(join(filesDir, '.staging'))).toEqual([]);
  });

  test('size limits (413): a PNG over 2 MB, any file over the configured maximum; exactly at the limits is fine', async () => {
    const atImageLimit = png(2, 2, 0);
    const padTo = (target: number) => png(2, 2, target - atImageLimit.length - 12 - 8);
    expect(padTo(IMAGE_MAX).length).toBe(IMAGE_MAX);
    expect((await upload(admin, [{ name: 'vua.png', data: padTo(IMAGE_MAX) }])).status).toBe(200);
    const bigImage = await upload(admin, [{ name: 'lon.png', data: padTo(IMAGE_MAX + 1) }], 'is_public=false', EN);
    expect(bigImage.status).toBe(413);
    expect(bigImage.body.message).toBe('Images allowed: JPG, GIF or PNG with a maximum size of 2 MB');

    expect((await upload(admin, [{ name: 'vua.txt', data: Buffer.alloc(MAX, 'a') }])).status).toBe(200);
    const tooBig = await upload(admin, [{ name: 'lon.txt', data: Buffer.alloc(MAX + 1, 'a') }], 'is_public=false', EN);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('File size exceeded. Maximum upload size 3 MB');
    const tooBigVi = await upload(admin, [{ name: 'lon.pdf', data: Buffer.concat([PDF, Buffer.alloc(MAX, 0x20)]) }]);
    expect(tooBigVi.status).toBe(413);
    expect(tooBigVi.body.message).toBe('Tệp vượt quá dung lượng cho phép. Dung lượng tải lên tối đa 3 MB');
    // The connection stays usable after a refused upload.
    expect((await admin.get('/auth/me')).status).toBe(200);
  });

  test('bad requests: no file, an empty file, not multipart, an unknown context, a bad is_public, too many files', async () => {
    const form = new FormData();
    form.append('other', 'x');
    expect((await admin.raw('POST', '/files', { body: form })).status).toBe(400);
    expect((await upload(admin, [{ name: 'rong.txt', data: '' }])).status).toBe(400);
    const json = await admin.post('/files', { file: 'x' }, EN);
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Files must be sent as multipart/form-data');
    const ctx = await upload(admin, [{ name: 'a.txt', data: 'a' }], 'context=nothing:123', EN);
    expect(ctx.status).toBe(400);
    expect(ctx.body.errors).toEqual([{ path: 'context', message: 'Invalid context (for example staff:<id>)' }]);
    expect((await upload(admin, [{ name: 'a.txt', data: 'a' }], 'is_public=maybe')).status).toBe(400);
    const before = await mediaCount(s);
    const many = await upload(
      admin,
      Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, data: `tệp ${i}` })),
      'is_public=false',
      EN,
    );
    expect(many.status).toBe(413);
    expect(many.body.message).toBe('At most 20 files per upload');
    expect(await mediaCount(s)).toBe(before);
    expect((await s.api().raw('POST', '/files', { body: form })).status).toBe(401);
  });

  test('names are metadata only: traversal, control and bidi characters are cleaned; storage keys are ids', async () => {
    const traversal = await uploadOne(admin, { name: '../../etc/passwd', data: 'root:x:0:0' });
    expect(traversal.name).toBe('passwd.txt');
    const windows = await uploadOne(admin, { name: '..\\..\\Windows\\win.ini', data: '[fonts]' });
    expect(windows.name).toBe('win.ini.txt');
    const bidi = await uploadOne(admin, { name: 'hoa-don\u202Efdp.js', data: 'alert(1)' });
    expect(bidi.name).toBe('hoa-donfdp.js.txt');
    const vietnamese = await uploadOne(admin, { name: 'Báo cáo tháng 3.pdf', data: PDF });
    expect(vietnamese.name).toBe('Báo cáo tháng 3.pdf');
    const dl = await admin.get(`/files/${vietnamese.id}`);
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="Bao cao thang 3.pdf"; filename*=UTF-8''${encodeURIComponent('Báo cáo tháng 3.pdf')}`,
    );
    // On disk: only <2 characters>/<uuid> objects and the staging folder, nothing named by a client.
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)).map((x) => `${f}/${x}`) : [f]));
    const stored = walk(filesDir);
    expect(stored.length).toBeGreaterThan(10);
    for (const f of stored) expect(f).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(stored).toContain(`${traversal.id.slice(0, 2)}/${traversal.id}`);
  });
});

describe('download', () => {
  test('one file streams as an attachment with nosniff and the exact bytes', async () => {
    const data = await xlsx();
    const m = await uploadOne(admin, { name: 'Nhân sự.xlsx', data });
    const res = await admin.get(`/files/${m.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Nhan su.xlsx"; filename\*=UTF-8''Nh%C3%A2n%20s%E1%BB%B1\.xlsx$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(res.headers.get('content-length'))).toBe(data.length);
    expect(res.buffer!.equals(data)).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.buffer as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getCell('B2').value).toBe('Nguyễn Văn A');
  });

  test('several ids joined by _ stream as one zip named year_month_day_time.zip holding every file', async () => {
    const a = await uploadOne(admin, { name: 'hop-dong.pdf', data: PDF });
    const b = await uploadOne(admin, { name: 'anh.png', data: png(3, 3) });
    const c = await uploadOne(admin, { name: 'hop-dong.pdf', data: '%PDF-1.7\nsecond\n%%EOF' });
    const res = await admin.get(`/files/${a.id}_${b.id}_${c.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    expect(name).toMatch(/^\d{4}_\d{2}_\d{2}_\d{6}\.zip$/);
    const now = new Date();
    expect(name!.slice(0, 10)).toBe(`${now.getFullYear()}_${String(now.getMonth() + 1).padStart(2, '0')}_${String(now.getDate()).padStart(2, '0')}`);
    const entries = unzip(res.buffer!);
    expect([...entries.keys()]).toEqual(['hop-dong.pdf', 'anh.png', 'hop-dong (2).pdf']);
    expect(entries.get('hop-dong.pdf')!.equals(PDF)).toBe(true);
    expect(entries.get('anh.png')!.equals(png(3, 3))).toBe(true);
    expect(entries.get('hop-dong (2).pdf')!.toString()).toBe('%PDF-1.7\nsecond\n%%EOF');
  });

  test('unknown, malformed or deleted ids are 404', async () => {
    const m = await uploadOne(admin, { name: 'a.txt', data: 'a' });
    expect((await admin.get(`/files/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/files/not-an-id')).status).toBe(404);
    expect((await admin.get(`/files/${m.id}_${randomUUID()}`)).status).toBe(404);
    expect((await s.api().get(`/files/${m.id}`)).status).toBe(401);
  });
});

/** A staff record to attach files to: attaching asks its service whether the caller may change it, so it must exist. */
async function newStaff(code: string): Promise<string> {
  const res = await admin.post('/staff', { code, full_name: `Hồ sơ ${code}` });
  expect([res.status, res.body.message]).toEqual([200, undefined]);
  return res.body.data.id as string;
}

describe('who may read and delete', () => {
  let staffId = '';
  beforeAll(async () => {
    staffId = await newStaff('FILES-READ');
  });

  test('a private file is refused (404) to another user and served to its owner and the admin; a public one to any signed-in user', async () => {
    const mine = await uploadOne(nobody, { name: 'rieng.txt', data: 'của tôi' });
    expect((await nobody.get(`/files/${mine.id}`)).buffer!.toString()).toBe('của tôi');
    expect((await admin.get(`/files/${mine.id}`)).status).toBe(200);
    const privateOfAdmin = await uploadOne(admin, { name: 'bi-mat.txt', data: 'secret' });
    expect(privateOfAdmin.owner).not.toBe(mine.owner);
    const refused = await nobody.get(`/files/${privateOfAdmin.id}`, EN);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Record not found');
    expect((await viewer.get(`/files/${privateOfAdmin.id}`)).status).toBe(404);
    // A zip that includes a file the caller may not read is refused whole.
    expect((await nobody.get(`/files/${mine.id}_${privateOfAdmin.id}`)).status).toBe(404);
    const pub = await uploadOne(admin, { name: 'thong-bao.pdf', data: PDF }, 'is_public=true');
    expect(pub.is_public).toBe(true);
    expect((await nobody.get(`/files/${pub.id}`)).status).toBe(200);
  });

  test("a private file attached to a record is served to whoever may view that record's feature; attaching needs add or edit on it", async () => {
    const denied = await upload(viewer, [{ name: 'cv.pdf', data: PDF }], `context=staff:${staffId}`);
    expect(denied.status).toBe(403);
    const m = await uploadOne(editor, { name: 'cv.pdf', data: PDF }, `context=staff:${staffId}&activity_context=staff:${staffId}`);
    expect(m.context).toBe(`staff:${staffId}`);
    expect((await viewer.get(`/files/${m.id}`)).status).toBe(200);
    expect((await nobody.get(`/files/${m.id}`)).status).toBe(404);
    await eventually(async () => {
      const log = await admin.get(`/activity-log?q=staff:${staffId}`);
      expect(log.body.data.items).toEqual(
        expect.arrayContaining([expect.objectContaining({ domain: 'files', action: 'create', context: 'staff', record_id: staffId, feature: 'staff' })]),
      );
    });
  });

  test("delete: only the owner, the admin or an editor of the record's feature; soft delete with an activity entry; then 404", async () => {
    const m = await uploadOne(editor, { name: 'hop-dong.pdf', data: PDF }, `context=staff:${staffId}`);
    const other = await uploadOne(admin, { name: 'chung.pdf', data: PDF }, 'is_public=true');
    const refused = await nobody.del(`/files/${other.id}`, { activity_context: 'files' });
    expect(refused.status).toBe(403);
    expect((await viewer.del(`/files/${m.id}`, { activity_context: `staff:${staffId}` })).status).toBe(403);
    expect((await nobody.del(`/files/${m.id}`, {})).status).toBe(404);

    const deleted = await viewer.raw('DELETE', `/files/${m.id}`);
    expect(deleted.status).toBe(403);
    const ok = await editor.del(`/files/${m.id}`, { activity_context: `staff:${staffId}` });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: m.id, state: 'INACTIVE' });
    expect((await editor.get(`/files/${m.id}`)).status).toBe(404);
    expect((await admin.get(`/files/${m.id}`)).status).toBe(404);
    expect((await editor.del(`/files/${m.id}`, { activity_context: `staff:${staffId}` })).status).toBe(404);
    const row = (await s.services.files!.pool.query('SELECT state, deleted_date FROM media WHERE id = $1', [m.id])).rows[0];
    expect(row.state).toBe('INACTIVE');
    expect(row.deleted_date).not.toBeNull();
    await eventually(async () => {
      const log = await admin.get(`/activity-log?q=staff:${staffId}`);
      expect(log.body.data.items).toEqual(expect.arrayContaining([expect.objectContaining({ domain: 'files', action: 'delete', record_id: staffId })]));
    });
    // The owner deletes an own file without any feature permission.
    const own = await uploadOne(nobody, { name: 'cua-toi.txt', data: 'x' });
    expect((await nobody.del(`/files/${own.id}`, { activity_context: 'files' })).status).toBe(200);
    expect((await admin.del(`/files/${other.id}`, {})).status).toBe(200);
  });

  test('an attachment is part of its record: once the record may not be changed (deleted), nobody but an admin adds or removes its files', async () => {
    const gone = await newStaff('FILES-GONE');
    const kept = await uploadOne(editor, { name: 'giu-lai.pdf', data: PDF }, `context=staff:${gone}`);
    const removed = await uploadOne(editor, { name: 'quan-tri-xoa.pdf', data: PDF }, `context=staff:${gone}`);
    expect((await admin.del(`/staff/${gone}`)).status).toBe(200);
    // Its uploader, an editor of staff, neither deletes it nor attaches another, nor names the record in an entry.
    const refused = await editor.raw('DELETE', `/files/${kept.id}`, { headers: EN });
    expect([refused.status, refused.body.message]).toEqual([403, 'You may not change this record, so you cannot attach files to it or delete its files']);
    const vi = await upload(editor, [{ name: 'them.pdf', data: PDF }], `context=staff:${gone}`);
    expect([vi.status, vi.body.message]).toEqual([403, 'Bạn không được thay đổi hồ sơ này nên không thể đính kèm hay xóa tệp của hồ sơ']);
    expect((await editor.post('/activity-log', { activity_context: `staff:${gone}`, description: 'x' })).status).toBe(400);
    expect((await s.services.files!.pool.query('SELECT state FROM media WHERE id = $1', [kept.id])).rows[0].state).toBe('ACTIVE');
    // An administrator still may.
    expect((await admin.del(`/files/${removed.id}`, {})).status).toBe(200);
  });
});

describe("list of a record's files (GET /files?context=<resource>:<id>)", () => {
  let staffId = '';
  let context = '';
  let otherStaff = '';
  beforeAll(async () => {
    staffId = await newStaff('FILES-LIST');
    context = `staff:${staffId}`;
    otherStaff = await newStaff('FILES-OTHER');
  });
  type Listed = { items: { id: string; name: string; context: string; url: string }[]; totalRows: number; page: number; limit: number };
  const list = async (api: Api, query: string) => {
    const res = await api.get(`/files?${query}`);
    expect([query, res.status]).toEqual([query, 200]);
    return res.body.data as Listed;
  };
  const names = async (api: Api, ctx = context) => (await list(api, `context=${ctx}`)).items.map((m) => m.name);

  test('each caller sees exactly the files they may download: all with view on the feature or as admin, else public and own ones', async () => {
    const adder = await roleUser('STAFFADD', [{ feature: 'staff', actions: ['add'] }]);
    const a = await uploadOne(editor, { name: 'hop-dong.pdf', data: PDF }, `context=${context}`);
    const b = await uploadOne(adder, { name: 'cua-nguoi-them.txt', data: 'mine' }, `context=${context}`);
    const c = await uploadOne(admin, { name: 'cong-khai.png', data: png() }, `is_public=true&context=${context}`);
    await uploadOne(admin, { name: 'ho-so-khac.pdf', data: PDF }, `context=staff:${otherStaff}`);
    await uploadOne(admin, { name: 'khong-gan.pdf', data: PDF });

    // Newest first; the record's files only.
    expect(await names(admin)).toEqual(['cong-khai.png', 'cua-nguoi-them.txt', 'hop-dong.pdf']);
    expect(await names(viewer)).toEqual(['cong-khai.png', 'cua-nguoi-them.txt', 'hop-dong.pdf']);
    expect(await names(editor)).toEqual(['cong-khai.png', 'cua-nguoi-them.txt', 'hop-dong.pdf']);
    // No view on staff: the public file and the caller's own.
    expect(await names(adder)).toEqual(['cong-khai.png', 'cua-nguoi-them.txt']);
    expect(await names(nobody)).toEqual(['cong-khai.png']);
    // What the list shows can be downloaded, and what it hides cannot.
    const full = await list(admin, `context=${context}`);
    expect(full).toMatchObject({ totalRows: 3, page: 1, limit: 40 });
    expect(full.items[0]).toMatchObject({ id: c.id, context, url: `/api/v1/files/${c.id}` });
    for (const m of (await list(adder, `context=${context}`)).items) expect((await adder.get(`/files/${m.id}`)).status).toBe(200);
    expect((await adder.get(`/files/${a.id}`)).status).toBe(404);
    expect((await nobody.get(`/files/${b.id}`)).status).toBe(404);
    // The context is case-insensitive in its id, like uploads.
    expect(await names(viewer, `staff:${staffId.toUpperCase()}`)).toHaveLength(3);

    // Paging: the count covers only what the caller may see.
    const page2 = await list(viewer, `context=${context}&limit=2&page=2`);
    expect([page2.items.map((m) => m.name), page2.totalRows, page2.limit, page2.page]).toEqual([['hop-dong.pdf'], 3, 2, 2]);
    expect((await list(adder, `context=${context}&limit=1`)).totalRows).toBe(2);
    expect(await list(viewer, `context=${context}&limit=0&page=-3`)).toMatchObject({ page: 1, limit: 40 });
    expect((await list(viewer, `context=${context}&limit=100000`)).limit).toBe(300);

    // A deleted file leaves the list.
    expect((await editor.del(`/files/${a.id}`, { activity_context: context })).status).toBe(200);
    expect(await names(viewer)).toEqual(['cong-khai.png', 'cua-nguoi-them.txt']);
    expect(await names(viewer, `staff:${randomUUID()}`)).toEqual([]);
  });

  test('the context must be <declared resource>:<uuid> (400 with the message); signed out is 401', async () => {
    for (const q of [
      '',
      'context=',
      'context=staff',
      `context=nothing:${staffId}`,
      'context=staff:123',
      `context=staff:${staffId}:x`,
      `context=${'a'.repeat(200)}`,
    ]) {
      const res = await viewer.get(`/files?${q}`, EN);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.errors).toEqual([{ path: 'context', message: 'Invalid context (for example staff:<id>)' }]);
    }
    const vi = await viewer.get('/files?context=staff');
    expect(vi.body.message).toBe('Ngữ cảnh không hợp lệ (ví dụ: staff:<id>)');
    expect((await s.api().get(`/files?context=${context}`)).status).toBe(401);
  });
});

describe('S3 driver (FILES_DRIVER=s3) against a local S3-compatible server', () => {
  let s3: S3rver;
  let st: TestStack;
  let api: Api;
  const bucketDir = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  beforeAll(async () => {
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir });
    const { port } = await s3.run();
    st = await startTestStack({
      env: {
        FILES_DRIVER: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'portal-files',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        // 5 MB parts (the S3 minimum): an 11 MB file goes up as a three-part multipart upload.
        S3_PART_SIZE: String(5 * 1024 * 1024),
        FILES_MAX_BYTES: String(12 * 1024 * 1024),
        FILES_DIR: mkdtempSync(join(tmpdir(), 'portal-files-s3-')),
      },
    });
    api = st.api(await st.adminToken());
  });
  afterAll(async () => {
    await st?.close();
    await s3?.close();
  });

  test('upload, download (one, as a zip, and a multipart-sized file) and delete round trip through the bucket', async () => {
    const data = await xlsx();
    const a = await uploadOne(api, { name: 'bang-luong.xlsx', data });
    const b = await uploadOne(api, { name: 'anh.png', data: png(4, 4) });
    // The bytes are in the bucket under the media id.
    expect(readdirSync(join(bucketDir, 'portal-files')).sort()).toEqual(expect.arrayContaining([`${a.id}._S3rver_object`, `${b.id}._S3rver_object`]));
    const one = await api.get(`/files/${a.id}`);
    expect(one.status).toBe(200);
    expect(one.buffer!.equals(data)).toBe(true);
    expect(md5(one.buffer!)).toBe(a.md5_hash);
    const both = unzip((await api.get(`/files/${a.id}_${b.id}`)).buffer!);
    expect(both.get('bang-luong.xlsx')!.equals(data)).toBe(true);
    expect(both.get('anh.png')!.equals(png(4, 4))).toBe(true);
    expect((await upload(api, [{ name: 'x.exe', data: EXE }])).status).toBe(415);
    const large = Buffer.concat([PDF, randomBytes(11 * 1024 * 1024)]);
    const big = await uploadOne(api, { name: 'ban-ve.pdf', data: large });
    expect(big.md5_hash).toBe(md5(large));
    const back = await api.get(`/files/${big.id}`);
    expect(back.buffer!.length).toBe(large.length);
    expect(md5(back.buffer!)).toBe(big.md5_hash);
    expect((await api.del(`/files/${a.id}`, { activity_context: 'files' })).status).toBe(200);
    expect((await api.get(`/files/${a.id}`)).status).toBe(404);
    expect((await api.get(`/files/${b.id}`)).status).toBe(200);
  });
});

describe('the streaming JSON check (no buffering) agrees with JSON.parse', () => {
  const check = (text: string, cuts: number[]) => {
    const j = new JsonCheck();
    let at = 0;
    for (const cut of [...cuts.map((c) => c % (text.length + 1))].sort((a, b) => a - b)) {
      j.feed(text.slice(at, cut));
      at = cut;
    }
    j.feed(text.slice(at));
    j.end();
    return j.ok;
  };
  const parses = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };

  test('every JSON document is accepted, however it is split into chunks', () => {
    fc.assert(
      fc.property(fc.json(), fc.array(fc.nat()), (text, cuts) => check(text, cuts)),
      { numRuns: 500 },
    );
  });

  test('arbitrary and mutated text: accepted exactly when JSON.parse accepts it', () => {
    const near = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', '\\', '0', '-', 'e', '.', ' ', 'tru', '\n'))
      .map(([t, i, ins]) => t.slice(0, i % (t.length + 1)) + ins + t.slice(i % (t.length + 1)));
    fc.assert(
      fc.property(fc.oneof(fc.string(), near), fc.array(fc.nat()), (text, cuts) => check(text, cuts) === parses(text.replace(/^\uFEFF/, ''))),
      { numRuns: 2000 },
    );
    const cases = [
      '01',
      '1.',
      '-',
      '1e',
      '[1,]',
      '{"a":1,}',
      String.raw`"\u12"`,
      String.raw`"a\x"`,
      'nul',
      '{"a" 1}',
      '[1] [2]',
      '"tab\there"',
      '\uFEFF{}',
      ' 1.5e-3 ',
      '{"a":[true,false,null,{"b":"\\u00e9"}]}',
    ];
    for (const t of cases) expect([t, check(t, [])]).toEqual([t, parses(t) || t.startsWith('\uFEFF')]);
  });
});

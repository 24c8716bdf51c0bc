// The MinIO client's stand-in, for the compose file's own `mc` calls: `mc ready local` (the store answers),
// `mc alias set NAME URL USER PASSWORD` (remembered in ~/.mc-aliases.json) and `mc mb [--ignore-existing] NAME/BUCKET`
// (an S3 CreateBucket signed with the alias's keys, aws4) — and the README's backup of the files bucket,
// `mc mirror [--overwrite] SOURCE TARGET`, where one side is ALIAS/BUCKET and the other a local folder: every object
// copied, its key as its path (S3 ListObjectsV2, GetObject and PutObject, signed likewise).
'use strict';
const { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');
const aws4 = require('aws4');

const file = `${process.env.HOME || '/tmp'}/.mc-aliases.json`;
const aliases = () => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};
const [cmd, ...args] = process.argv.slice(2);
const fail = (m) => {
  console.error(`mc: ${m}`);
  process.exit(1);
};

async function main() {
  if (cmd === 'ready') {
    const res = await fetch('http://127.0.0.1:9000/').catch(() => null);
    process.exit(res ? 0 : 1);
  }
  if (cmd === 'alias' && args[0] === 'set') {
    const [, name, url, user, password] = args;
    if (!name || !url || !user || !password) fail('alias set NAME URL USER PASSWORD');
    writeFileSync(file, JSON.stringify({ ...aliases(), [name]: { url, user, password } }), { mode: 0o600 });
    console.log(`Added \`${name}\` successfully.`);
    return;
  }
  if (cmd === 'mb') {
    const target = args.filter((a) => !a.startsWith('--'))[0] || '';
    const [name, bucket] = target.split('/');
    const a = aliases()[name];
    if (!a || !bucket) fail(`unknown alias or bucket: ${target}`);
    const u = new URL(a.url);
    const req = aws4.sign(
      { host: u.host, path: `/${bucket}`, method: 'PUT', service: 's3', region: 'us-east-1', headers: {} },
      { accessKeyId: a.user, secretAccessKey: a.password },
    );
    const res = await fetch(`${u.protocol}//${u.host}/${bucket}`, { method: 'PUT', headers: req.headers });
    const body = await res.text();
    if (res.ok || (args.includes('--ignore-existing') && /BucketAlreadyOwnedByYou|BucketAlreadyExists/.test(body))) {
      console.log(`Bucket created successfully \`${target}\`.`);
      return;
    }
    fail(`${res.status} ${body.slice(0, 300)}`);
  }
  if (cmd === 'mirror') {
    const [source, target] = args.filter((a) => !a.startsWith('--'));
    if (!source || !target) fail('mirror SOURCE TARGET');
    const remote = (spec) => {
      const [name, bucket, ...prefix] = spec.split('/');
      const a = aliases()[name];
      return a && bucket ? { a, bucket, prefix: prefix.join('/') } : null;
    };
    const from = remote(source);
    const to = remote(target);
    if (from && !to) return download(from, target);
    if (to && !from) return upload(source, to);
    fail('mirror copies between ALIAS/BUCKET and a local folder');
  }
  fail(`unsupported: ${process.argv.slice(2).join(' ')}`);
}

/** A request to the store signed with an alias's keys; the body as a Buffer. */
async function s3(a, method, path, body) {
  const u = new URL(a.url);
  const req = aws4.sign(
    { host: u.host, path, method, service: 's3', region: 'us-east-1', headers: {}, ...(body ? { body } : {}) },
    { accessKeyId: a.user, secretAccessKey: a.password },
  );
  const res = await fetch(`${u.protocol}//${u.host}${path}`, { method, headers: req.headers, ...(body ? { body } : {}) });
  const data = Buffer.from(await res.arrayBuffer());
  if (!res.ok) fail(`${method} ${path}: ${res.status} ${data.toString('utf8').slice(0, 300)}`);
  return data;
}

const unxml = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const encodeKey = (key) => key.split('/').map(encodeURIComponent).join('/');

async function download({ a, bucket, prefix }, dir) {
  let token = '';
  let n = 0;
  for (;;) {
    const query = `list-type=2&prefix=${encodeURIComponent(prefix)}${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`;
    const xml = (await s3(a, 'GET', `/${bucket}?${query}`)).toString('utf8');
    for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) {
      const key = unxml(m[1]);
      const file = resolve(dir, ...key.slice(prefix.length).replace(/^\//, '').split('/'));
      if (!file.startsWith(`${resolve(dir)}${sep}`)) fail(`refusing an object outside the folder: ${key}`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, await s3(a, 'GET', `/${bucket}/${encodeKey(key)}`));
      n++;
    }
    token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? unxml(/<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? '') : '';
    if (!token) break;
  }
  console.log(`${n} objects copied to ${dir}`);
}

async function upload(dir, { a, bucket, prefix }) {
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(dir);
  for (const file of files) {
    const key = [prefix, relative(dir, file).split(sep).join('/')].filter(Boolean).join('/');
    await s3(a, 'PUT', `/${bucket}/${encodeKey(key)}`, readFileSync(file));
  }
  console.log(`${files.length} objects copied to ${bucket}`);
}
main().catch((err) => fail(err.message));

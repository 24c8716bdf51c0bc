// The MinIO client's stand-in, for the compose file's own `mc` calls: `mc ready local` (the store answers),
// `mc alias set NAME URL USER PASSWORD` (remembered in ~/.mc-aliases.json) and `mc mb [--ignore-existing] NAME/BUCKET`
// (an S3 CreateBucket signed with the alias's keys, aws4).
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const aws4 = require('aws4');

const file = `${process.env.HOME || '/tmp'}/.mc-aliases.json`;
const aliases = () => { try { return JSON.parse(readFileSync(file, 'utf8')); } catch { return {}; } };
const [cmd, ...args] = process.argv.slice(2);
const fail = (m) => { console.error(`mc: ${m}`); process.exit(1); };

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
    const req = aws4.sign({ host: u.host, path: `/${bucket}`, method: 'PUT', service: 's3', region: 'us-east-1', headers: {} }, { accessKeyId: a.user, secretAccessKey: a.password });
    const res = await fetch(`${u.protocol}//${u.host}/${bucket}`, { method: 'PUT', headers: req.headers });
    const body = await res.text();
    if (res.ok || (args.includes('--ignore-existing') && /BucketAlreadyOwnedByYou|BucketAlreadyExists/.test(body))) {
      console.log(`Bucket created successfully \`${target}\`.`);
      return;
    }
    fail(`${res.status} ${body.slice(0, 300)}`);
  }
  fail(`unsupported: ${process.argv.slice(2).join(' ')}`);
}
main().catch((err) => fail(err.message));

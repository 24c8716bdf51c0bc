// MinIO's stand-in (`minio server /data`): an S3-compatible store on :9000 keeping its objects in /data, accepting
// only the MINIO_ROOT_USER / MINIO_ROOT_PASSWORD key pair (s3rver's built-in dummy key revoked).
'use strict';
const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');

const user = process.env.MINIO_ROOT_USER;
const password = process.env.MINIO_ROOT_PASSWORD;
if (!user || !password) {
  console.error('MINIO_ROOT_USER and MINIO_ROOT_PASSWORD are required');
  process.exit(1);
}
DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
DUMMY_ACCOUNT.createKeyPair(user, password);
// Path-style requests only (http://minio:9000/<bucket>/...), as MinIO takes them: no bucket read from the host name.
const server = new S3rver({ address: '0.0.0.0', port: 9000, directory: '/data', silent: true, vhostBuckets: false });
server.run().then(
  () => console.log('S3 store listening on :9000'),
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

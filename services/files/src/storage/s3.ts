import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { S3Config } from '../config';
import { assertKey, type FileStorage } from './key';

const notFound = (err: unknown) => ['NoSuchKey', 'NotFound', 'NoSuchObject'].includes(String((err as { code?: string }).code));

/**
 * Objects in an S3-compatible bucket (MinIO in docker-compose) through the `minio` client. Uploads go from
 * the staged file with at most one part (`S3_PART_SIZE`, 8 MB by default) in memory: one PUT up to that
 * size, a multipart upload above it. Downloads stream straight from the bucket.
 */
export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  private readonly client: Client;

  constructor(private readonly cfg: S3Config) {
    const url = new URL(cfg.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: cfg.accessKey,
      secretKey: cfg.secretKey,
      region: cfg.region,
      pathStyle: true,
      partSize: cfg.partSize,
    });
  }

  async init() {
    if (!(await this.client.bucketExists(this.cfg.bucket))) await this.client.makeBucket(this.cfg.bucket, this.cfg.region);
  }

  async putFile(key: string, stagedPath: string, size: number, mime: string) {
    const { bucket, partSize } = this.cfg;
    assertKey(key);
    try {
      if (size <= partSize) {
        await this.client.putObject(bucket, key, createReadStream(stagedPath), size, { 'Content-Type': mime });
        return;
      }
      // Larger: a multipart upload, one part in memory at a time. Written out rather than left to putObject,
      // which first lists the bucket's unfinished uploads to resume one (keys here are always new ids).
      const uploadId = await this.client.initiateNewMultipartUpload(bucket, key, { 'Content-Type': mime });
      const fh = await open(stagedPath, 'r');
      try {
        const buf = Buffer.alloc(partSize);
        const etags: { part: number; etag: string }[] = [];
        for (let part = 1, offset = 0; offset < size; part++, offset += partSize) {
          const { bytesRead } = await fh.read(buf, 0, Math.min(partSize, size - offset), offset);
          const { etag } = await this.client.uploadPart(
            { bucketName: bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: {} },
            buf.subarray(0, bytesRead),
          );
          etags.push({ part, etag });
        }
        await this.client.completeMultipartUpload(bucket, key, uploadId, etags);
      } catch (err) {
        await this.client.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
        throw err;
      } finally {
        await fh.close();
      }
    } finally {
      await rm(stagedPath, { force: true });
    }
  }

  async get(key: string): Promise<Readable | null> {
    try {
      return await this.client.getObject(this.cfg.bucket, assertKey(key));
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async stat(key: string) {
    try {
      return (await this.client.statObject(this.cfg.bucket, assertKey(key))).size;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async remove(key: string) {
    await this.client.removeObject(this.cfg.bucket, assertKey(key));
  }
}

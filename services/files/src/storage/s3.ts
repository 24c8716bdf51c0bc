import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { S3Config } from '../config';
import { assertKey, type FileStorage } from './index';

const notFound = (err: unknown) => ['NoSuchKey', 'NotFound', 'NoSuchObject'].includes(String((err as { code?: string }).code));

/**
 * Objects in an S3-compatible bucket (MinIO in docker-compose) through the `minio` client. Uploads stream
 * from the staged file; the client holds at most one part (`S3_PART_SIZE`, 8 MB by default) in memory,
 * larger files go up as a multipart upload. Downloads stream straight from the bucket.
 */
export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  private readonly client: Client;

  constructor(private readonly cfg: S3Config) {
    const url = new URL(cfg.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname, port: url.port ? Number(url.port) : useSSL ? 443 : 80, useSSL,
      accessKey: cfg.accessKey, secretKey: cfg.secretKey, region: cfg.region, pathStyle: true, partSize: cfg.partSize,
    });
  }

  async init() {
    if (!(await this.client.bucketExists(this.cfg.bucket))) await this.client.makeBucket(this.cfg.bucket, this.cfg.region);
  }

  async putFile(key: string, stagedPath: string, size: number, mime: string) {
    try {
      await this.client.putObject(this.cfg.bucket, assertKey(key), createReadStream(stagedPath), size, { 'Content-Type': mime });
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

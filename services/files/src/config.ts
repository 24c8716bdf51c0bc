import { join } from 'node:path';
import { FILE_MAX_BYTES, FILES_PER_UPLOAD, IMAGE_MAX_BYTES } from '@portal/contracts';

export interface S3Config {
  /** http(s)://host:port of the S3-compatible server (MinIO, AWS, s3rver in tests). */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** Multipart part size: the most one upload holds in memory while sending to S3. */
  partSize: number;
}

export interface FilesConfig {
  driver: 'local' | 's3';
  /** Local driver objects, and the staging folder every upload is checked in before it is stored. */
  dir: string;
  /** Spec §5/§9: 314572800 bytes (300 MB) per file. */
  maxBytes: number;
  /** Spec §5/§9: images are JPG, GIF or PNG of at most 2097152 bytes (2 MB). */
  imageMaxBytes: number;
  /** Files in one upload request. */
  maxFiles: number;
  /** Files in one zip download. */
  maxZipEntries: number;
  s3: S3Config | null;
}

/** The spec's limits, declared once in the contracts (the upload screens check the same numbers). */
export const DEFAULT_MAX_BYTES = FILE_MAX_BYTES;
export const DEFAULT_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;

/**
 * FILES_DRIVER local (default; objects under DATA_DIR/files or FILES_DIR) or s3 (S3_ENDPOINT, S3_BUCKET,
 * S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION, S3_PART_SIZE); FILES_MAX_BYTES, FILES_IMAGE_MAX_BYTES,
 * FILES_MAX_COUNT, FILES_ZIP_MAX_ENTRIES.
 */
export function filesConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): FilesConfig {
  const num = (k: string, d: number) => {
    const v = Number(env[k]);
    return env[k] && Number.isSafeInteger(v) && v > 0 ? v : d;
  };
  const driver = (env.FILES_DRIVER ?? 'local').toLowerCase();
  if (driver !== 'local' && driver !== 's3') throw new Error(`FILES_DRIVER must be local or s3, not ${driver}`);
  let s3: S3Config | null = null;
  if (driver === 's3') {
    const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((k) => !env[k]);
    if (missing.length) throw new Error(`FILES_DRIVER=s3 needs ${missing.join(', ')}`);
    s3 = {
      endpoint: env.S3_ENDPOINT!,
      bucket: env.S3_BUCKET!,
      accessKey: env.S3_ACCESS_KEY!,
      secretKey: env.S3_SECRET_KEY!,
      region: env.S3_REGION || 'us-east-1',
      partSize: Math.max(5 * 1024 * 1024, num('S3_PART_SIZE', 8 * 1024 * 1024)),
    };
  }
  return {
    driver,
    dir: env.FILES_DIR || join(dataDir, 'files'),
    maxBytes: num('FILES_MAX_BYTES', DEFAULT_MAX_BYTES),
    imageMaxBytes: num('FILES_IMAGE_MAX_BYTES', DEFAULT_IMAGE_MAX_BYTES),
    maxFiles: num('FILES_MAX_COUNT', FILES_PER_UPLOAD),
    maxZipEntries: num('FILES_ZIP_MAX_ENTRIES', 100),
    s3,
  };
}

import type { FilesConfig } from '../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './key';

export { assertKey, type FileStorage } from './key';

/** The storage the configuration names: a local folder or an S3-compatible bucket. */
export function createStorage(cfg: FilesConfig): FileStorage {
  return cfg.driver === 's3' ? new S3Storage(cfg.s3!) : new LocalStorage(cfg.dir);
}

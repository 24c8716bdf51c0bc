import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are media ids (UUIDs), never client names. Objects are written once from a
 * staged file that has already passed every check, and read back as streams.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Creates the folder or bucket. */
  init(): Promise<void>;
  /** Stores a staged (checked) file under `key`; the staged file is consumed (moved or uploaded, then removed). */
  putFile(key: string, stagedPath: string, size: number, mime: string): Promise<void>;
  /** The object's bytes as a stream, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  /** The object's size, or null when it does not exist. */
  stat(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Keys are UUIDs: nothing a client sends can become part of a path or an object name. */
export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

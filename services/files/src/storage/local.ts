import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, type FileStorage } from './key';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Objects as files under `<root>/<first two characters of the id>/<id>` (the staging folder is on the same disk, so storing is a rename). */
export class LocalStorage implements FileStorage {
  readonly driver = 'local' as const;
  constructor(private readonly root: string) {}

  private path(key: string) {
    assertKey(key);
    return join(this.root, key.slice(0, 2), key);
  }

  async init() {
    await mkdir(this.root, { recursive: true });
  }

  async putFile(key: string, stagedPath: string) {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(stagedPath, target);
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const fh = await open(this.path(key), 'r');
      return fh.createReadStream();
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async stat(key: string) {
    try {
      return (await stat(this.path(key))).size;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async remove(key: string) {
    await rm(this.path(key), { force: true });
  }
}

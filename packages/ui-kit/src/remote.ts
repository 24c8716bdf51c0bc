import type { RouteObject } from 'react-router';
import type { MenuEntry } from '@portal/contracts/src/frame';

/** The sidebar's entries and icons are plain data declared in contracts (kit/menu.ts). */
export type { MenuEntry, MenuIcon } from '@portal/contracts/src/frame';

/**
 * What a federated remote exposes as `./routes` (ARCHITECTURE §7): route objects relative to its base path
 * and its menu entries — not a whole app. The shell owns the providers.
 */
export interface RemoteModule {
  routes: RouteObject[];
  menu: MenuEntry[];
  /** Texts of the remote's own namespace. */
  texts?: { ns: string; vi: Record<string, string>; en: Record<string, string> };
}

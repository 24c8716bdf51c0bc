import type { RouteObject } from 'react-router';
import type { Feature, Label } from '@portal/contracts';

/**
 * A sidebar entry; hidden when the user may not view its feature. Plain data (the icon by name): a remote's
 * build writes its menu to menu.json, so the shell draws the sidebar without loading any remote code.
 */
export interface MenuEntry { key: string; label: Label; path: string; feature?: Feature; icon?: MenuIcon }
export type MenuIcon = 'team' | 'apartment' | 'cluster' | 'idcard' | 'usergroup' | 'file' | 'car' | 'calendar' | 'schedule' | 'contacts' | 'bank' | 'tool' | 'project' | 'dollar' | 'audit' | 'solution' | 'setting' | 'chart';

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

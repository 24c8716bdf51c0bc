import type { Feature } from '../common/permissions';
import type { Label } from './field';
import type { ResourceDef } from './resource';

/** The sidebar's icons, by name (the shell draws them: shell/src/layout/menu.tsx). */
export type MenuIcon =
  | 'team'
  | 'apartment'
  | 'cluster'
  | 'idcard'
  | 'usergroup'
  | 'file'
  | 'car'
  | 'calendar'
  | 'schedule'
  | 'contacts'
  | 'bank'
  | 'tool'
  | 'project'
  | 'dollar'
  | 'audit'
  | 'solution'
  | 'setting'
  | 'chart';

/**
 * A sidebar entry; hidden when the user may not view its feature. Plain data (the icon by name): a remote's build writes
 * its menu to menu.json, so the shell draws the sidebar without loading any remote code. `path` is relative to the
 * domain's base path (`/hr`).
 */
export interface MenuEntry {
  key: string;
  label: Label;
  path: string;
  feature?: Feature;
  icon?: MenuIcon;
  /**
   * A shortcut to a page of another area (its full page path, `pagePath(def)`): the entry opens it there, e.g. the
   * Administration sidebar's leave and contacts (spec §2), which HR keeps. `path` is then unused.
   */
  page?: string;
  /**
   * `settings`: the entry sits in its area's "Settings" group (a sub-menu at the end of the area's sidebar) with the
   * area's other settings screens — the lists people keep rather than work in (rooms, cars, document types, ticket
   * statuses, leave types). `menuOf` sets it for the settings it is given.
   */
  group?: 'settings';
}

/** A sidebar shortcut to another area's resource (MenuEntry.page): its label, feature and icon, opening its own pages. */
export function shortcutTo(def: ResourceDef, over: Partial<Pick<MenuEntry, 'label' | 'icon'>> = {}): MenuEntry {
  return {
    key: `to-${def.name}`,
    label: over.label ?? def.label,
    path: '',
    page: pagePath(def),
    feature: def.feature,
    ...((over.icon ?? def.icon) ? { icon: over.icon ?? def.icon } : {}),
  };
}

/**
 * Where a resource's pages are in the portal: `/<domain><API path>` — the list there, a record at `…/<id>`, the form at
 * `…/new` and `…/<id>/edit` (`/hr/staff-leave/<id>` for `/api/v1/staff-leave/<id>`). The approval engine's notifications
 * link to it, and ui-kit's `resourcePages` puts the pages there, so a link to a record always opens it.
 */
export function pagePath(def: Pick<ResourceDef, 'domain' | 'path'>): string {
  return `/${def.domain}${def.path}`;
}

/**
 * A domain's sidebar, in the order given: a declared resource is its entry (its label, page path, feature and `icon`);
 * anything else is an entry of its own (a report page, a calendar). Paths are relative to the domain's base path.
 * `settings`: the area's settings screens, after the rest, in its "Settings" group (MenuEntry.group).
 */
export function menuOf(items: readonly (ResourceDef | MenuEntry)[], settings: readonly (ResourceDef | MenuEntry)[] = []): MenuEntry[] {
  const entry = (x: ResourceDef | MenuEntry): MenuEntry =>
    'fields' in x ? { key: x.name, label: x.label, path: x.path, feature: x.feature, ...(x.icon ? { icon: x.icon } : {}) } : x;
  return [...items.map(entry), ...settings.map((x) => ({ ...entry(x), group: 'settings' as const }))];
}

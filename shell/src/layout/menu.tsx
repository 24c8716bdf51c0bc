import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  AuditOutlined,
  BellOutlined,
  CheckSquareOutlined,
  BankOutlined,
  CalendarOutlined,
  CarOutlined,
  ClusterOutlined,
  ContactsOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  KeyOutlined,
  MailOutlined,
  NodeIndexOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { decentralization, pagePath, role, user, type Feature, type Label } from '@portal/contracts/src/frame';
import { approvalTexts, useAbility, useLang, useSession, type MenuEntry, type MenuIcon } from '@portal/ui-kit/src/frame';
import { loadManifest, type RemoteInfo } from '../remotes/manifest';
import { shellTexts } from '../app/texts';
import { notifyTexts } from '../notifications/texts';

const MODULE_ICONS: Record<string, ReactNode> = {
  hr: <TeamOutlined />,
  admin: <SolutionOutlined />,
  assets: <BankOutlined />,
  business: <ProjectOutlined />,
  implementation: <ToolOutlined />,
};

const ICONS: Record<MenuIcon, ReactNode> = {
  team: <TeamOutlined />,
  apartment: <ApartmentOutlined />,
  cluster: <ClusterOutlined />,
  idcard: <IdcardOutlined />,
  usergroup: <UsergroupAddOutlined />,
  file: <FileOutlined />,
  car: <CarOutlined />,
  calendar: <CalendarOutlined />,
  schedule: <ScheduleOutlined />,
  contacts: <ContactsOutlined />,
  bank: <BankOutlined />,
  tool: <ToolOutlined />,
  project: <ProjectOutlined />,
  dollar: <DollarOutlined />,
  audit: <AuditOutlined />,
  solution: <SolutionOutlined />,
  setting: <SettingOutlined />,
  chart: <BarChartOutlined />,
};

/** A remote's menu.json sits beside its remoteEntry.js (written by its build). */
async function fetchMenu(r: RemoteInfo): Promise<MenuEntry[]> {
  const res = await fetch(r.entry.replace(/remoteEntry\.js$/, 'menu.json'));
  if (!res.ok) throw new Error(`${r.name}: menu ${res.status}`);
  return (await res.json()) as MenuEntry[];
}

const L = (key: keyof typeof shellTexts.vi): Label => ({ vi: shellTexts.vi[key], en: shellTexts.en[key] });
const N = (key: keyof typeof notifyTexts.vi): Label => ({ vi: notifyTexts.vi[key], en: notifyTexts.en[key] });

/** The shell's own screens: the dashboard and the system area. */
export const SYSTEM_MENU: (MenuEntry & { iconNode: ReactNode; adminOnly?: boolean })[] = [
  { key: 'users', label: L('users'), path: pagePath(user), feature: 'account', iconNode: <UserOutlined /> },
  { key: 'roles', label: L('roles'), path: pagePath(role), feature: 'permission', iconNode: <SafetyCertificateOutlined /> },
  { key: 'decentralization', label: L('decentralization'), path: pagePath(decentralization), feature: 'permission', iconNode: <KeyOutlined /> },
  { key: 'activity', label: L('activityLog'), path: '/system/activity-log', iconNode: <AuditOutlined /> },
  { key: 'syslog', label: L('systemLog'), path: '/system/system-log', feature: 'setting', iconNode: <FileSearchOutlined /> },
  // Administrators only (it shows password-reset links), and only there when DEV_MAILBOX=1 (the page says so otherwise).
  { key: 'mailbox', label: L('mailbox'), path: '/system/mailbox', feature: 'setting', iconNode: <MailOutlined />, adminOnly: true },
  {
    key: 'approval',
    label: { vi: approvalTexts.vi.settings, en: approvalTexts.en.settings },
    path: '/system/approval',
    feature: 'setting',
    iconNode: <NodeIndexOutlined />,
  },
  { key: 'settings', label: L('settings'), path: '/system/settings', iconNode: <SettingOutlined /> },
];

export interface NavItem {
  key: string;
  label: string;
  path?: string;
  icon?: ReactNode;
  children?: NavItem[];
}

export function useManifest() {
  return useQuery({ queryKey: ['remotes-manifest'], queryFn: loadManifest, staleTime: Infinity });
}

/**
 * The sidebar: dashboard, the approvals inbox and the notifications, one group per remote (its entries come from the remote's menu.json, so no remote
 * code loads until one is opened), and the system group. Entries the user's ability does not allow are hidden (spec §6).
 */
export function useNavigation(): { items: NavItem[]; flat: NavItem[]; remotes: RemoteInfo[] } {
  const ability = useAbility();
  const isAdmin = useSession((st) => Boolean(st.user?.is_admin));
  const { label } = useLang();
  const manifest = useManifest();
  const remotes = manifest.data ?? [];
  const menus = useQueries({
    queries: remotes.map((r) => ({ queryKey: ['remote-menu', r.name], queryFn: () => fetchMenu(r), staleTime: Infinity, retry: false })),
  });
  const allowed = (f?: Feature) => !f || ability.can('view', f);
  const groups: NavItem[] = remotes
    .map((r, i) => {
      const entries = (menus[i]?.data ?? []).filter((e) => allowed(e.feature));
      const failed = menus[i]?.isError;
      return {
        key: r.module,
        label: label(r.label),
        icon: MODULE_ICONS[r.module] ?? <AppstoreOutlined />,
        children: failed || !menus[i]?.data ? [{ key: r.basePath, label: label(r.label), path: r.basePath }] : areaEntries(r, entries, label),
      };
    })
    .filter((g) => g.children!.length > 0);
  const system = SYSTEM_MENU.filter((e) => allowed(e.feature) && (!e.adminOnly || isAdmin)).map((e) => ({
    key: e.path,
    label: label(e.label),
    path: e.path,
    icon: e.iconNode,
  }));
  const items: NavItem[] = [
    { key: '/', label: label(L('dashboard')), path: '/', icon: <DashboardOutlined /> },
    { key: '/approvals', label: label(N('approvals')), path: '/approvals', icon: <CheckSquareOutlined /> },
    { key: '/notifications', label: label(N('notifications')), path: '/notifications', icon: <BellOutlined /> },
    ...groups,
    { key: 'system', label: label(L('system')), icon: <SettingOutlined />, children: system },
  ];
  return { items, flat: leaves(items), remotes };
}

/** Every entry that opens a page, groups and sub-groups unfolded (the navbar search, the dashboard, the selected entry). */
export const leaves = (items: NavItem[]): NavItem[] => items.flatMap((i) => (i.children ? leaves(i.children) : i.path ? [i] : []));

/** The keys of the groups holding the entry `key`, outermost first (which sub-menus to open). */
export function groupsOf(items: NavItem[], key: string | undefined): string[] {
  for (const i of items) {
    if (!i.children) continue;
    if (i.children.some((c) => c.key === key)) return [i.key];
    const inner = groupsOf(i.children, key);
    if (inner.length) return [i.key, ...inner];
  }
  return [];
}

/** An area's entries: its work screens, then its settings screens in a "Settings" group of their own (MenuEntry.group). */
function areaEntries(r: RemoteInfo, entries: MenuEntry[], label: (l: Label) => string): NavItem[] {
  const item = (e: MenuEntry): NavItem => ({
    // A shortcut into another area (MenuEntry.page) keeps a key of its own: that area's entry has the same path.
    key: e.page ? `${r.basePath}>${e.page}` : `${r.basePath}${e.path}`,
    label: label(e.label),
    path: e.page ?? `${r.basePath}${e.path}`,
    icon: e.icon ? ICONS[e.icon] : undefined,
  });
  const settings = entries.filter((e) => e.group === 'settings').map(item);
  const work = entries.filter((e) => e.group !== 'settings').map(item);
  return settings.length ? [...work, { key: `${r.basePath}>settings`, label: label(L('settings')), icon: <SettingOutlined />, children: settings }] : work;
}

import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Dropdown, Layout, Menu, Space, theme } from '../app/antd';
import { Initial, Text } from '../app/light';
import {
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
} from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, usePhone, useSession } from '@portal/ui-kit/src/frame';
import { usePrefs } from '../app/prefs';
import { groupsOf, useNavigation, type NavItem } from './menu';
import { NavSearch } from './NavSearch';
import { Bookmarks } from './Bookmarks';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationBell } from '../notifications/NotificationBell';

// Only a phone shows the menu as a drawer: loaded there, never on a wider screen.
const Drawer = lazy(() => import('antd/es/drawer'));

const toMenu = (items: NavItem[]): NonNullable<Parameters<typeof Menu>[0]['items']> =>
  items.map((i) => (i.children ? { key: i.key, label: i.label, icon: i.icon, children: toMenu(i.children) } : { key: i.key, label: i.label, icon: i.icon }));

/**
 * The signed-in frame: sidebar of the modules, navbar with search, bookmarks, the notification bell, language, theme and
 * the user menu. On a phone (narrower than antd's `md`, 768 px) the sidebar is a drawer the menu button opens and closes
 * again on a choice, the navbar keeps the search, the bell and the user's avatar, and the page gets the whole width.
 */
export function MainLayout() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const { token } = theme.useToken();
  const { items, flat } = useNavigation();
  const user = useSession((s) => s.user);
  const clear = useSession((s) => s.clear);
  const { menuCollapsed, toggleMenu, theme: mode, setTheme } = usePrefs();
  const active = useMemo(
    () =>
      flat
        .filter((i) => i.path && (i.path === '/' ? location.pathname === '/' : location.pathname.startsWith(i.path)))
        .sort((a, b) => b.path!.length - a.path!.length)[0],
    [flat, location.pathname],
  );
  // The groups holding the page shown: its area, and the area's Settings group for a settings screen.
  const openGroups = groupsOf(items, active?.key).join('\n');
  const phone = usePhone();
  const [drawer, setDrawer] = useState(false);
  useEffect(() => setDrawer(false), [location.pathname]);
  // The group of the page shown is open, also when the page was opened by a link before the remotes' menus had loaded.
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const wanted = openGroups ? openGroups.split('\n') : [];
    if (wanted.length) setOpenKeys((k) => (wanted.every((g) => k.includes(g)) ? k : [...new Set([...k, ...wanted])]));
  }, [openGroups]);

  const logout = async () => {
    await api('POST', '/auth/sign-out').catch(() => undefined);
    clear();
    qc.clear();
    navigate('/login', { replace: true });
  };

  const sideMenu = (
    <Menu
      mode="inline"
      theme={phone ? 'light' : mode}
      items={toMenu(items)}
      selectedKeys={active ? [active.key] : []}
      {...(menuCollapsed && !phone ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        const to = flat.find((i) => i.key === key)?.path;
        if (to) navigate(to);
      }}
      data-testid="side-menu"
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {phone ? (
        <Suspense fallback={null}>
          <Drawer placement="left" open={drawer} onClose={() => setDrawer(false)} size={280} styles={{ body: { padding: 0 } }} title={t('common:appName')}>
            {sideMenu}
          </Drawer>
        </Suspense>
      ) : (
        <Layout.Sider collapsible collapsed={menuCollapsed} trigger={null} width={240} theme={mode}>
          <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 600, color: token.colorText }}>
            {menuCollapsed ? 'EP' : t('common:appName')}
          </div>
          {sideMenu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: phone ? 4 : 12,
            padding: phone ? '0 8px' : '0 16px',
            background: token.colorBgContainer,
            lineHeight: 'normal',
          }}
        >
          <Button
            type="text"
            icon={menuCollapsed || phone ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={phone ? () => setDrawer(true) : toggleMenu}
            aria-label="menu"
            data-testid="menu-button"
          />
          <NavSearch screens={flat} />
          <div style={{ flex: 1 }} />
          {!phone && <Bookmarks currentTitle={active?.label ?? ''} />}
          <NotificationBell />
          <LanguageSwitch />
          {!phone && (
            <Button
              type="text"
              icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
              onClick={() => setTheme(mode === 'dark' ? 'light' : 'dark')}
              aria-label={t('theme')}
            />
          )}
          <Dropdown
            menu={{
              items: [
                // The user's own staff profile (MyInformation.tsx), then their account.
                { key: 'me', icon: <IdcardOutlined />, label: t('myInformation'), onClick: () => navigate('/me') },
                { key: 'settings', icon: <SettingOutlined />, label: t('profile'), onClick: () => navigate('/system/settings') },
                { key: 'password', icon: <LockOutlined />, label: t('changePassword'), onClick: () => navigate('/change-password') },
                ...(phone
                  ? [
                      {
                        key: 'theme',
                        icon: mode === 'dark' ? <SunOutlined /> : <MoonOutlined />,
                        label: t('theme'),
                        onClick: () => setTheme(mode === 'dark' ? 'light' : 'dark'),
                      },
                    ]
                  : []),
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: t('logout'), onClick: () => void logout(), danger: true },
              ],
            }}
          >
            <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
              <Initial>{user?.full_name?.[0] ?? '?'}</Initial>
              {!phone && <Text>{user?.full_name}</Text>}
            </Space>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ padding: phone ? 8 : 16, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

import { useMemo } from 'react';
import { Avatar, Button, Dropdown, Layout, Menu, Space, theme, Typography } from 'antd';
import { LockOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MoonOutlined, SettingOutlined, SunOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, useSession } from '@portal/ui-kit';
import { usePrefs } from '../app/prefs';
import { useNavigation, type NavItem } from './menu';
import { NavSearch } from './NavSearch';
import { Bookmarks } from './Bookmarks';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationBell } from '../notifications/NotificationBell';

const toMenu = (items: NavItem[]): NonNullable<Parameters<typeof Menu>[0]['items']> =>
  items.map((i) => (i.children ? { key: i.key, label: i.label, icon: i.icon, children: toMenu(i.children) } : { key: i.path ?? i.key, label: i.label, icon: i.icon }));

/** The signed-in frame: sidebar of the modules, navbar with search, bookmarks, the notification bell, language, theme and the user menu. */
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
  const active = useMemo(() => flat.filter((i) => i.path && (i.path === '/' ? location.pathname === '/' : location.pathname.startsWith(i.path))).sort((a, b) => b.path!.length - a.path!.length)[0], [flat, location.pathname]);
  const openGroup = items.find((g) => g.children?.some((c) => c.key === active?.key))?.key;

  const logout = async () => {
    await api('POST', '/auth/sign-out').catch(() => undefined);
    clear();
    qc.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider collapsible collapsed={menuCollapsed} trigger={null} width={240} theme={mode}>
        <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 600, color: token.colorText }}>
          {menuCollapsed ? 'EP' : t('common:appName')}
        </div>
        <Menu mode="inline" theme={mode} items={toMenu(items)} selectedKeys={active ? [active.path ?? active.key] : []} defaultOpenKeys={openGroup ? [openGroup] : []}
          onClick={({ key }) => { if (key.startsWith('/')) navigate(key); }} data-testid="side-menu" />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '0 16px', background: token.colorBgContainer, lineHeight: 'normal' }}>
          <Button type="text" icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={toggleMenu} aria-label="menu" />
          <NavSearch screens={flat} />
          <div style={{ flex: 1 }} />
          <Bookmarks currentTitle={active?.label ?? ''} />
          <NotificationBell />
          <LanguageSwitch />
          <Button type="text" icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />} onClick={() => setTheme(mode === 'dark' ? 'light' : 'dark')} aria-label={t('theme')} />
          <Dropdown menu={{ items: [
            { key: 'settings', icon: <SettingOutlined />, label: t('profile'), onClick: () => navigate('/system/settings') },
            { key: 'password', icon: <LockOutlined />, label: t('changePassword'), onClick: () => navigate('/change-password') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('logout'), onClick: () => void logout(), danger: true },
          ] }}>
            <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
              <Avatar size="small">{user?.full_name?.[0] ?? '?'}</Avatar>
              <Typography.Text>{user?.full_name}</Typography.Text>
            </Space>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

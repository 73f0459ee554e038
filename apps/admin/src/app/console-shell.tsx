import { Button, Layout, Menu, type MenuProps, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { roleKey } from '@/i18n/common';
import { can, useMe, useSession } from '@/lib/session';
import { NS } from './i18n';
import { type MenuGroup, pageRoutes } from './routes';

const GROUPS: { group: MenuGroup; label: string }[] = [
  { group: 'overview', label: 'groupOverview' },
  { group: 'members', label: 'groupMembers' },
  { group: 'finance', label: 'groupFinance' },
  { group: 'content', label: 'groupContent' },
  { group: 'care', label: 'groupCare' },
  { group: 'system', label: 'groupSystem' },
];

/** The menu key of a location: its first path segment (`/members/7` is under `/members`). */
function menuKey(pathname: string): string {
  const first = pathname.split('/')[1];
  return first ? `/${first}` : '/';
}

/** The signed-in frame: the menu of what the role may use, the operator and the language. */
export function ConsoleShell() {
  const { t } = useTranslation(NS);
  const me = useMe();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  const items: MenuProps['items'] = GROUPS.flatMap(({ group, label }) => {
    const children = pageRoutes
      .filter((route) => route.menu?.group === group && (!route.access || can(me.role, route.access)))
      .map((route) => ({ key: route.path, label: t(route.menu?.label ?? '') }));
    return children.length ? [{ type: 'group' as const, key: group, label: t(label), children }] : [];
  });

  async function signOut() {
    await session.signOut();
    navigate('/login', { replace: true });
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={220}
        style={{
          borderInlineEnd: '1px solid #f0f0f0',
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflowY: 'auto',
        }}
      >
        <Typography.Title level={5} style={{ padding: '16px 24px', margin: 0 }}>
          {t('common:brand')}
        </Typography.Title>
        <nav aria-label={t('common:brand')}>
          <Menu
            mode="inline"
            inlineIndent={16}
            selectedKeys={[menuKey(location.pathname)]}
            items={items}
            onClick={({ key }) => navigate(key)}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            paddingInline: 24,
          }}
        >
          <Space size="middle">
            <Link to="/account" title={t('account')}>
              {me.username}
            </Link>
            <Tag color="blue">{t(roleKey(me.role))}</Tag>
            <LanguageSwitch />
            <Button onClick={signOut}>{t('signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

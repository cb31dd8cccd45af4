import { Button, Dropdown, Space } from 'antd';
import type { MenuProps } from 'antd';
import {
  AppstoreOutlined,
  BellOutlined,
  CrownOutlined,
  DownloadOutlined,
  LogoutOutlined,
  PaperClipOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isAdmin, useCurrentUser } from '../session/user';
import { useLogout } from '../session/useLogout';

/** The account control: a menu for the logged-in user, else login / register. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();

  if (!user) {
    const here = location.pathname + location.search;
    const to = here === '/' ? '/user/login' : `/user/login?redirect=${encodeURIComponent(here)}`;
    return (
      <Space size={4}>
        <Link to={to}>
          <Button type="primary" size={compact ? 'small' : 'middle'} data-testid="header-login">
            {t('nav.login')}
          </Button>
        </Link>
      </Space>
    );
  }

  const items: MenuProps['items'] = [
    { key: '/item/index', icon: <AppstoreOutlined />, label: t('nav.myItems') },
    { key: '/user/setting', icon: <SettingOutlined />, label: t('nav.settings') },
    { key: '/attachment/index', icon: <PaperClipOutlined />, label: t('nav.attachments') },
    { key: '/downloads', icon: <DownloadOutlined />, label: t('nav.downloads') },
    { key: '/notice/index', icon: <BellOutlined />, label: t('nav.notices') },
    { key: '/team/index', icon: <TeamOutlined />, label: t('nav.teams') },
    ...(isAdmin(user) ? [{ key: '/admin/index', icon: <CrownOutlined />, label: t('nav.admin') }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true },
  ];
  const display = user.name || user.username;
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => (key === 'logout' ? void logout() : navigate(key)) }}
      placement="bottomRight"
    >
      <Button type="text" data-testid="user-menu" style={{ paddingInline: 6 }}>
        <Space size={8}>
          {/* a CSS initial rather than antd Avatar: the header is on every reader page */}
          <span className="user-initial" aria-hidden="true">
            {display.slice(0, 1).toUpperCase()}
          </span>
          {!compact && <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', display: 'inline-block', verticalAlign: 'bottom' }}>{display}</span>}
        </Space>
      </Button>
    </Dropdown>
  );
}

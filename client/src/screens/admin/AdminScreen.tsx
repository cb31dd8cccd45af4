import '../../i18n/managementTexts';
import { useEffect, useState } from 'react';
import { Button, Menu, Result, Select } from 'antd';
import { CloudDownloadOutlined, FileOutlined, KeyOutlined, NotificationOutlined, SafetyCertificateOutlined, FolderOpenOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { adminApi } from '../../api';
import { useViewportWidth } from '../../hooks/useViewportWidth';
import { isAdmin, useCurrentUser } from '../../session/user';
import { safeHref } from '../../ui/clipboard';
import { Frame } from '../itemSetting/shared/Frame';
import { AdminUsers } from './AdminUsers';
import { AdminItems } from './AdminItems';
import { AdminAttachments } from './AdminAttachments';
import { AdminSettings } from './AdminSettings';
import { AdminAnnouncements } from './AdminAnnouncements';
import { AdminShowdoc } from './AdminShowdoc';
import { AdminSignInLinks } from './AdminSignInLinks';
import { AdminSso } from './AdminSso';
import { adminSections, type AdminSection } from './rules';

/** Admin console (spec §2): users, items, attachments, web settings, moving from ShowDoc (#21), system update when flagged. */
export default function AdminScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const narrow = useViewportWidth() < 800;
  const [params, setParams] = useSearchParams();
  const [update, setUpdate] = useState<{ url?: string; title?: string } | null>(null);
  const admin = isAdmin(user);

  useEffect(() => {
    if (!admin) return;
    adminApi
      .adminCheckUpdate()
      .then((u) => setUpdate(u && typeof u === 'object' && (u.url || u.title) ? u : null))
      .catch(() => {});
  }, [admin]);

  const sections = adminSections(!!update);
  const requested = params.get('tab') as AdminSection | null;
  const active = requested && sections.includes(requested) ? requested : 'users';
  // a section's own parameters (the followed job of 'showdoc') do not carry over to another
  const select = (k: string) => setParams({ tab: k }, { replace: true });

  if (!admin) {
    return (
      <Frame title={t('admin.title')} back="/item/index" testId="admin-screen">
        <Result status="403" title={t('admin.denied')} data-testid="admin-denied" extra={<Button onClick={() => navigate('/item/index')}>{t('management.myItems')}</Button>} />
      </Frame>
    );
  }

  const icons: Record<AdminSection, React.ReactNode> = {
    users: <UserOutlined />,
    items: <FolderOpenOutlined />,
    attachments: <FileOutlined />,
    announcements: <NotificationOutlined />,
    settings: <SettingOutlined />,
    signInLinks: <KeyOutlined />,
    sso: <SafetyCertificateOutlined />,
    showdoc: <SwapOutlined />,
    update: <CloudDownloadOutlined />,
  };

  return (
    <Frame title={t('admin.title')} back="/item/index" wide testId="admin-screen">
      <div className="admin-layout">
        <nav className="admin-menu" data-testid="admin-menu">
          {narrow ? (
            <Select
              value={active}
              onChange={select}
              style={{ width: '100%' }}
              options={sections.map((s) => ({ value: s, label: <span>{icons[s]} {t(`admin.menu.${s}`)}</span> }))}
              data-testid="admin-section-select"
            />
          ) : (
            <Menu mode="inline" selectedKeys={[active]} onClick={({ key }) => select(key)} items={sections.map((s) => ({ key: s, icon: icons[s], label: t(`admin.menu.${s}`) }))} />
          )}
        </nav>
        <main className="admin-main manage-panel">
          <h2>{t(`admin.menu.${active}`)}</h2>
          {active === 'users' && <AdminUsers />}
          {active === 'items' && <AdminItems />}
          {active === 'attachments' && <AdminAttachments />}
          {active === 'announcements' && <AdminAnnouncements />}
          {active === 'settings' && <AdminSettings />}
          {active === 'signInLinks' && <AdminSignInLinks />}
          {active === 'sso' && <AdminSso />}
          {active === 'showdoc' && <AdminShowdoc />}
          {active === 'update' && update && (
            <Result
              status="info"
              title={update.title || t('admin.update.available')}
              extra={
                safeHref(update.url) ? (
                  <Button type="primary" href={safeHref(update.url)} target="_blank" rel="noopener noreferrer">
                    {t('admin.update.open')}
                  </Button>
                ) : null
              }
            />
          )}
        </main>
      </div>
    </Frame>
  );
}

import '../../i18n/managementTexts';
import { Button, Result, Skeleton, Tabs } from 'antd';
import { ApiOutlined, DeleteOutlined, HistoryOutlined, InfoCircleOutlined, TeamOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { itemApi } from '../../api';
import { useViewportWidth } from '../../hooks/useViewportWidth';
import { Frame } from './shared/Frame';
import { useLoad } from './shared/useLoad';
import { BaseInfoTab } from './BaseInfoTab';
import { MembersTab } from './MembersTab';
import { AdvancedTab } from './AdvancedTab';
import { OpenApiTab } from './OpenApiTab';
import { RecycleTab } from './RecycleTab';
import { ChangeLogTab } from './ChangeLogTab';
import { settingTabs, type SettingTab } from './tabs';

/** Item settings (spec §2): base info, members and teams, advanced, open API, recycle bin, change log. */
export default function ItemSettingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { item_id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const narrow = useViewportWidth() < 800;
  const detail = useLoad(() => itemApi.detail(item_id), [item_id]);
  const item = detail.data;
  const tabs = settingTabs(item);
  const requested = params.get('tab') as SettingTab | null;
  const active = requested && tabs.includes(requested) ? requested : tabs[0];
  const backTo = `/${encodeURIComponent(item?.item_domain || item_id)}`;

  const icons: Record<SettingTab, React.ReactNode> = {
    info: <InfoCircleOutlined />,
    members: <TeamOutlined />,
    advanced: <WarningOutlined />,
    openApi: <ApiOutlined />,
    recycle: <DeleteOutlined />,
    changeLog: <HistoryOutlined />,
  };
  const panes: Record<SettingTab, () => React.ReactNode> = {
    info: () => item && <BaseInfoTab item={item} onSaved={detail.reload} />,
    members: () => <MembersTab itemId={item_id} />,
    advanced: () => item && <AdvancedTab item={item} />,
    openApi: () => <OpenApiTab itemId={item_id} />,
    recycle: () => <RecycleTab itemId={item_id} />,
    changeLog: () => <ChangeLogTab itemId={item_id} />,
  };

  return (
    <Frame title={item ? t('itemSetting.titleOf', { name: item.item_name }) : t('itemSetting.title')} back={item ? backTo : 'history'} testId="item-setting">
      {detail.loading && !item ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !item ? (
        <Result
          status="403"
          title={t('itemSetting.noPermission')}
          data-testid="item-setting-denied"
          extra={<Button onClick={() => navigate('/item/index')}>{t('management.myItems')}</Button>}
        />
      ) : (
        <Tabs
          className="manage-tabs"
          tabPlacement={narrow ? 'top' : 'start'}
          activeKey={active}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          destroyOnHidden
          items={tabs.map((k) => ({
            key: k,
            label: (
              <span data-testid={`tab-${k}`}>
                {icons[k]} {t(`itemSetting.tabs.${k}`)}
              </span>
            ),
            children: <div className="manage-panel">{panes[k]()}</div>,
          }))}
        />
      )}
    </Frame>
  );
}

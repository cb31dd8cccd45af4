import { Button, Tabs } from 'antd';
import { AppstoreOutlined, EditOutlined, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ItemGroup } from '../../api/endpoints/itemGroups';
import { ALL_ITEMS, STARRED } from './itemGroupLook';

interface Props {
  groups: ItemGroup[];
  active: number;
  onChange: (group: number) => void;
  onManage: () => void;
}

/** Tabs above the item list: all items, the starred ones, then the user's own groups. */
export function ItemGroupTabs({ groups, active, onChange, onManage }: Props) {
  const { t } = useTranslation();
  const tabs = [
    { key: String(ALL_ITEMS), label: <span data-testid="group-tab-all"><AppstoreOutlined /> {t('itemGroups.all')}</span> },
    { key: String(STARRED), label: <span data-testid="group-tab-starred"><StarOutlined /> {t('itemGroups.starred')}</span> },
    ...groups.map((g) => ({ key: String(g.id), label: <span data-testid="group-tab" data-group-id={g.id}>{g.name}</span> })),
  ];
  return (
    <Tabs
      className="item-group-tabs"
      activeKey={String(active)}
      onChange={(k) => onChange(Number(k))}
      items={tabs}
      data-testid="item-group-tabs"
      tabBarExtraContent={
        <Button type="text" icon={<EditOutlined />} onClick={onManage} data-testid="manage-groups">
          {t('itemGroups.manage')}
        </Button>
      }
    />
  );
}

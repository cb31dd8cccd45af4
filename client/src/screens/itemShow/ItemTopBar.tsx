import { Button, Tag } from 'antd';
import { LockOutlined, MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { flag, type ItemInfo } from '../../api';
import { Brand } from '../../components/Brand';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { UserMenu } from '../../components/UserMenu';
import { useCurrentUser } from '../../session/user';
import { ITEM_TYPE } from '@shared/limits';

/** Header of the item display: menu button (drawer layout), brand, item name and state, language, account. */
export function ItemTopBar({ info, onOpenMenu, compact }: { info: ItemInfo; onOpenMenu?: () => void; compact: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <header className="app-header item-topbar">
      {onOpenMenu && <Button type="text" icon={<MenuOutlined />} onClick={onOpenMenu} aria-label={t('itemShow.menu')} data-testid="open-menu" />}
      <Brand to={user ? '/item/index' : '/'} compact />
      <div className="header-center">
        <span className="item-title" data-testid="item-title" title={info.item_name}>
          {info.item_name}
        </span>
        {!compact && Number(info.item_type) === ITEM_TYPE.readOnlyDisplay && <Tag>{t('itemTypes.readOnly')}</Tag>}
        {!compact && flag(info.is_archived) && <Tag icon={<LockOutlined />}>{t('itemList.archived')}</Tag>}
      </div>
      <div className="header-right">
        <LanguageSwitch compact={compact} />
        <UserMenu compact={compact} />
      </div>
    </header>
  );
}

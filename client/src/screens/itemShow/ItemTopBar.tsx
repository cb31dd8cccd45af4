import { Button } from 'antd';
import { LockOutlined, MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { flag } from '../../api';
import type { ItemInfo } from '@shared/api/item';
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
        {!compact && Number(info.item_type) === ITEM_TYPE.readOnlyDisplay && <span className="state-tag">{t('itemTypes.readOnly')}</span>}
        {!compact && flag(info.is_archived) && <span className="state-tag">
            <LockOutlined /> {t('itemList.archived')}
          </span>}
      </div>
      <div className="header-right">
        <LanguageSwitch compact={compact} />
        {/* guests log in from the operation bar (spec §6): one login button, not two */}
        {user && <UserMenu compact={compact} />}
      </div>
    </header>
  );
}

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

/** The menu button: opens the drawer (narrow screens) or shows and hides the tree beside the page. */
export type MenuButton = { kind: 'drawer'; onClick: () => void } | { kind: 'sidebar'; shown: boolean; onClick: () => void };

/** Header of the item display: menu button, brand, item name and state, language, account. */
export function ItemTopBar({ info, menu, compact }: { info: ItemInfo; menu?: MenuButton; compact: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const label = menu?.kind === 'sidebar' ? t(menu.shown ? 'itemShow.hideCatalog' : 'itemShow.showCatalog') : t('itemShow.menu');
  return (
    <header className="app-header item-topbar">
      {menu && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          onClick={menu.onClick}
          aria-label={label}
          title={label}
          aria-expanded={menu.kind === 'sidebar' ? menu.shown : undefined}
          data-testid={menu.kind === 'drawer' ? 'open-menu' : 'toggle-catalog'}
        />
      )}
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

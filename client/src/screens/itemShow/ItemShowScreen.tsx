import { lazy, Suspense, useEffect } from 'react';
import { Button } from 'antd';
import { TextPlaceholder } from '../../components/TextPlaceholder';
import { WarningFilled } from '@ant-design/icons';
import { StatusCard } from '../../components/StatusCard';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ITEM_TYPE } from '@shared/limits';
import { useCurrentUser } from '../../session/user';
import { itemPath as pathOf } from '../item/itemPath';
import { itemPermissions } from './permissions';
import { RegularItemView } from './RegularItemView';
import { SinglePageItemView } from './SinglePageItemView';
import { useItemInfo } from './useItemInfo';
import { useUnreadNotice } from './useUnreadNotice';

// table items are rare on the reader route: their view loads on demand (and the grid after it)
const SheetItemView = lazy(() => {
  // the grid's large chunk is fetched beside the view's, not after it
  void import('../sheet/SheetGrid');
  return import('../sheet/SheetItemView').then((m) => ({ default: m.SheetItemView }));
});

/** /{item_id or domain}?page_id= — the item display, by item type. */
export default function ItemShowScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { item_id = '' } = useParams();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const { info, failed, reload } = useItemInfo(item_id, params.get('page_id'));
  useUnreadNotice(info);

  useEffect(() => {
    // spec §2: the document title becomes the item name
    if (info) document.title = info.item_name;
  }, [info]);

  if (!info) {
    if (failed) {
      return (
        <StatusCard
          icon={<WarningFilled />}
          title={t('itemShow.unavailable')}
          extra={
            <Button type="primary" onClick={() => navigate(user ? '/item/index' : '/')}>
              {user ? t('nav.myItems') : t('common.home')}
            </Button>
          }
          data-testid="item-unavailable"
        />
      );
    }
    return (
      <div style={{ padding: 40, maxWidth: 900, margin: '0 auto' }}>
        <TextPlaceholder rows={12} title={false} />
      </div>
    );
  }

  const perms = itemPermissions(info, !!user);
  const itemPath = pathOf({ item_id: info.item_id, item_domain: info.item_domain });
  switch (Number(info.item_type)) {
    case ITEM_TYPE.singlePage:
      return <SinglePageItemView info={info} perms={perms} itemPath={itemPath} onMenuChanged={reload} />;
    case ITEM_TYPE.table:
      return (
        <Suspense fallback={null}>
          <SheetItemView info={info} perms={perms} itemPath={itemPath} />
        </Suspense>
      );
    default:
      return <RegularItemView info={info} perms={perms} itemPath={itemPath} onMenuChanged={reload} />;
  }
}

import { Button, Result } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ItemInfo } from '@shared/api/item';
import { ItemTopBar } from './ItemTopBar';
import { useViewportWidth } from '../../hooks/useViewportWidth';

/** Table items (type 4) open in the spreadsheet editor, which arrives with its own issue. */
export function TableItemPlaceholder({ info }: { info: ItemInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const width = useViewportWidth();
  return (
    <div className="item-show" data-testid="item-show-table">
      <ItemTopBar info={info} compact={width < 700} />
      <Result
        icon={<TableOutlined style={{ color: '#3b5bdb' }} />}
        title={t('itemShow.table.title')}
        subTitle={t('itemShow.table.text')}
        extra={<Button onClick={() => navigate('/item/index')}>{t('itemShow.table.back')}</Button>}
      />
    </div>
  );
}

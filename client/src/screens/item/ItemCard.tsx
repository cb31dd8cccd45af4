import { Button, Dropdown, Tag, Tooltip } from 'antd';
import { HolderOutlined, LockOutlined, LogoutOutlined, MoreOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { flag } from '../../api';
import type { ItemSummary } from '@shared/api/item';
import { avatarLetter, itemAvatarColor, itemPath, itemTypeKey } from './itemLook';

interface Props {
  item: ItemSummary;
  owned: boolean;
  sortable: boolean;
  onExit: (item: ItemSummary) => void;
  onToggleStar: (item: ItemSummary) => void;
}

/** One item on the list: a link to the item, badges, star, drag handle, exit for items you do not own. */
export function ItemCard({ item, owned, sortable, onExit, onToggleStar }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: String(item.item_id), disabled: !sortable });
  const type = itemTypeKey(item.item_type);
  const isPrivate = flag(item.is_private);
  const starred = flag(item.is_star);
  const starLabel = starred ? t('itemGroups.unstar') : t('itemGroups.star');
  return (
    <div
      ref={setNodeRef}
      className={`item-card${isDragging ? ' dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="item-card"
      data-item-id={String(item.item_id)}
    >
      <div className="item-card-head">
        <div className="item-avatar" style={{ background: itemAvatarColor(item.item_name) }} aria-hidden="true">
          {avatarLetter(item.item_name)}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Link to={itemPath(item)} className="item-link item-name" data-testid="item-link">
            {item.item_name}
          </Link>
        </div>
        <Tooltip title={starLabel}>
          <button
            type="button"
            className={`item-star${starred ? ' on' : ''}`}
            onClick={() => onToggleStar(item)}
            aria-label={starLabel}
            aria-pressed={starred}
            data-testid="item-star"
          >
            {starred ? <StarFilled /> : <StarOutlined />}
          </button>
        </Tooltip>
        {sortable && (
          <Tooltip title={t('itemList.dragHint')}>
            <span className="drag-handle" {...attributes} {...listeners} aria-label={t('itemList.dragHint')} data-testid="drag-handle">
              <HolderOutlined />
            </span>
          </Tooltip>
        )}
      </div>
      <div className="item-desc">{item.item_description || t('itemList.noDescription')}</div>
      <div className="item-card-foot">
        <div>
          {isPrivate && (
            <Tag icon={<LockOutlined />} color="gold" data-testid="private-badge">
              {t('itemList.private')}
            </Tag>
          )}
          {type !== 'regular' && <Tag color="blue">{t(`itemTypes.${type}`)}</Tag>}
          {!owned && <Tag>{t('itemList.shared')}</Tag>}
          {flag(item.is_archived) && <Tag>{t('itemList.archived')}</Tag>}
        </div>
        {!owned && (
          <div className="item-card-actions">
            <Dropdown
              trigger={['click']}
              menu={{ items: [{ key: 'exit', icon: <LogoutOutlined />, danger: true, label: t('itemList.exit') }], onClick: () => onExit(item) }}
            >
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('itemList.more')} data-testid="item-more" />
            </Dropdown>
          </div>
        )}
      </div>
    </div>
  );
}

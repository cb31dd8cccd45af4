import { Button, Dropdown, Tag, Tooltip, type MenuProps } from 'antd';
import { DeleteOutlined, HolderOutlined, LockOutlined, LogoutOutlined, MoreOutlined, SettingOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { flag } from '../../api';
import type { ItemSummary } from '@shared/api/item';
import { avatarLetter, itemAvatarColor, itemTypeKey } from './itemLook';
import { itemPath } from './itemPath';

interface Props {
  item: ItemSummary;
  owned: boolean;
  sortable: boolean;
  onExit: (item: ItemSummary) => void;
  /** the owner's shortcut to delete (asks for the password, as the settings page does) */
  onDelete: (item: ItemSummary) => void;
  onToggleStar: (item: ItemSummary) => void;
}

/** One item on the list: a link to the item, badges, star, drag handle; its menu: settings (managers), delete (the owner), leave (members). */
export function ItemCard({ item, owned, sortable, onExit, onDelete, onToggleStar }: Props) {
  const navigate = useNavigate();
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
        <div className="item-card-actions">
          <Dropdown
            trigger={['click']}
            menu={{
              items: menuOf(item, owned, t),
              onClick: ({ key }) => {
                if (key === 'settings') navigate(`/item/setting/${String(item.item_id)}`);
                else if (key === 'delete') onDelete(item);
                else if (key === 'exit') onExit(item);
              },
            }}
          >
            <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('itemList.more')} data-testid="item-more" />
          </Dropdown>
        </div>
      </div>
    </div>
  );
}

function menuOf(item: ItemSummary, owned: boolean, t: (k: string) => string): MenuProps['items'] {
  const manages = owned || flag(item.manage);
  return [
    ...(manages ? [{ key: 'settings', icon: <SettingOutlined />, label: t('itemList.settings'), 'data-testid': 'item-menu-settings' }] : []),
    ...(owned ? [{ key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('itemList.delete'), 'data-testid': 'item-menu-delete' }] : []),
    ...(!owned ? [{ key: 'exit', icon: <LogoutOutlined />, danger: true, label: t('itemList.exit'), 'data-testid': 'item-menu-exit' }] : []),
  ];
}

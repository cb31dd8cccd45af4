import '../../i18n/managementTexts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Empty, Input, Skeleton } from 'antd';
import { CrownOutlined, PaperClipOutlined, PlusOutlined, SearchOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, call, commonApi, flag, itemApi, itemGroupApi } from '../../api';
import type { ItemGroup } from '../../api/endpoints/itemGroups';
import type { ItemSummary } from '@shared/api/item';
import type { UserInfo } from '@shared/api/user';
import { AppHeader } from '../../layout/AppHeader';
import { isAdmin, rememberUser, useCurrentUser } from '../../session/user';
import { useViewportWidth } from '../../hooks/useViewportWidth';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { feedback } from '../../ui/feedback';
import { ItemCard } from './ItemCard';
import { filterItems, ownsItem, sortPayload } from './itemLook';
import { confirmExit } from './confirmExit';
import { PasswordModal, type PasswordModalValues } from '../itemSetting/shared/PasswordModal';
import { ItemGroupTabs } from './ItemGroupTabs';
import { ItemGroupsModal } from './ItemGroupsModal';
import { ALL_ITEMS, STARRED, tabAfter } from './itemGroupLook';

function HeaderNav() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const width = useViewportWidth();
  if (width < 900) return null;
  return (
    <nav className="header-nav" data-testid="item-list-nav">
      <Link to="/team/index">
        <TeamOutlined /> {t('nav.teams')}
      </Link>
      <Link to="/attachment/index">
        <PaperClipOutlined /> {t('nav.attachments')}
      </Link>
      <Link to="/user/setting">
        <SettingOutlined /> {t('nav.settings')}
      </Link>
      {isAdmin(user) && (
        <Link to="/admin/index" data-testid="admin-link">
          <CrownOutlined /> {t('nav.admin')}
        </Link>
      )}
    </nav>
  );
}

export default function ItemListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [items, setItems] = useState<ItemSummary[] | null>(null);
  const [filter, setFilter] = useState('');
  const [groups, setGroups] = useState<ItemGroup[]>([]);
  const [group, setGroup] = useState(ALL_ITEMS);
  const [editingGroups, setEditingGroups] = useState(false);
  useDocumentTitle(t('itemList.title'));

  const load = useCallback(() => {
    itemApi
      .myList(false, group)
      .then((list) => setItems(Array.isArray(list) ? list : []))
      .catch(() => setItems((prev) => prev ?? []));
  }, [group]);

  useEffect(() => load(), [load]);

  useEffect(() => {
    // without groups (the call failed) the list still shows every item
    void itemGroupApi.groups().then(setGroups, () => {});
    // refresh the display info (name, administrator flag) and run ShowDoc's housekeeping triggers
    call<UserInfo>('user/info', {}, { silent: true, loading: false })
      .then((u) => rememberUser(u))
      .catch(() => {});
    void commonApi.runScriptCron().catch(() => {});
    void commonApi.checkDb().catch(() => {});
  }, []);

  const pickGroup = (g: number) => {
    if (g === group) return;
    setItems(null);
    setGroup(g);
  };

  const toggleStar = async (item: ItemSummary) => {
    const starred = flag(item.is_star);
    try {
      await (starred ? itemGroupApi.unstar(item.item_id) : itemGroupApi.star(item.item_id));
    } catch {
      return;
    }
    setItems((list) =>
      (list ?? [])
        .map((i) => (i === item ? { ...i, is_star: starred ? (0 as const) : (1 as const) } : i))
        .filter((i) => group !== STARRED || flag(i.is_star)),
    );
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const visible = useMemo(() => filterItems(items ?? [], filter), [items, filter]);
  const sortable = !filter.trim() && (items?.length ?? 0) > 1;
  const emptyText = group === STARRED ? t('itemGroups.noStarred') : group !== ALL_ITEMS ? t('itemGroups.emptyGroup') : t('itemList.empty');

  const onDragEnd = async (e: DragEndEvent) => {
    if (!items || !e.over || e.active.id === e.over.id) return;
    const from = items.findIndex((i) => String(i.item_id) === e.active.id);
    const to = items.findIndex((i) => String(i.item_id) === e.over!.id);
    if (from < 0 || to < 0) return;
    const next = arrayMove(items, from, to);
    setItems(next);
    try {
      await itemApi.sort(sortPayload(next), group);
    } catch {
      // spec §8: sort failure → alert (shown by the client), then reload the list from the server
      load();
    }
  };

  // the same confirmation as the settings page's: the owner's login password
  const [deleting, setDeleting] = useState<ItemSummary | null>(null);
  const remove = async (v: PasswordModalValues) => {
    if (!deleting) return;
    await itemApi.remove({ item_id: String(deleting.item_id), password: v.password });
    setDeleting(null);
    feedback()?.message.success(t('itemSetting.advanced.deleteDone'));
    load();
  };

  const exit = (item: ItemSummary) =>
    confirmExit(item.item_name, async () => {
      try {
        await itemApi.exitItem(item.item_id);
        feedback()?.message.success(t('itemList.exited'));
        load();
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
      }
    });

  return (
    <>
      <AppHeader>
        <HeaderNav />
      </AppHeader>
      <div className="page-container">
        <div className="page-title-row">
          <h1>{t('itemList.title')}</h1>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
            {(items?.length ?? 0) > 1 && (
              <Input
                allowClear
                prefix={<SearchOutlined />}
                placeholder={t('itemList.search')}
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                style={{ width: 240 }}
                data-testid="item-search"
              />
            )}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/item/add')} data-testid="new-item">
              {t('itemList.newItem')}
            </Button>
          </div>
        </div>
        <ItemGroupTabs groups={groups} active={group} onChange={pickGroup} onManage={() => setEditingGroups(true)} />
        <ItemGroupsModal
          open={editingGroups}
          groups={groups}
          onClose={() => setEditingGroups(false)}
          onSaved={(next) => {
            setEditingGroups(false);
            setGroups(next);
            feedback()?.message.success(t('itemGroups.saved'));
            const tab = tabAfter(group, next);
            if (tab === group) load();
            else pickGroup(tab);
          }}
        />
        {items === null ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : items.length === 0 && group !== ALL_ITEMS ? (
          <Empty description={emptyText} style={{ padding: '48px 0' }} data-testid="group-empty" />
        ) : items.length === 0 ? (
          <Empty description={t('itemList.empty')} style={{ padding: '64px 0' }}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/item/add')}>
              {t('itemList.createFirst')}
            </Button>
          </Empty>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void onDragEnd(e)}>
            <SortableContext items={visible.map((i) => String(i.item_id))} strategy={rectSortingStrategy}>
              <div className="item-grid" data-testid="item-grid">
                {visible.map((item) => (
                  <ItemCard
                    key={String(item.item_id)}
                    item={item}
                    owned={ownsItem(item, user?.uid)}
                    sortable={sortable}
                    onExit={exit}
                    onDelete={setDeleting}
                    onToggleStar={(i) => void toggleStar(i)}
                  />
                ))}
                {!filter && group === ALL_ITEMS && (
                  <button type="button" className="item-card new-item-card" onClick={() => navigate('/item/add')}>
                    <PlusOutlined style={{ fontSize: 22, marginBottom: 6 }} />
                    {t('itemList.newItem')}
                  </button>
                )}
              </div>
            </SortableContext>
          </DndContext>
        )}
        {items !== null && items.length > 0 && visible.length === 0 && <Empty description={t('itemList.noMatch')} />}
        <PasswordModal
          open={deleting !== null}
          title={t('itemList.deleteTitle', { name: deleting?.item_name ?? '' })}
          description={t('itemSetting.advanced.deleteText')}
          okText={t('itemSetting.advanced.delete')}
          onCancel={() => setDeleting(null)}
          onSubmit={remove}
        />
      </div>
    </>
  );
}

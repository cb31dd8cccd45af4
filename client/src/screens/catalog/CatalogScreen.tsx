import '../../i18n/managementTexts';
import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { FolderAddOutlined, ImportOutlined, OrderedListOutlined, ReadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { catalogApi, flag, itemApi } from '../../api';
import type { CatalogRow } from './catalogRow';
import { useViewportWidth } from '../../hooks/useViewportWidth';
import { Frame } from '../itemSetting/shared/Frame';
import { useLoad } from '../itemSetting/shared/useLoad';
import { confirmDelete, toast } from '../../ui/confirm';
import { CatalogTree, type CatalogAction } from './CatalogTree';
import { CatalogFormModal, type CatalogFormValues } from './CatalogFormModal';
import { CopyCatalogModal } from './CopyCatalogModal';
import { SortPagesModal } from './SortPagesModal';
import { ImportModal } from './ImportModal';
import { applyDrop, batUpdatePayload, flatten, subtreeHeight, toNodes, type FlatCat, type Projection } from './tree';

type Dialog =
  | { kind: 'form'; editing?: FlatCat; parentId: string }
  | { kind: 'sort'; catId: string; title: string }
  | { kind: 'copy'; cat: FlatCat }
  | { kind: 'import'; catId: string; name: string }
  | null;

/** Catalog management (spec §2): tree with drag reorder / re-parent, edit, add, sort pages, copy/move, delete. */
export default function CatalogScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { item_id = '' } = useParams();
  const narrow = useViewportWidth() < 700;
  const item = useLoad(() => itemApi.info({ item_id }), [item_id]);
  const cats = useLoad<CatalogRow[]>(() => catalogApi.listGroup(item_id), [item_id]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const flat = useMemo(() => flatten(toNodes(cats.data)), [cats.data]);
  const canEdit = item.data ? flag(item.data.ItemPermn ?? item.data.item_edit) && !flag(item.data.is_archived) : false;

  const onDrop = async (activeId: string, overId: string, p: Projection) => {
    const tree = applyDrop(flat, activeId, overId, p);
    // show the new order at once; the server's answer (reload) is the truth
    cats.setData(treeToRows(tree));
    setBusy(true);
    try {
      await catalogApi.batUpdate(item_id, batUpdatePayload(tree));
      toast('success', t('catalogAdmin.saved'));
    } catch {
      // alert shown by the API client
    } finally {
      setBusy(false);
      cats.reload();
    }
  };

  const onAction = (a: CatalogAction, c: FlatCat) => {
    switch (a) {
      case 'edit':
        setDialog({ kind: 'form', editing: c, parentId: c.parentId ?? '0' });
        break;
      case 'addSub':
        setDialog({ kind: 'form', parentId: c.id });
        break;
      case 'sortPages':
        setDialog({ kind: 'sort', catId: c.id, title: t('catalogAdmin.sortPagesOf', { name: c.name }) });
        break;
      case 'copy':
        setDialog({ kind: 'copy', cat: c });
        break;
      case 'import':
        setDialog({ kind: 'import', catId: c.id, name: c.name });
        break;
      case 'delete':
        confirmDelete({
          title: t('catalogAdmin.deleteTitle', { name: c.name }),
          content: t('catalogAdmin.deleteConfirm'),
          okText: t('catalogAdmin.delete'),
          doneText: t('catalogAdmin.deleted'),
          remove: () => catalogApi.remove({ item_id, cat_id: c.id }),
          onDone: cats.reload,
        });
        break;
    }
  };

  const saveForm = async (v: CatalogFormValues) => {
    if (dialog?.kind !== 'form') return;
    await catalogApi.save({ item_id, cat_id: dialog.editing?.id, parent_cat_id: v.parent_cat_id, cat_name: v.cat_name });
    toast('success', t('catalogAdmin.saved'));
    setDialog(null);
    cats.reload();
  };

  const title = item.data ? t('catalogAdmin.titleOf', { name: item.data.item_name }) : t('catalogAdmin.title');
  const backTo = `/${encodeURIComponent(item_id)}`;

  let body;
  if (item.loading && !item.data) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!item.data) body = <Result status="warning" title={t('catalogAdmin.loadFailed')} />;
  else if (!canEdit)
    body = (
      <Result
        status="403"
        title={t('catalogAdmin.noPermission')}
        data-testid="catalog-no-permission"
        extra={<Button onClick={() => navigate(backTo)}>{t('catalogAdmin.backToItem')}</Button>}
      />
    );
  else
    body = (
      <>
        <Alert type="info" showIcon style={{ marginBottom: 14 }} title={t('catalogAdmin.dragHelp')} />
        {cats.loading && !cats.data ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : flat.length === 0 ? (
          <div className="manage-panel">
            <Empty description={t('catalogAdmin.empty')}>
              <Button type="primary" icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: 'form', parentId: '0' })}>
                {t('catalogAdmin.add')}
              </Button>
            </Empty>
          </div>
        ) : (
          <CatalogTree flat={flat} narrow={narrow} busy={busy} onAction={onAction} onDrop={(a, o, p) => void onDrop(a, o, p)} />
        )}
      </>
    );

  return (
    <Frame
      title={title}
      back={backTo}
      testId="catalog-screen"
      extra={
        item.data && canEdit ? (
          <>
            <Button icon={<ReadOutlined />} onClick={() => navigate(backTo)}>
              {narrow ? null : t('catalogAdmin.backToItem')}
            </Button>
            <Button icon={<ImportOutlined />} onClick={() => setDialog({ kind: 'import', catId: '0', name: t('imports.rootName') })} data-testid="catalog-import">
              {narrow ? null : t('imports.importRoot')}
            </Button>
            <Button icon={<OrderedListOutlined />} onClick={() => setDialog({ kind: 'sort', catId: '0', title: t('catalogAdmin.sortRootPages') })} data-testid="sort-root-pages">
              {narrow ? null : t('catalogAdmin.sortRootPages')}
            </Button>
            <Button type="primary" icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: 'form', parentId: '0' })} data-testid="catalog-add">
              {t('catalogAdmin.add')}
            </Button>
          </>
        ) : null
      }
    >
      {body}
      <CatalogFormModal
        open={dialog?.kind === 'form'}
        flat={flat}
        editing={dialog?.kind === 'form' ? dialog.editing : undefined}
        parentId={dialog?.kind === 'form' ? dialog.parentId : '0'}
        onCancel={() => setDialog(null)}
        onSubmit={saveForm}
      />
      <SortPagesModal
        open={dialog?.kind === 'sort'}
        itemId={item_id}
        catId={dialog?.kind === 'sort' ? dialog.catId : '0'}
        title={dialog?.kind === 'sort' ? dialog.title : ''}
        onClose={() => setDialog(null)}
      />
      <ImportModal
        open={dialog?.kind === 'import'}
        itemId={item_id}
        catId={dialog?.kind === 'import' ? dialog.catId : '0'}
        name={dialog?.kind === 'import' ? dialog.name : ''}
        onClose={() => setDialog(null)}
        onImported={() => cats.reload()}
      />
      <CopyCatalogModal
        open={dialog?.kind === 'copy'}
        itemId={item_id}
        cat={dialog?.kind === 'copy' ? dialog.cat : undefined}
        height={dialog?.kind === 'copy' ? subtreeHeight(flat, dialog.cat.id) : 0}
        onCancel={() => setDialog(null)}
        onDone={(moved) => {
          toast('success', moved ? t('catalogAdmin.moved') : t('catalogAdmin.copied'));
          setDialog(null);
          cats.reload();
        }}
      />
    </Frame>
  );
}

function treeToRows(nodes: ReturnType<typeof applyDrop>, parent = 0, level = 2): CatalogRow[] {
  return nodes.map((n, i) => ({
    cat_id: n.id,
    cat_name: n.name,
    parent_cat_id: parent,
    level,
    s_number: i + 1,
    sub: treeToRows(n.children, Number(n.id), level + 1),
  }));
}

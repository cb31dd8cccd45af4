// A table item (type 4): its one page as a live, shared spreadsheet. Editors get Save and the
// More menu (share, settings for the creator, import Excel, export showdoc.xlsx, back);
// read-only members and visitors see the grid read-only with only "back".
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Dropdown, Modal, Spin, Tag } from 'antd';
import { ArrowLeftOutlined, MoreOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ItemInfo } from '@shared/api/item';
import { avatarColor } from '@shared/avatarColor';
import { parseWorkbookContent } from '@shared/sheet/content';
import { serializeWorkbook } from '@shared/sheet/workbook';
import { applyWorkbookChange, yDocToWorkbook } from '@shared/sheet/ydoc';
import { pageApi, sheetApi } from '../../api';
import { feedback } from '../../ui/feedback';
import { useCurrentUser } from '../../session/user';
import { useViewportWidth } from '../../hooks/useViewportWidth';
import { ItemTopBar } from '../itemShow/ItemTopBar';
import { LinkWithQr } from '../itemShow/LinkWithQr';
import { firstPage } from '../itemShow/menuTree';
import type { ItemPermissions } from '../itemShow/permissions';
import { useEditSession } from '../pageEdit/useEditSession';
import { useSheetDoc } from './useSheetDoc';
import { readSheetDraft, useSheetDraft } from './useSheetDraft';
import { SheetPeople } from './SheetPeople';
import { SheetPreview } from './SheetPreview';
import { ReadOnlyBanner } from '../pageEdit/ReadOnlyBanner';
import './sheet.css';

// the grid and fortune-sheet are their own chunk (2.7 MB to evaluate): it is loaded once the
// document has synced and its cells are on screen as a plain preview, so evaluating it delays
// neither the sync nor the first sight of the sheet
const SheetGrid = lazy(() => import('./SheetGrid'));

export function SheetItemView({ info, perms, itemPath }: { info: ItemInfo; perms: ItemPermissions; itemPath: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const width = useViewportWidth();
  const pageId = Number(info.default_page_id) || Number(firstPage(info.menu)?.page_id ?? 0);
  const live = useSheetDoc(pageId, user ? { name: user.name || user.username, color: avatarColor(user.uid) } : null);
  const session = useEditSession(pageId, perms.canEdit && !!user);
  // another user's lock reaches an open grid at once (the co-editing access message): read-only with a banner
  const editable = perms.canEdit && session.status === 'joined' && live.status === 'synced' && live.access.write;
  const draft = useSheetDraft(pageId, live.doc, editable);
  const [shareOpen, setShareOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const offered = useRef(false);
  const back = () => navigate(user ? '/item/index' : '/');
  const firstSheet = useMemo(() => (live.doc ? yDocToWorkbook(live.doc).sheets[0] : undefined), [live.doc]);
  const gridWanted = useAfterPaint(!!live.doc);

  // a local draft that differs from the live workbook is offered once
  useEffect(() => {
    const doc = live.doc;
    if (!doc || !editable || offered.current) return;
    offered.current = true;
    const text = readSheetDraft(pageId);
    if (!text || text === serializeWorkbook(yDocToWorkbook(doc))) return;
    feedback()?.modal.confirm({
      title: t('itemShow.table.draftTitle'),
      content: t('itemShow.table.draftText'),
      okText: t('itemShow.table.draftRestore'),
      cancelText: t('itemShow.table.draftDiscard'),
      onOk: () => applyWorkbookChange(doc, yDocToWorkbook(doc), parseWorkbookContent(text)),
      onCancel: () => draft.saved(serializeWorkbook(yDocToWorkbook(doc))),
    });
  }, [live.doc, editable, pageId, t, draft]);

  const save = useCallback(async () => {
    if (!live.doc) return;
    const text = serializeWorkbook(yDocToWorkbook(live.doc));
    setSaving(true);
    try {
      await pageApi.save({ page_id: pageId, item_id: info.item_id, page_title: info.item_name, page_content: text, from_collab: 1 });
      draft.saved(text);
      feedback()?.message.success(t('itemShow.table.saved'));
    } catch {
      /* the client already showed the error */
    } finally {
      setSaving(false);
    }
  }, [live.doc, pageId, info.item_id, info.item_name, draft, t]);

  useEffect(() => {
    if (!editable) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, save]);

  const startJob = async (start: () => Promise<{ job_id: string }>) => {
    try {
      const job = await start();
      navigate(`/downloads?job=${encodeURIComponent(job.job_id)}`);
    } catch {
      /* shown already */
    }
  };

  const menu = [
    { key: 'lock', label: session.exclusive ? t('itemShow.table.unlock') : t('itemShow.table.lock') },
    { key: 'share', label: t('itemShow.table.share') },
    ...(perms.isCreator ? [{ key: 'settings', label: t('itemShow.table.settings') }] : []),
    { key: 'import', label: t('itemShow.table.import') },
    { key: 'export', label: t('itemShow.table.export') },
    { key: 'back', label: t('itemShow.table.back') },
  ];
  const onMenu = ({ key }: { key: string }) => {
    if (key === 'lock') {
      // the pages' exclusive lock: others' grids turn read-only while it holds
      const on = !session.exclusive;
      void session.setExclusive(on).then((done) => done && feedback()?.message.success(on ? t('itemShow.table.lockedByMe') : t('itemShow.table.unlocked')));
    } else if (key === 'share') setShareOpen(true);
    else if (key === 'settings') navigate(`/item/setting/${info.item_id}`);
    else if (key === 'import') fileInput.current?.click();
    else if (key === 'export') void startJob(() => sheetApi.exportXlsx(info.item_id));
    else back();
  };

  return (
    <div className="item-show sheet-item" data-testid="item-show-table">
      <ItemTopBar info={info} compact={width < 700} />
      {perms.canEdit && live.status === 'synced' && <ReadOnlyBanner access={live.access} />}
      <div className="sheet-bar">
        {live.awareness && <SheetPeople awareness={live.awareness} />}
        {live.status === 'offline' && <Tag color="orange">{t('itemShow.table.offline')}</Tag>}
        {perms.canEdit && session.status === 'refused' && <Tag color="gold" data-testid="sheet-locked">{session.message || t('itemShow.table.locked')}</Tag>}
        {!editable && live.status === 'synced' && <Tag data-testid="sheet-readonly">{t('itemShow.table.readOnly')}</Tag>}
        <span className="sheet-bar-space" />
        {editable ? (
          <>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="sheet-save">
              {t('itemShow.table.save')}
            </Button>
            <Dropdown menu={{ items: menu, onClick: onMenu }} trigger={['click']}>
              <Button icon={<MoreOutlined />} data-testid="sheet-more">
                {t('itemShow.table.more')}
              </Button>
            </Dropdown>
            <input
              ref={fileInput}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              data-testid="sheet-import-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void startJob(() => sheetApi.importXlsx(info.item_id, f));
              }}
            />
          </>
        ) : (
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="sheet-back">
            {t('itemShow.table.back')}
          </Button>
        )}
      </div>
      {live.status === 'refused' ? (
        <Alert type="error" showIcon title={t('itemShow.table.refused')} description={live.reason} style={{ margin: 24 }} />
      ) : live.doc && live.awareness ? (
        gridWanted ? (
          <Suspense fallback={<SheetPreview sheet={firstSheet} toolbar={editable} />}>
            <SheetGrid doc={live.doc} awareness={live.awareness} editable={editable} lang={i18n.language.startsWith('zh') ? 'zh' : 'en'} />
          </Suspense>
        ) : (
          <SheetPreview sheet={firstSheet} toolbar={editable} />
        )
      ) : (
        <Spin style={{ display: 'block', margin: 48 }} />
      )}
      <Modal open={shareOpen} onCancel={() => setShareOpen(false)} footer={null} title={t('itemShow.table.share')} destroyOnHidden>
        <LinkWithQr url={`${window.location.origin}${itemPath}`} testId="sheet-share" />
      </Modal>
    </div>
  );
}

/** True from the frame after `ready` was first painted: heavy work then starts behind what is shown. */
function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}

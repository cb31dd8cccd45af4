import { lazy, Suspense, useState } from 'react';
import { Button, Empty, Tooltip } from 'antd';
import { TextPlaceholder } from '../../components/TextPlaceholder';
import { FullscreenExitOutlined, FullscreenOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { itemApi, pageApi, type Id } from '../../api';
import type { ItemInfo } from '@shared/api/item';
import { DocArticle } from '../../components/doc/DocArticle';
import { Toc } from '../../markdown/Toc';
import { useMarkdown } from '../../markdown/useMarkdown';
import { BREAKPOINTS, useViewportWidth } from '../../hooks/useViewportWidth';
import { confirmDelete } from '../../ui/confirm';
import { confirmExit } from '../item/confirmExit';
import { OperationBar, operationLabels } from './OperationBar';
import { BackToTop } from '../../components/BackToTop';
import { LiveDraftNotice } from '../../components/page/LiveDraftNotice';
import type { ItemPermissions, Operation } from './permissions';
import { usePageInfo } from './usePageInfo';
import { useCurrentUser } from '../../session/user';

// dialogs with tables load when opened: the reader route stays small
const HistoryDialog = lazy(() => import('../../components/page/HistoryDialog').then((m) => ({ default: m.HistoryDialog })));
const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));
const AttachmentsDialog = lazy(() => import('./AttachmentsDialog').then((m) => ({ default: m.AttachmentsDialog })));
// comments, feedback and Watch under the page (issue #23) load after the page, in their own chunk
const PageExtras = lazy(() => import('../../components/page/aroundPage/PageExtras'));

interface Props {
  info: ItemInfo;
  perms: ItemPermissions;
  pageId: Id | null;
  /** the width the page has (the viewport less the catalog tree beside it); the viewport by default */
  paneWidth?: number;
  /** a searched keyword to mark in the page */
  highlight?: string;
  /** in-app path of the item (/<domain or id>) */
  itemPath: string;
  /** catalog names above the page, for the crumbs */
  crumbs: string[];
  /** the catalog the open page sits in (new pages start there) */
  catId: Id | null;
  operations: (hasPage: boolean) => Operation[];
  fullPage: boolean;
  onFullPage: (on: boolean) => void;
  /** the menu changed (page deleted) */
  onMenuChanged: () => void;
}

/** Toolbar (crumbs, operations, full-page) + the open page + its table of contents. */
export function DocumentPane({ info, perms, pageId, paneWidth, highlight, itemPath, crumbs, catId, operations, fullPage, onFullPage, onMenuChanged }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewport = useViewportWidth();
  const width = paneWidth ?? viewport;
  const { page, loading, patch, reload } = usePageInfo(pageId, info.item_id);
  const rendered = useMarkdown(page?.page_content);
  const [dialog, setDialog] = useState<'share' | 'history' | 'attachments' | null>(null);
  const itemId = info.item_id;
  const attachmentCount = Number(page?.attachment_count ?? 0);
  const showToc = width >= BREAKPOINTS.pageMobile;
  const signedIn = !!useCurrentUser();
  // ShowDoc: comments and feedback on regular items whose managers switched them on
  const regular = Number(info.item_type) === 1;
  const allowComment = regular && Number(info.allow_comment) === 1;
  const allowFeedback = regular && Number(info.allow_feedback) === 1;

  const onAction = (op: Operation) => {
    const here = `${window.location.pathname}${window.location.search}`;
    switch (op) {
      case 'newPage':
        return navigate(`/page/edit/${itemId}/0${catId ? `?cat_id=${catId}` : ''}`);
      case 'newCatalog':
        return navigate(`/catalog/${itemId}`);
      case 'edit':
        return navigate(`/page/edit/${itemId}/${pageId}`);
      case 'copy':
        return navigate(`/page/edit/${itemId}/0?copy_page_id=${pageId}`);
      case 'export':
        return navigate(`/item/export/${itemId}`);
      case 'settings':
        return navigate(`/item/setting/${itemId}`);
      case 'login':
        return navigate(`/user/login?redirect=${encodeURIComponent(here)}`);
      case 'share':
      case 'history':
      case 'attachments':
        return setDialog(op);
      case 'delete':
        return confirmDelete({
          title: t('itemShow.deleteTitle'),
          content: t('itemShow.deleteConfirm', { title: page?.page_title ?? '' }),
          doneText: t('itemShow.deleted'),
          remove: () => pageApi.remove(pageId!),
          onDone: () => {
            navigate(itemPath, { replace: true });
            onMenuChanged();
          },
        });
      case 'exit':
        return confirmExit(info.item_name, async () => {
          try {
            await itemApi.exitItem(itemId);
            navigate('/item/index');
          } catch {}
        });
    }
  };

  const ops = operations(!!page);
  return (
    <>
      <div className="doc-toolbar">
        <div className="crumbs" data-testid="crumbs">
          {[...crumbs, page?.page_title ?? ''].filter(Boolean).join(' / ')}
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <OperationBar ops={ops} labels={operationLabels(ops.length, width, BREAKPOINTS.pageMobile)} onAction={onAction} />
          {width >= BREAKPOINTS.pageMobile && (
            <Tooltip title={fullPage ? t('itemShow.exitFullPage') : t('itemShow.fullPage')}>
              <Button
                type="text"
                icon={fullPage ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={() => onFullPage(!fullPage)}
                aria-label={fullPage ? t('itemShow.exitFullPage') : t('itemShow.fullPage')}
                data-testid="full-page-toggle"
              />
            </Tooltip>
          )}
        </div>
      </div>
      <div className={`doc-layout${width < BREAKPOINTS.pageMobile ? ' narrow' : ''}`}>
        {loading && !page ? (
          <div className="doc-article">
            <TextPlaceholder rows={10} />
          </div>
        ) : page ? (
          <DocArticle
            page={page}
            html={rendered.html}
            highlight={highlight}
            meta={
              <>
                {attachmentCount > 0 && (
                  <a onClick={() => setDialog('attachments')} data-testid="attachments-link">
                    <PaperClipOutlined /> {t('itemShow.attachments.count', { count: attachmentCount })}
                  </a>
                )}
                <LiveDraftNotice pageId={page.page_id} />
              </>
            }
            footer={
              (signedIn || allowComment || allowFeedback) && (
                <Suspense fallback={null}>
                  <PageExtras pageId={page.page_id} allowComment={allowComment} allowFeedback={allowFeedback} />
                </Suspense>
              )
            }
          />
        ) : (
          <div className="doc-article">
            <Empty description={pageId === null ? t('itemShow.noPages') : t('itemShow.pageMissing')} style={{ marginTop: 80 }}>
              {perms.canEdit && (
                <Button type="primary" onClick={() => onAction('newPage')}>
                  {t('itemShow.ops.newPage')}
                </Button>
              )}
            </Empty>
          </div>
        )}
        {showToc && page && <Toc headings={rendered.headings} />}
      </div>
      <BackToTop />
      {page && (
        <>
          <Suspense fallback={null}>
            {dialog === 'share' && (
              <ShareDialog
                open
                onClose={() => setDialog(null)}
                itemPath={itemPath}
                page={page}
                canEdit={perms.canEdit}
                onUniqueKey={(k) => patch({ unique_key: k })}
              />
            )}
            {dialog === 'history' && (
              <HistoryDialog
                open
                pageId={page.page_id}
                onClose={() => setDialog(null)}
                restoreAs={perms.canEdit ? { itemId, pageTitle: page.page_title, onRestored: reload } : undefined}
              />
            )}
            {dialog === 'attachments' && <AttachmentsDialog open pageId={page.page_id} onClose={() => setDialog(null)} />}
          </Suspense>
        </>
      )}
    </>
  );
}

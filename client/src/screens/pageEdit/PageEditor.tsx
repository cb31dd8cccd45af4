// The edit screen once the item and page are known: the page's title, catalog and text, the
// editing session (read-only while another user's lock or lost rights say so), the draft, the
// save state and the question before leaving unsaved text, the save button's actions and the
// insert tools, shown by PageEditorView; a page deleted meanwhile gets PageDeletedDialog.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EditorView } from '@codemirror/view';
import type { MarkdownEditorHandle } from './MarkdownEditor';
import { PageEditorView } from './PageEditorView';
import { useEditorSession } from './useEditorSession';
import { useDraft } from './useDraft';
import { useSaveActions } from './useSaveActions';
import { useInsertTools } from './useInsertTools';
import { usePreviewLimit } from './usePreviewLimit';
import { saveState, useSaveState } from './useSaveState';
import { useLeaveGuard } from './useLeaveGuard';
import { PageDeletedDialog } from './PageDeletedDialog';
import { ReadOnlyBanner } from './ReadOnlyBanner';
import { useAccessChange } from './useAccessChange';
import { flag } from '../../api';
import type { EditorData } from './useEditorData';
import { ITEM_TYPE } from '@shared/limits';

export function PageEditor({ itemId, pageId, catParam, data }: { itemId: number; pageId: number; catParam: number | null; data: EditorData }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
  const editor = useRef<MarkdownEditorHandle>(null);
  const view = useCallback((): EditorView | null => editor.current?.view() ?? null, []);

  const page = data.page;
  const isNew = pageId <= 0;
  const [title, setTitle] = useState(page?.page_title ?? '');
  const [catId, setCatId] = useState<number>(isNew ? (catParam ?? Number(page?.cat_id ?? 0)) : Number(page?.cat_id ?? 0));
  const [text, setText] = useState(page?.page_content ?? '');

  const backTo = isNew ? `/${itemId}` : `/${itemId}?page_id=${pageId}`;
  const { session, live, ready, deleted } = useEditorSession(pageId, backTo);
  const loaded = page?.page_content ?? '';
  const draft = useDraft(itemId, pageId, ready, view, loaded);
  const tracker = useSaveState(pageId, isNew ? '' : loaded, text, ready);
  const onSaved = { ...draft, saved: (t: string) => (draft.saved(t), tracker.markSaved(t)) };
  const actions = useSaveActions({ itemId, pageId, catId, title, fromCollab: !!live.collab }, view, onSaved, session);
  const state = saveState({ saving: actions.saving, offline: live.status === 'offline', unsaved: tracker.unsaved });
  const tools = useInsertTools(view, itemId, pageId, lang);
  const tooLong = usePreviewLimit(text, pageId);
  const leave = useLeaveGuard(tracker.unsaved && !deleted);
  useAccessChange(live.access);
  const { asking, withdraw } = draft;
  useEffect(() => {
    // the page is gone: its message replaces the draft question
    if (deleted && asking) withdraw();
  }, [deleted, asking, withdraw]);
  const writable = live.access.write && !draft.asking && !deleted;
  const canRestore = flag(data.item.item_manage) && !flag(data.item.is_archived);

  return (
    <>
      <PageEditorView
        itemId={itemId}
        pageId={pageId}
        lang={lang}
        title={title}
        onTitle={setTitle}
        catId={catId}
        onCatalog={setCatId}
        catalogs={data.catalogs}
        singlePage={Number(data.item.item_type) === ITEM_TYPE.singlePage}
        editors={session.editors}
        exclusive={session.exclusive}
        canLock={!isNew && session.status === 'joined' && live.access.write}
        readOnly={!writable}
        banner={<ReadOnlyBanner access={live.access} />}
        saveState={state}
        offline={live.status === 'offline'}
        ready={ready}
        collab={live.collab}
        editorRef={editor}
        view={view}
        initial={isNew ? (page?.page_content ?? '') : text}
        text={text}
        onText={setText}
        tooLong={tooLong}
        attachmentCount={Number(page?.attachment_count ?? 0)}
        actions={actions}
        tools={tools}
        onBack={() => leave(backTo)}
      />
      <PageDeletedDialog open={deleted} itemId={itemId} pageId={pageId} text={text} canRestore={canRestore} onLeave={() => navigate(`/${itemId}`)} />
    </>
  );
}

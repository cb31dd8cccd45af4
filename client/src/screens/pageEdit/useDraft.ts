// The page's local draft in the editor: offered for restore once the text we edit is known,
// kept every 30 s and when the tab goes away (usePageDraft.ts), gone once saved.
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorView } from '@codemirror/view';
import { draftKey, draftToOffer, readDraft, clearDraft, useDraftAutosave } from './usePageDraft';
import { replaceContent } from './replaceContent';

export interface Draft {
  /** the text was saved: no draft of it is kept */
  saved(text: string): void;
  /** a new page got saved: its draft is gone (the page has its own key now) */
  clear(): void;
}

/** `text`: the page's text as loaded, when the editor has none yet */
export function useDraft(itemId: number, pageId: number, ready: boolean, view: () => EditorView | null, text: string): Draft {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const key = draftKey(itemId, pageId);
  const drafts = useDraftAutosave(key, () => view()?.state.doc.toString() ?? null, ready);

  const offered = useRef(false);
  useEffect(() => {
    if (!ready || offered.current) return;
    offered.current = true;
    const current = view()?.state.doc.toString() ?? text;
    drafts.setBaseline(current);
    const draft = draftToOffer(readDraft(key), current);
    if (!draft) return;
    modal.confirm({
      title: t('editor.draft.title'),
      content: t('editor.draft.content'),
      okText: t('editor.draft.restore'),
      cancelText: t('editor.draft.discard'),
      onOk: () => {
        const v = view();
        if (v) replaceContent(v, draft);
      },
      onCancel: () => clearDraft(key),
    });
  }, [ready, key, drafts, modal, t, text, view]);

  return { saved: drafts.markSaved, clear: () => clearDraft(key) };
}

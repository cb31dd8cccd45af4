// The page's local draft in the editor: decided the moment the editor opens — before the shared
// document has synced and the editor is editable — by comparing it with the page as loaded; a
// restore is applied once the text is known. Kept every 30 s and when the tab goes away
// (usePageDraft.ts), gone once saved.
import { useEffect, useRef, useState } from 'react';
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
  /** the restore question is open: the editor stays read-only until it is answered */
  asking: boolean;
  /** the page went away: the question is withdrawn (another message takes its place) */
  withdraw(): void;
}

type Decision = 'none' | 'ask' | 'restore' | 'done';

/** `loaded`: the page's text as loaded (the copied page's for a new one) */
export function useDraft(itemId: number, pageId: number, ready: boolean, view: () => EditorView | null, loaded: string): Draft {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const key = draftKey(itemId, pageId);
  const drafts = useDraftAutosave(key, () => view()?.state.doc.toString() ?? null, ready);
  const [draft] = useState(() => draftToOffer(readDraft(key), loaded));
  const [decision, setDecision] = useState<Decision>(draft ? 'ask' : 'none');
  const question = useRef<{ destroy(): void } | null>(null);

  useEffect(() => {
    if (!draft) return;
    question.current = modal.confirm({
      title: t('editor.draft.title'),
      content: t('editor.draft.content'),
      okText: t('editor.draft.restore'),
      cancelText: t('editor.draft.discard'),
      onOk: () => setDecision('restore'),
      onCancel: () => {
        clearDraft(key);
        setDecision('done');
      },
    });
    return () => question.current?.destroy();
    // asked once, when the editor opens (draft and key do not change for this editor)
  }, [draft]);

  const baselined = useRef(false);
  useEffect(() => {
    if (!ready) return;
    const v = view();
    if (!baselined.current) {
      baselined.current = true;
      drafts.setBaseline(v?.state.doc.toString() ?? loaded);
    }
    if (decision === 'restore' && draft && v) {
      replaceContent(v, draft);
      setDecision('done');
    }
  }, [ready, decision, draft, drafts, view, loaded]);

  return {
    saved: drafts.markSaved,
    clear: () => clearDraft(key),
    asking: decision === 'ask',
    withdraw: () => {
      question.current?.destroy();
      setDecision('done');
    },
  };
}

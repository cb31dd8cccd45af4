// What the save button does: save the page (Ctrl+S too), save the text as a template, lock or
// unlock editing for the others.
import { useCallback, useRef, useState } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EditorView } from '@codemirror/view';
import { call, pageApi } from '../../api';
import type { EditSession } from './useEditSession';
import type { Draft } from './useDraft';

export interface SavePlace {
  itemId: number;
  /** ≤ 0: a new page, which gets its id on the first save */
  pageId: number;
  catId: number;
  title: string;
  /** the text comes from the shared document: the server takes it from there */
  fromCollab: boolean;
}

export interface SaveActions {
  /** a save is running: the button spins */
  saving: boolean;
  save(): Promise<void>;
  saveTemplate(): Promise<void>;
  toggleLock(): Promise<void>;
}

export function useSaveActions(place: SavePlace, view: () => EditorView | null, draft: Draft, session: EditSession): SaveActions {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { itemId, pageId, catId, title, fromCollab } = place;
  const isNew = pageId <= 0;
  // a ref as well as the state: a second Ctrl+S must not start a second save before the re-render
  const saving = useRef(false);
  const [savingShown, setSavingShown] = useState(false);

  const save = useCallback(async () => {
    const v = view();
    if (!v || saving.current) return;
    saving.current = true;
    setSavingShown(true);
    const content = v.state.doc.toString();
    try {
      const r = await call<{ page_id: number | string }>('page/save', {
        page_id: isNew ? 0 : pageId,
        item_id: itemId,
        cat_id: catId,
        page_title: title.trim() || t('editor.defaultTitle'),
        page_content: encodeURIComponent(content),
        is_urlencode: 1,
        ...(fromCollab ? { from_collab: 1 } : {}),
      });
      draft.saved(content);
      message.success(t('editor.saved'));
      if (isNew) {
        draft.clear();
        navigate(`/page/edit/${itemId}/${r.page_id}`, { replace: true });
      }
    } catch {
      /* the API client showed the error */
    } finally {
      saving.current = false;
      setSavingShown(false);
    }
  }, [view, isNew, pageId, itemId, catId, title, t, fromCollab, draft, message, navigate]);

  const saveTemplate = async () => {
    const content = view()?.state.doc.toString() ?? '';
    await pageApi.saveTemplate({ template_title: title.trim() || t('editor.defaultTitle'), template_content: content });
    message.success(t('editor.templates.saved'));
  };

  const toggleLock = async () => {
    if (await session.setExclusive(!session.exclusive)) message.success(session.exclusive ? t('editor.unlocked') : t('editor.locked'));
  };

  return { saving: savingShown, save, saveTemplate, toggleLock };
}

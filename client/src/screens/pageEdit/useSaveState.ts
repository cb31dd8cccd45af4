// Whether the editor's text is what readers see: saved, unsaved (differs from the saved page),
// saving, or offline. The saved text is the page as loaded, then what this editor saved, then what
// another editor saved ('page:saved' on the page's room; the page is read again).
import { useCallback, useEffect, useState } from 'react';
import { pageApi } from '../../api';
import { realtimeSocket } from '../../realtime/socket';

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'offline';

export interface SaveTracker {
  /** the text differs from the saved page */
  unsaved: boolean;
  /** this editor saved `text` */
  markSaved(text: string): void;
}

export function saveState(p: { saving: boolean; offline: boolean; unsaved: boolean }): SaveState {
  return p.saving ? 'saving' : p.offline ? 'offline' : p.unsaved ? 'unsaved' : 'saved';
}

/** `ready`: the editor holds the text to compare (before that nothing is unsaved) */
export function useSaveState(pageId: number, loaded: string, text: string, ready: boolean): SaveTracker {
  const [savedText, setSavedText] = useState(loaded);

  useEffect(() => {
    if (pageId <= 0) return;
    const socket = realtimeSocket();
    let current = true;
    const onSaved = (e: { page_id?: number | string }) => {
      if (Number(e.page_id) !== pageId) return;
      void pageApi
        .info(pageId)
        .then((page) => current && setSavedText(page.page_content ?? ''))
        .catch(() => {});
    };
    socket.on('page:saved', onSaved);
    return () => {
      current = false;
      socket.off('page:saved', onSaved);
    };
  }, [pageId]);

  const markSaved = useCallback((t: string) => setSavedText(t), []);
  return { unsaved: ready && text !== savedText, markSaved };
}

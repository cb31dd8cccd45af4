// Local drafts (spec §4): the text is kept in localStorage every 30 s and when the tab goes
// away; on the next edit a draft that differs from the server's text and is longer than
// 10 characters is offered for restore. Saving clears it.
import { useEffect, useRef } from 'react';
import { DRAFT_INTERVAL_MS, DRAFT_MIN_CHARS } from './limits';

export const draftKey = (itemId: number, pageId: number) => (pageId > 0 ? `page_content_${pageId}` : `page_content_new_${itemId}`);

export function readDraft(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage may be disabled */
  }
}

/** A draft worth offering: different from what the server has and long enough. */
export function draftToOffer(draft: string | null, serverText: string): string | null {
  return draft !== null && draft !== serverText && draft.length > DRAFT_MIN_CHARS ? draft : null;
}

export interface DraftAutosave {
  /** the text the server holds: not worth keeping as a draft */
  setBaseline(text: string): void;
  /** saved: the draft is gone */
  markSaved(text: string): void;
}

/** Keeps `current()` as a draft while the editor is open (only after the user changed something). */
export function useDraftAutosave(key: string, current: () => string | null, active: boolean): DraftAutosave {
  const saved = useRef<string | null>(null);
  const read = useRef(current);
  read.current = current;

  useEffect(() => {
    if (!active) return;
    const keep = () => {
      const text = read.current();
      if (text === null || text === saved.current) return;
      try {
        localStorage.setItem(key, text);
      } catch {
        /* quota or disabled storage: nothing to do */
      }
    };
    const timer = setInterval(keep, DRAFT_INTERVAL_MS);
    const onHide = () => document.visibilityState === 'hidden' && keep();
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [key, active]);

  return {
    setBaseline(text: string) {
      saved.current = text;
    },
    markSaved(text: string) {
      saved.current = text;
      clearDraft(key);
    },
  };
}

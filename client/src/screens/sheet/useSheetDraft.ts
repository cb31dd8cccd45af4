// Local drafts of a sheet (spec §4): every 30 s, and when the tab goes away, the workbook is kept
// in localStorage while it differs from what was last saved; on the next open a draft that
// differs from the live workbook is offered. Saving clears it.
import { useEffect, useRef } from 'react';
import type * as Y from 'yjs';
import { DRAFT_AUTOSAVE_MS } from '@shared/limits';
import { serializeWorkbook } from '@shared/sheet/workbook';
import { yDocToWorkbook } from '@shared/sheet/ydoc';

export const sheetDraftKey = (pageId: number) => `page_content_${pageId}`;

export function readSheetDraft(pageId: number): string | null {
  try {
    return localStorage.getItem(sheetDraftKey(pageId));
  } catch {
    return null;
  }
}

export function clearSheetDraft(pageId: number): void {
  try {
    localStorage.removeItem(sheetDraftKey(pageId));
  } catch {
    /* storage may be disabled */
  }
}

/** Keeps the draft while `doc` is open for editing; `saved` marks the text the server holds. */
export function useSheetDraft(pageId: number, doc: Y.Doc | null, active: boolean): { saved(text: string): void } {
  const baseline = useRef<string | null>(null);
  useEffect(() => {
    if (!doc || !active) return;
    baseline.current ??= serializeWorkbook(yDocToWorkbook(doc));
    const keep = () => {
      const text = serializeWorkbook(yDocToWorkbook(doc));
      if (text === baseline.current) return;
      try {
        localStorage.setItem(sheetDraftKey(pageId), text);
      } catch {
        /* quota or disabled storage */
      }
    };
    const timer = setInterval(keep, DRAFT_AUTOSAVE_MS);
    const onHide = () => document.visibilityState === 'hidden' && keep();
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [pageId, doc, active]);
  return {
    saved(text: string) {
      baseline.current = text;
      clearSheetDraft(pageId);
    },
  };
}

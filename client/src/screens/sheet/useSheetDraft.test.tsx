import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DRAFT_AUTOSAVE_MS } from '@shared/limits';
import { emptyWorkbook, serializeWorkbook } from '@shared/sheet/workbook';
import { applyWorkbookChange, workbookToYDoc, yDocToWorkbook } from '@shared/sheet/ydoc';
import { renderAt, type Rendered } from '../itemSetting/shared/renderForTest';
import { readSheetDraft, sheetDraftKey, useSheetDraft } from './useSheetDraft';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.useRealTimers();
  localStorage.clear();
});

describe('sheet drafts', () => {
  it('keeps the workbook every 30 s once it differs from what was saved, and forgets it on save', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const doc = new Y.Doc();
    workbookToYDoc(doc, emptyWorkbook());
    let api: { saved(text: string): void } | undefined;
    function Probe() {
      api = useSheetDraft(7, doc, true);
      return null;
    }
    view = await renderAt('/', '/', <Probe />);
    await act(async () => void vi.advanceTimersByTime(DRAFT_AUTOSAVE_MS));
    expect(readSheetDraft(7)).toBeNull();

    const before = yDocToWorkbook(doc);
    const after = structuredClone(before);
    after.sheets[0].cells['0,0'] = { v: 'unsaved' };
    applyWorkbookChange(doc, before, after);
    await act(async () => void vi.advanceTimersByTime(DRAFT_AUTOSAVE_MS));
    expect(localStorage.getItem(sheetDraftKey(7))).toBe(serializeWorkbook(after));

    api!.saved(serializeWorkbook(after));
    expect(readSheetDraft(7)).toBeNull();
    await act(async () => void vi.advanceTimersByTime(DRAFT_AUTOSAVE_MS));
    expect(readSheetDraft(7)).toBeNull();
  });
});

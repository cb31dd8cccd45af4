import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  history: vi.fn(async () => [{ page_history_id: 1, addtime: '2026-11-24 04:00:00', author_username: 'ann', page_comments: 'first draft' }]),
  diff: vi.fn(async () => ({ history_page: { page_content: 'old text' } })),
  updateHistoryComments: vi.fn(async () => true),
  save: vi.fn(async () => ({ page_id: 5 })),
}));

vi.mock('../../api', async () => {
  const ids = await vi.importActual<typeof import('../../api/ids')>('../../api/ids');
  return { ...ids, pageApi: api };
});

import { HistoryDialog } from './HistoryDialog';
import { renderAt, settle, type Rendered } from '../../screens/itemSetting/shared/renderForTest';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  document.body.innerHTML = '';
});

// the dialog renders into a portal on <body>
const dialog = () => document.querySelector('[data-testid="history-dialog"]')?.closest('.ant-modal') ?? document.body;
const buttons = () => [...dialog().querySelectorAll('button, a.ant-btn')].map((b) => b.textContent?.replace(/\s/g, ''));

describe('page history dialog', () => {
  it('for readers: versions with their comments and a diff link, nothing to change', async () => {
    view = await renderAt('/x', '/x', <HistoryDialog open pageId={5} onClose={() => {}} />);
    await settle();
    expect(api.history).toHaveBeenCalledWith(5);
    expect(dialog().textContent).toContain('first draft');
    const compare = dialog().querySelector<HTMLAnchorElement>('a[href="/page/diff/5/1"]');
    expect(compare?.target).toBe('_blank');
    expect(buttons()).not.toContain('Restore');
    expect(dialog().querySelector('[data-testid="history-comment"]')).toBeNull();
  });

  it('in the editor: comments can be edited and a version restored into the editor', async () => {
    const onRestore = vi.fn();
    const onClose = vi.fn();
    view = await renderAt('/x', '/x', <HistoryDialog open pageId={5} onClose={onClose} onRestore={onRestore} />, 'zh-CN');
    await settle();
    expect(dialog().textContent).toContain('历史版本');
    expect(dialog().querySelector('[data-testid="history-comment"]')?.textContent).toBe('first draft');
    const restore = [...dialog().querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '恢复')!;
    await act(async () => restore.click());
    await settle();
    expect(api.diff).toHaveBeenCalledWith(5, 1);
    expect(onRestore).toHaveBeenCalledWith('old text');
    expect(onClose).toHaveBeenCalled();
  });

  it('in the reader, for editors: a version is restored by saving it as the page, after a question', async () => {
    const onRestored = vi.fn();
    const onClose = vi.fn();
    // before the antd App mounts, the question is the browser's own
    const ask = vi.fn(() => true);
    const before = window.confirm;
    window.confirm = ask;
    view = await renderAt('/x', '/x', <HistoryDialog open pageId={5} onClose={onClose} restoreAs={{ itemId: 9, pageTitle: 'Guide', onRestored }} />);
    await settle();
    // comments stay read-only here: only the editor annotates versions
    expect(dialog().querySelector('[data-testid="history-comment"]')).toBeNull();
    await act(async () => dialog().querySelector<HTMLButtonElement>('[data-testid="history-restore"]')!.click());
    await settle();
    expect(ask).toHaveBeenCalled();
    expect(api.save).toHaveBeenCalledWith(expect.objectContaining({ page_id: 5, item_id: 9, page_title: 'Guide', page_content: 'old text' }));
    expect(onClose).toHaveBeenCalled();
    expect(onRestored).toHaveBeenCalled();
    window.confirm = before;
  });
});

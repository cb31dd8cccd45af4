// The confirm-delete helper every list screen uses: the question, red Delete and Cancel, the API
// call only on Delete, "Deleted" and the refresh only when the call succeeded.
import { act } from 'react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, settle, type Rendered } from '../screens/itemSetting/shared/renderForTest';
import type { Language } from '../i18n';
import { FeedbackBridge } from './FeedbackBridge';
import { registerFeedback } from './feedback';
import { confirmDelete, type ConfirmDelete } from './confirm';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  document.body.innerHTML = '';
});

const mount = async (lang: Language = 'en') => {
  view = await renderAt(
    '/x',
    '/x',
    <App>
      <FeedbackBridge />
    </App>,
    lang,
  );
};

const dialog = () => document.querySelector('.ant-modal-confirm');
const button = (text: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.replace(/\s/g, '') === text);
const messages = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

/** opens the question; `words` override the defaults, `remove` may be the screen's failing call */
async function ask(words: Partial<ConfirmDelete> = {}) {
  const remove = vi.fn(words.remove ?? (async () => {}));
  const onDone = vi.fn();
  await act(async () => confirmDelete({ title: 'Delete team Writers?', content: 'Members lose access.', ...words, remove, onDone }));
  await settle();
  return { remove, onDone };
}

async function click(b: HTMLElement | undefined) {
  expect(b).toBeDefined();
  await act(async () => b!.click());
  await settle(5);
}

describe('confirmDelete', () => {
  it('asks with the row named, a red Delete and Cancel', async () => {
    await mount();
    await ask();
    expect(dialog()?.textContent).toContain('Delete team Writers?');
    expect(dialog()?.textContent).toContain('Members lose access.');
    expect(button('Delete')?.className).toContain('ant-btn-dangerous');
    expect(button('Delete')?.getAttribute('data-testid')).toBe('confirm-ok');
    expect(button('Cancel')).toBeDefined();
  });

  it('deletes on Delete, says so, then refreshes', async () => {
    await mount();
    const { remove, onDone } = await ask();
    await click(button('Delete'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(messages()).toContain('Deleted');
  });

  it('does nothing on Cancel', async () => {
    await mount();
    const { remove, onDone } = await ask();
    await click(button('Cancel'));
    expect(remove).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('neither says Deleted nor refreshes when the call was refused (the API client showed why)', async () => {
    await mount();
    const { remove, onDone } = await ask({
      remove: async () => {
        throw new Error('refused');
      },
    });
    await click(button('Delete'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(messages()).not.toContain('Deleted');
  });

  it("takes the screen's own words for the button and the message", async () => {
    await mount();
    const { onDone } = await ask({ okText: 'Unassign', doneText: 'Item unassigned' });
    await click(button('Unassign'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(messages()).toContain('Item unassigned');
  });

  it('speaks Chinese', async () => {
    await mount('zh-CN');
    await ask({ title: '确定删除团队 Writers？' });
    expect(button('取消')).toBeDefined();
    await click(button('删除'));
    expect(messages()).toContain('已删除');
  });

  it('falls back to the browser question before the app mounted', async () => {
    registerFeedback(null);
    // happy-dom has no window.confirm
    const ok = vi.fn(() => true);
    const before = window.confirm;
    window.confirm = ok;
    try {
      const { remove, onDone } = await ask();
      expect(ok).toHaveBeenCalledWith('Delete team Writers?\nMembers lose access.');
      expect(remove).toHaveBeenCalledTimes(1);
      expect(onDone).toHaveBeenCalledTimes(1);
    } finally {
      window.confirm = before;
    }
  });
});

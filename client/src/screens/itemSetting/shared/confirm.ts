import type { ButtonProps } from 'antd';
import { i18n } from '../../../i18n';
import { feedback } from '../../../ui/feedback';

/** A confirmation dialog (antd modal.confirm through the App instance); resolves whether the user agreed and onOk succeeded. */
export function confirmAction(opts: { title: string; content?: string; okText?: string; danger?: boolean; onOk: () => Promise<unknown> }): void {
  const app = feedback();
  const run = async () => {
    try {
      await opts.onOk();
    } catch {
      // the API client showed the error already
    }
  };
  if (!app) {
    if (window.confirm(opts.content ? `${opts.title}\n${opts.content}` : opts.title)) void run();
    return;
  }
  app.modal.confirm({
    title: opts.title,
    content: opts.content,
    okText: opts.okText ?? i18n.t('common.confirm'),
    cancelText: i18n.t('common.cancel'),
    okButtonProps: { danger: opts.danger ?? true, 'data-testid': 'confirm-ok' } as ButtonProps,
    onOk: run,
  });
}

export function toast(kind: 'success' | 'info' | 'warning', text: string): void {
  const app = feedback();
  if (app) void app.message[kind](text);
}

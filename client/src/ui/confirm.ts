// Questions before an action and the short message after it, for code inside or outside React
// (through the antd App instance FeedbackBridge registers; window.confirm before it mounted).
import type { ButtonProps } from 'antd';
import { i18n } from '../i18n';
import { feedback } from './feedback';

export interface ConfirmAction {
  title: string;
  content?: string;
  /** the button that agrees: Confirm unless the action has its own word */
  okText?: string;
  /** a red button (the default: most questions guard something that cannot be undone) */
  danger?: boolean;
  onOk: () => Promise<unknown>;
}

/** Asks, then runs onOk; a failure ends quietly (the API client showed the error already). */
export function confirmAction(opts: ConfirmAction): void {
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

export interface ConfirmDelete {
  /** the question, naming the row: "Delete team Writers?" */
  title: string;
  /** what follows from it */
  content?: string;
  /** the button: Delete unless the row leaves in another way (Unassign, Reject) */
  okText?: string;
  /** the message once done: Deleted unless the screen says more */
  doneText?: string;
  /** the API call */
  remove: () => Promise<unknown>;
  /** after the message: reload the list, leave the page */
  onDone?: () => void;
}

/** The one way a screen deletes a row: ask (red Delete, Cancel), delete, say so, then refresh. */
export function confirmDelete(opts: ConfirmDelete): void {
  confirmAction({
    title: opts.title,
    content: opts.content,
    okText: opts.okText ?? i18n.t('common.delete'),
    onOk: async () => {
      await opts.remove();
      toast('success', opts.doneText ?? i18n.t('common.deleted'));
      opts.onDone?.();
    },
  });
}

export function toast(kind: 'success' | 'info' | 'warning', text: string): void {
  const app = feedback();
  if (app) void app.message[kind](text);
}

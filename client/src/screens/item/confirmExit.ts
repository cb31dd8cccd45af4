// Leaving an item one is a member of (item/exitItem), from the item list or from the item itself.
import { i18n } from '../../i18n';
import { feedback } from '../../ui/feedback';

/** Asks (red Exit, Cancel) before `exit` runs; `exit` deals with its own failure. */
export function confirmExit(itemName: string, exit: () => Promise<void>): void {
  feedback()?.modal.confirm({
    title: i18n.t('itemList.exitTitle'),
    content: i18n.t('itemList.exitConfirm', { name: itemName }),
    okText: i18n.t('itemList.exit'),
    okButtonProps: { danger: true },
    cancelText: i18n.t('common.cancel'),
    onOk: exit,
  });
}

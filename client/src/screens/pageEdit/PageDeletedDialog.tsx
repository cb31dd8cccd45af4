// The page was deleted while it was open in the editor: one message, with the editor's text to
// copy and, for those who may (the item's managers), the page restored from the recycle bin.
import { App, Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageApi } from '../../api';

export function PageDeletedDialog({ open, itemId, pageId, text, canRestore, onLeave }: { open: boolean; itemId: number; pageId: number; text: string; canRestore: boolean; onLeave(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(t('editor.live.copied'));
    } catch {
      // no clipboard permission: select the text in a textarea the user can copy by hand
      const area = document.querySelector<HTMLTextAreaElement>('[data-testid="deleted-page-text"]');
      area?.select();
    }
  };
  const restore = async () => {
    try {
      await pageApi.recover(itemId, pageId);
      message.success(t('editor.live.restored'));
      // the editor starts again on the restored page (its shared document kept the unsaved text)
      location.reload();
    } catch {
      /* the API client showed the error */
    }
  };

  return (
    <Modal
      open={open}
      title={t('editor.live.deletedTitle')}
      closable={false}
      maskClosable={false}
      footer={
        <Space wrap>
          <Button onClick={() => void copy()} data-testid="deleted-copy">
            {t('editor.live.copy')}
          </Button>
          {canRestore && (
            <Button onClick={() => void restore()} data-testid="deleted-restore">
              {t('editor.live.restore')}
            </Button>
          )}
          <Button type="primary" onClick={onLeave} data-testid="deleted-leave">
            {t('editor.live.backToItem')}
          </Button>
        </Space>
      }
      wrapClassName="quire-page-deleted"
    >
      <p>{canRestore ? t('editor.live.deletedRestorable') : t('editor.live.deletedContent')}</p>
      <textarea readOnly value={text} rows={6} style={{ width: '100%', fontFamily: 'monospace' }} data-testid="deleted-page-text" />
    </Modal>
  );
}

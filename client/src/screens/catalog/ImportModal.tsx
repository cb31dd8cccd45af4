// "Import into this catalog" (or the item root): the import panel in a dialog; the tree reloads
// once the import is done and the report stays until the dialog is closed.
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportFileForm } from '../../components/import/ImportFileForm';

export function ImportModal({ open, itemId, catId, name, onClose, onImported }: { open: boolean; itemId: string; catId: string; name: string; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('imports.modalTitle', { name })} onCancel={onClose} footer={null} destroyOnHidden width={680} data-testid="import-modal">
      <ImportFileForm target={{ item_id: itemId, cat_id: catId }} onDone={onImported} onOpen={onClose} openLabel={t('imports.close')} />
    </Modal>
  );
}

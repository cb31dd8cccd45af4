// Save with its dropdown: save as template, lock editing / cancel lock.
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

export function SaveButton({
  saving,
  disabled,
  exclusive,
  canLock,
  onSave,
  onSaveTemplate,
  onToggleLock,
}: {
  saving: boolean;
  /** the editor is read-only (another user's lock, no edit right) */
  disabled?: boolean;
  exclusive: boolean;
  canLock: boolean;
  onSave(): void;
  onSaveTemplate(): void;
  onToggleLock(): void;
}) {
  const { t } = useTranslation();
  const items = [
    { key: 'template', label: t('editor.saveAsTemplate') },
    ...(canLock ? [{ key: 'lock', label: exclusive ? t('editor.unlock') : t('editor.lock') }] : []),
  ];
  return (
    // click, not hover: phones have no hover
    <Dropdown.Button
      trigger={['click']}
      type="primary"
      loading={saving}
      disabled={disabled}
      onClick={onSave}
      menu={{ items, onClick: ({ key }) => (key === 'template' ? onSaveTemplate() : onToggleLock()) }}
      data-testid="save-button"
    >
      {t('editor.save')}
    </Dropdown.Button>
  );
}

// The attachment type filter of the attachment lists (the user's own, and the administrator's).
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** value: -1 all, 1 images, 2 other files (ShowDoc's attachment_type) */
export function AttachmentTypeSelect({ value, onChange, width, testId }: { value: number; onChange(v: number): void; width: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Select<number>
      style={{ width }}
      value={value}
      onChange={onChange}
      options={[
        { value: -1, label: t('attachment.typeAll') },
        { value: 1, label: t('attachment.typeImage') },
        { value: 2, label: t('attachment.typeFile') },
      ]}
      data-testid={testId}
    />
  );
}

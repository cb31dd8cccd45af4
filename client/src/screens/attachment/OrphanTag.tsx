import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@shared/api/attachment';

/** Marks a file no page uses: the clean-up removes it at its removal time unless a page binds it. */
export function OrphanTag({ file }: { file: Attachment }) {
  const { t } = useTranslation();
  if (Number(file.orphan) !== 1) return null;
  return (
    <Tooltip title={t('attachment.orphanHint', { time: file.removal_time })}>
      <Tag color="orange" style={{ marginInlineStart: 8 }} data-testid="orphan-tag">
        {t('attachment.orphan')}
      </Tag>
    </Tooltip>
  );
}

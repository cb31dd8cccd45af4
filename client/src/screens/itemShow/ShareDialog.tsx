import { useState } from 'react';
import { Checkbox, Divider, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageApi } from '../../api';
import type { PageInfo } from '@shared/api/page';
import { feedback } from '../../ui/feedback';
import { LinkWithQr } from './LinkWithQr';

interface Props {
  open: boolean;
  onClose: () => void;
  /** in-app path of the item display (/<domain or id>) */
  itemPath: string;
  page: PageInfo;
  canEdit: boolean;
  onUniqueKey: (key: string) => void;
}

/** Share: the page's address in its item, and (for editors) the single-page link, each with copy and QR. */
export function ShareDialog({ open, onClose, itemPath, page, canEdit, onUniqueKey }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const origin = window.location.origin;
  const pageLink = `${origin}${itemPath}?page_id=${page.page_id}`;
  const key = page.unique_key || '';

  const toggle = async (create: boolean) => {
    const change = async () => {
      setBusy(true);
      try {
        const res = await pageApi.createSinglePage(page.page_id, create);
        onUniqueKey(create && res && !Array.isArray(res) ? String(res.unique_key ?? '') : '');
      } catch {
      } finally {
        setBusy(false);
      }
    };
    if (create) return change();
    // cancelling stops the old link at once: ask first (spec §4)
    feedback()?.modal.confirm({
      title: t('itemShow.share.cancelTitle'),
      content: t('itemShow.share.cancelConfirm'),
      okButtonProps: { danger: true },
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: change,
    });
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('itemShow.share.title')} width={600} destroyOnHidden data-testid="share-dialog">
      <Typography.Title level={5}>{t('itemShow.share.pageLink')}</Typography.Title>
      <LinkWithQr url={pageLink} testId="share-page" />
      {canEdit && (
        <>
          <Divider />
          <Checkbox checked={!!key} disabled={busy} onChange={(e) => void toggle(e.target.checked)} data-testid="single-page-toggle">
            {t('itemShow.share.singlePage')}
          </Checkbox>
          <Typography.Paragraph type="secondary" style={{ marginTop: 6 }}>
            {t('itemShow.share.singlePageHelp')}
          </Typography.Paragraph>
          {key && <LinkWithQr url={`${origin}/p/${encodeURIComponent(key)}`} testId="share-single" />}
        </>
      )}
    </Modal>
  );
}

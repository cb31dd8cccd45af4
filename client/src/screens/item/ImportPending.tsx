import { Alert, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Import file tab: the drop zone is visible but disabled until the import job lands. */
export function ImportPending() {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 640 }} data-testid="import-pending">
      <Alert type="info" showIcon title={t('itemAdd.importPendingTitle')} description={t('itemAdd.importPendingText')} style={{ marginBottom: 16 }} />
      <Upload.Dragger disabled beforeUpload={() => false}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('itemAdd.importDrop')}</p>
        <p className="ant-upload-hint">{t('itemAdd.importFormats')}</p>
      </Upload.Dragger>
    </div>
  );
}

/** Auto create tab: what the open API does, and a clear 'not yet' until the import job lands. */
export function AutoCreatePending() {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 640 }} data-testid="auto-pending">
      <Alert type="info" showIcon title={t('itemAdd.autoPendingTitle')} description={t('itemAdd.importPendingText')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>{t('itemAdd.autoHelp1')}</Typography.Paragraph>
      <Typography.Paragraph>{t('itemAdd.autoHelp2')}</Typography.Paragraph>
      <pre className="markdown-body" style={{ background: '#f6f8fa', padding: 12, borderRadius: 8, fontSize: 13, overflow: 'auto' }}>
        {`curl -X POST ${window.location.origin}/server/index.php?s=/api/open/updatePage \\
  -d api_key=… -d api_token=… \\
  -d cat_name=API -d page_title=Login -d page_content='# Login'`}
      </pre>
    </div>
  );
}

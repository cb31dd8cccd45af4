// Mock API of a saved page: a MockJs JSON template and a path; shows the public mock URL.
import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageApi } from '../../../api';
import { useApiAction } from '../../../hooks/useApiAction';
import { copyText } from '../../../ui/clipboard';

const mockUrl = (itemId: number, path: string) => `${location.origin}/mock-path/${itemId}?path=${encodeURIComponent(path || '/')}`;

export function MockDialog({ open, itemId, pageId, onClose }: { open: boolean; itemId: number; pageId: number; onClose(): void }) {
  const { t } = useTranslation();
  const [template, setTemplate] = useState('');
  const [path, setPath] = useState('/');
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  // a refused template (unknown placeholder, malformed arguments…) is shown by the API client
  const { busy, run } = useApiAction();

  useEffect(() => {
    if (!open) return;
    setSaved(false);
    pageApi
      .mockInfo(pageId)
      .then((m) => {
        if (m?.template) {
          setTemplate(m.template);
          setSaved(true);
        }
        if (m?.path) setPath(m.path);
      })
      .catch(() => {});
  }, [open, pageId]);

  const save = () =>
    run(async () => {
      await pageApi.addMock({ page_id: pageId, template, path });
      setSaved(true);
    });

  return (
    <Modal open={open} onCancel={onClose} title={t('editor.mock.title')} width={720} onOk={() => void save()} confirmLoading={busy} okText={t('editor.mock.save')} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('editor.mock.template')} extra={t('editor.mock.templateHelp')}>
          <Input.TextArea rows={10} value={template} onChange={(e) => setTemplate(e.target.value)} style={{ fontFamily: 'ui-monospace, monospace' }} data-testid="mock-template" />
        </Form.Item>
        <Form.Item label={t('editor.mock.path')}>
          <Input value={path} onChange={(e) => setPath(e.target.value)} data-testid="mock-path" />
        </Form.Item>
        {saved && (
          <Space>
            <Typography.Text code data-testid="mock-url">
              {mockUrl(itemId, path)}
            </Typography.Text>
            <Button
              size="small"
              onClick={async () => {
                setCopied(await copyText(mockUrl(itemId, path)));
              }}
            >
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          </Space>
        )}
      </Form>
    </Modal>
  );
}

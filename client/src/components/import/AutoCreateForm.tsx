// The Auto create tab: an item made from an API description — an OpenAPI (Swagger) document or a
// Postman collection pasted as text or chosen as a file — one page per operation, a catalog per
// tag or folder. (Scripts keep pages up to date afterwards through the open API.)
import { useState } from 'react';
import { Button, Input, Space, Typography, Upload } from 'antd';
import { ApiOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ImportResult } from './ImportResult';
import { useImportJob } from './useImportJob';
import { useOnImported, type ImportTargetProps } from './ImportFileForm';

const MAX_PASTE = 4 * 1024 * 1024;

/** A name that tells the server how to read the text (it looks at the content first anyway). */
const nameFor = (text: string) => (/^\s*[[{]/.test(text) ? 'api-description.json' : 'api-description.yaml');

export function AutoCreateForm({ onDone, onOpen, openLabel }: Omit<ImportTargetProps, 'target'>) {
  const { t } = useTranslation();
  const { phase, start, reset } = useImportJob();
  const [text, setText] = useState('');
  useOnImported(phase, onDone);

  if (phase.kind !== 'idle') {
    return (
      <div style={{ maxWidth: 720 }} data-testid="auto-create">
        <ImportResult phase={phase} openLabel={openLabel} onOpen={phase.kind === 'done' ? () => onOpen(phase.status.item_id) : undefined} onAgain={reset} />
      </div>
    );
  }
  return (
    <div style={{ maxWidth: 720 }} data-testid="auto-create">
      <Typography.Paragraph>{t('imports.autoIntro')}</Typography.Paragraph>
      <ul className="import-help">
        <li>{t('imports.autoHelpOpenApi')}</li>
        <li>{t('imports.autoHelpPostman')}</li>
        <li>{t('imports.autoHelpPages')}</li>
      </ul>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('imports.pastePlaceholder')}
        autoSize={{ minRows: 8, maxRows: 18 }}
        maxLength={MAX_PASTE}
        spellCheck={false}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
        data-testid="auto-paste"
      />
      <Space wrap style={{ marginTop: 12 }}>
        <Button type="primary" icon={<ApiOutlined />} disabled={!text.trim()} onClick={() => void start(new File([text], nameFor(text), { type: 'text/plain' }))} data-testid="auto-create-submit">
          {t('imports.autoCreate')}
        </Button>
        <Upload
          accept=".json,.yaml,.yml"
          showUploadList={false}
          beforeUpload={(file) => {
            void start(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="auto-upload">
            {t('imports.autoChooseFile')}
          </Button>
        </Upload>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 20 }}>
        {t('itemAdd.autoHelp1')} {t('itemAdd.autoHelp2')}
      </Typography.Paragraph>
    </div>
  );
}

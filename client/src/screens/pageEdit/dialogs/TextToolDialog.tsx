// One dialog for the format tools that take pasted text: JSON → table, beautify JSON,
// tab-separated rows → table. The conversion decides what is inserted (or refuses).
import { useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export type TextTool = 'jsonTable' | 'beautify' | 'pasteTable';

export function TextToolDialog({ tool, onClose, onConvert }: { tool: TextTool | null; onClose(): void; onConvert(tool: TextTool, text: string): boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <Modal
      open={!!tool}
      title={tool ? t(`editor.format.${tool}`) : ''}
      okText={t('editor.format.insert')}
      onCancel={() => {
        setText('');
        onClose();
      }}
      onOk={() => {
        if (tool && onConvert(tool, text)) {
          setText('');
          onClose();
        }
      }}
      destroyOnHidden
    >
      <Input.TextArea
        autoFocus
        rows={12}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={tool ? t(`editor.format.${tool}Hint`) : ''}
        data-testid="format-input"
        style={{ fontFamily: 'ui-monospace, monospace' }}
      />
    </Modal>
  );
}

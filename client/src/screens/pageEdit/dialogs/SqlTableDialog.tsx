// "SQL → table": paste CREATE TABLE statements (MySQL, PostgreSQL or SQLite); the server reads
// them (never runs them) and the data-dictionary table is inserted at the cursor.
import { useState } from 'react';
import { Alert, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, toolsApi } from '../../../api';
import type { SqlDialect } from '../../../api/endpoints/tools';

export function SqlTableDialog({ open, onClose, onInsert }: { open: boolean; onClose(): void; onInsert(markdown: string): void }) {
  const { t } = useTranslation();
  const [sql, setSql] = useState('');
  const [dialect, setDialect] = useState<SqlDialect>('auto');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setSql('');
    setError('');
    onClose();
  };
  const convert = async () => {
    setBusy(true);
    setError('');
    try {
      onInsert(await toolsApi.sqlToMarkdownTable(sql, dialect));
      close();
    } catch (err) {
      if (err instanceof ApiError && !err.handled) setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('editor.sqlTable.title')} okText={t('editor.format.insert')} okButtonProps={{ loading: busy, disabled: !sql.trim() }} onCancel={close} onOk={convert} destroyOnHidden>
      <Select
        value={dialect}
        onChange={setDialect}
        style={{ marginBottom: 8, minWidth: 180 }}
        data-testid="sql-dialect"
        options={(['auto', 'mysql', 'postgresql', 'sqlite'] as const).map((d) => ({ value: d, label: t(`editor.sqlTable.dialect.${d}`) }))}
      />
      <Input.TextArea
        autoFocus
        rows={12}
        value={sql}
        onChange={(e) => setSql(e.target.value)}
        placeholder={t('editor.sqlTable.hint')}
        data-testid="sql-input"
        style={{ fontFamily: 'ui-monospace, monospace' }}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} data-testid="sql-error" />}
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LdapSyncReport } from '@shared/api/ldapSync';
import { syncLdapUsers } from '../../api/endpoints/linkedAccounts';
import { useApiAction } from '../../hooks/useApiAction';

/** LDAP user sync (#23): accounts for the directory's people now, with what it did. */
export function LdapSyncButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { busy, run } = useApiAction();
  const [report, setReport] = useState<LdapSyncReport | null>(null);
  const sync = () => run(async () => setReport(await syncLdapUsers()));
  return (
    <div style={{ marginBottom: 16 }} data-testid="ldap-sync">
      <Button icon={<SyncOutlined />} onClick={() => void sync()} loading={busy} disabled={disabled} data-testid="ldap-sync-button">
        {t('admin.ldapSync.button')}
      </Button>
      <div className="manage-hint" style={{ marginTop: 6 }}>
        {disabled ? t('admin.ldapSync.saveFirst') : t('admin.ldapSync.hint')}
      </div>
      {report && (
        <Alert
          style={{ marginTop: 8 }}
          type={report.skipped ? 'warning' : 'success'}
          showIcon
          data-testid="ldap-sync-report"
          title={t('admin.ldapSync.report', { total: report.total, created: report.created, updated: report.updated, skipped: report.skipped })}
          description={report.skipped_names.length ? t('admin.ldapSync.skippedNames', { names: report.skipped_names.join(', ') }) : undefined}
        />
      )}
    </div>
  );
}

// The figures above an attachment list (mine, and the whole site's in the admin console).
import type { ReactNode } from 'react';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMb, quotaPercent } from './upload';

/** One figure: its label, its value, and a bar when it fills a quota (red from 90 %). */
export function Stat({ label, value, percent = null, testId }: { label: string; value: ReactNode; percent?: number | null; testId?: string }) {
  return (
    <div className="manage-stat" data-testid={testId}>
      <div className="label">{label}</div>
      <div className="value">{value}</div>
      {percent !== null && <Progress percent={percent} size="small" showInfo={false} status={percent >= 90 ? 'exception' : 'normal'} />}
    </div>
  );
}

/** Space used: "used of quota" with its bar, or just what is used when there is no quota. */
export function UsedStat({ label, usedMb, quotaMb, testId }: { label: string; usedMb?: number | string; quotaMb?: number; testId?: string }) {
  const { t } = useTranslation();
  const percent = quotaPercent(usedMb, quotaMb);
  const used = formatMb(usedMb ?? 0);
  return <Stat label={label} testId={testId} percent={percent} value={percent === null ? used : t('attachment.usedOf', { used, quota: formatMb(quotaMb) })} />;
}

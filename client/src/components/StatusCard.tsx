import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  extra?: ReactNode;
  'data-testid'?: string;
}

/** A centred icon, title, text and actions: for states such as "item unavailable" (lighter than antd Result). */
export function StatusCard({ icon, title, text, extra, ...rest }: Props) {
  return (
    <div className="status-card" role="status" data-testid={rest['data-testid']}>
      <div className="status-card-icon">{icon}</div>
      <div className="status-card-title">{title}</div>
      {text && <div className="status-card-text">{text}</div>}
      {extra && <div className="status-card-extra">{extra}</div>}
    </div>
  );
}

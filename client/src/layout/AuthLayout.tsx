import type { ReactNode } from 'react';
import { Card } from 'antd';
import { Brand } from '../components/Brand';
import { LanguageSwitch } from '../components/LanguageSwitch';

/** Centered card on a soft background for login, register, password screens. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-top">
        <Brand />
        <LanguageSwitch />
      </div>
      <main className="auth-main">
        <Card className="auth-card" variant="borderless" style={{ boxShadow: '0 20px 50px rgba(40,60,140,.12)' }}>
          <h1>{title}</h1>
          {subtitle && <p className="auth-subtitle">{subtitle}</p>}
          {children}
        </Card>
      </main>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Brand } from '../components/Brand';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PublicSquareLink } from '../components/PublicSquareLink';
import { UserMenu } from '../components/UserMenu';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { useCurrentUser } from '../session/user';

/** The top bar of signed-in screens: brand, an optional middle part, language and account. */
export function AppHeader({ children, brandTo }: { children?: ReactNode; brandTo?: string }) {
  const width = useViewportWidth();
  const user = useCurrentUser();
  const compact = width < 700;
  return (
    <header className="app-header">
      <Brand to={brandTo ?? (user ? '/item/index' : '/')} compact={compact && !!children} />
      <div className="header-center">{children}</div>
      <div className="header-right">
        <PublicSquareLink compact={compact} />
        <LanguageSwitch compact={compact} />
        <UserMenu compact={compact} />
      </div>
    </header>
  );
}

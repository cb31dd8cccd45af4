import { useEffect } from 'react';

/** document.title = "<title> - Quire" while the screen is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - Quire` : 'Quire';
  }, [title]);
}

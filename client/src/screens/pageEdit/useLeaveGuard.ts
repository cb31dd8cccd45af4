// With unsaved changes, leaving asks first: closing or reloading the tab (the browser's own
// question) and in-app navigation (the back button, any link of the app).
import { useCallback, useEffect, useRef } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function useLeaveGuard(unsaved: boolean): (to: string) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const guard = useRef(unsaved);
  guard.current = unsaved;

  const leave = useCallback(
    (to: string) => {
      if (!guard.current) return navigate(to);
      modal.confirm({
        title: t('editor.live.leaveTitle'),
        content: t('editor.live.leaveContent'),
        okText: t('editor.live.leave'),
        cancelText: t('editor.live.stay'),
        okButtonProps: { danger: true },
        onOk: () => {
          guard.current = false;
          navigate(to);
        },
      });
    },
    [modal, navigate, t],
  );

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!guard.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    // links of the app (header, catalog…): same-origin, same tab, no modifier keys
    const onClick = (e: MouseEvent) => {
      if (!guard.current || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin) return;
      e.preventDefault();
      e.stopPropagation();
      leave(url.pathname + url.search + url.hash);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [leave]);

  return leave;
}

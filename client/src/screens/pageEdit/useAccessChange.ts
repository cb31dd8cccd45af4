// Says so when the editor may write again after another user's lock ended.
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CollabAccess } from '@shared/realtime';

export function useAccessChange(access: CollabAccess): void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const wasLocked = useRef(false);
  useEffect(() => {
    if (!access.write) {
      wasLocked.current = access.reason === 'lock';
      return;
    }
    if (wasLocked.current) message.success(t('editor.live.unlocked'));
    wasLocked.current = false;
  }, [access, message, t]);
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ItemInfo } from '@shared/api/item';
import { showUnreadToast } from '../../ui/unreadToast';

/** Spec §2/§9: unread notices → '你有新的未读消息，点击查看' for 10 s, linking to the notices. */
export function useUnreadNotice(info: ItemInfo | null): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (!info || shown.current || !(Number(info.unread_count) > 0)) return;
    shown.current = true;
    showUnreadToast({ text: t('messages.unreadNotice'), testId: 'unread-notice', onOpen: () => navigate('/notice/index') });
  }, [info, navigate, t]);
}

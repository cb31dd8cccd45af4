import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ItemInfo } from '@shared/api/item';
import { feedback } from '../../ui/feedback';

/** Spec §2/§9: unread notices → '你有新的未读消息，点击查看' for 10 s, linking to the notices. */
export const UNREAD_NOTICE_MS = 10_000;

export function useUnreadNotice(info: ItemInfo | null): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (!info || shown.current || !(Number(info.unread_count) > 0)) return;
    shown.current = true;
    const key = 'unread-notice';
    feedback()?.message.info({
      key,
      duration: UNREAD_NOTICE_MS / 1000,
      content: (
        <a
          onClick={() => {
            feedback()?.message.destroy(key);
            navigate('/notice/index');
          }}
          data-testid="unread-notice"
        >
          {t('messages.unreadNotice')}
        </a>
      ),
    });
  }, [info, navigate, t]);
}

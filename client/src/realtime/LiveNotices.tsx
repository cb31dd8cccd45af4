// Notices pushed by the gateway ('notice' on the user's room) reach every open tab at once:
// the 10-second message linking to the notices screen (spec §9), and the unread count for badges.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/user';
import { feedback } from '../ui/feedback';
import { showUnreadToast } from '../ui/unreadToast';
import { closeRealtimeSocket, realtimeSocket } from './socket';
import { setUnreadCount } from './unread';
import { peopleApi } from '../api';
import type { AnnouncementPush } from '@shared/api/message';

/** an announcement's sanitised HTML as plain text for the pop-up (parsed, never rendered as HTML) */
function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, ' '), 'text/html').body.textContent ?? '';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

interface PushedNotice {
  notice_id: number;
  notice_title: string;
  unread_count: number;
}

export function LiveNotices() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [connected, setConnected] = useState(false);
  // read through a ref: a language switch must not reopen the socket (editors hold its rooms)
  const ui = useRef({ navigate, t });
  ui.current = { navigate, t };

  const uid = user?.uid ?? 0;
  useEffect(() => {
    if (!uid) {
      closeRealtimeSocket();
      return;
    }
    const socket = realtimeSocket();
    const onConnect = () => setConnected(true);
    const onDisconnect = () => setConnected(false);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    setConnected(socket.connected);
    const onNotice = (n: PushedNotice) => {
      setUnreadCount(n.unread_count);
      showUnreadToast({ text: ui.current.t('messages.unreadNotice'), testId: 'live-notice', onOpen: () => ui.current.navigate('/notice/index') });
    };
    socket.on('notice', onNotice);
    // a site announcement: shown to everyone online at once, until closed or opened
    const onAnnouncement = (a: AnnouncementPush) => {
      const key = `announcement-${a.notice_id}`;
      feedback()?.notification.info({
        key,
        duration: 0,
        placement: 'topRight',
        title: a.notice_title,
        description: (
          <a
            onClick={() => {
              feedback()?.notification.destroy(key);
              ui.current.navigate('/notice/index');
            }}
            data-testid="live-announcement"
          >
            {plainText(a.notice_content)}
          </a>
        ),
      });
      void peopleApi
        .unreadCount()
        .then((r) => setUnreadCount(Number(r.unread_count)))
        .catch(() => {});
    };
    socket.on('announcement', onAnnouncement);
    return () => {
      socket.off('notice', onNotice);
      socket.off('announcement', onAnnouncement);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      // the session changed: a socket opened for the previous user must not stay in its rooms
      closeRealtimeSocket();
    };
  }, [uid]);

  // a marker of the live connection (read by the browser suite, harmless elsewhere)
  return user ? <span hidden data-live={connected ? 'connected' : 'connecting'} /> : null;
}

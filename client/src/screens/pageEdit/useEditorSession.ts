// Who may edit and with whom: the edit session over Socket.IO (lock, presence), then the shared
// document once the session is joined. A refusal (someone locked editing, rights gone, the
// co-editing server said no) is told once, with who, and the editor goes back.
import { useEffect, useMemo, useRef } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { avatarColor } from '@shared/avatarColor';
import { useCurrentUser } from '../../session/user';
import { useEditSession, type EditSession } from './useEditSession';
import { useCollabDoc, type CollabState } from './useCollabDoc';

export interface EditorSession {
  session: EditSession;
  live: CollabState;
  /** the text to edit is known: a new page, or the shared document synced (or offline after it) */
  ready: boolean;
  /** the page was deleted while open: PageDeletedDialog says so (and nothing else does) */
  deleted: boolean;
}

/** the co-editing server's close reason for a page that is gone (server/realtime/collab/docTarget.ts) */
const PAGE_GONE = 'page not found';

export function useEditorSession(pageId: number, backTo: string): EditorSession {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const isNew = pageId <= 0;
  const session = useEditSession(pageId, !isNew);
  const display = useMemo(() => (user ? { name: user.name || user.username, color: avatarColor(user.uid) } : null), [user]);
  const live = useCollabDoc(pageId, !isNew && session.status === 'joined', display);
  const ready = isNew || live.status === 'synced' || live.status === 'offline';
  const deleted = live.status === 'refused' && live.reason === PAGE_GONE;

  const leaving = useRef(false);
  useEffect(() => {
    const reason = session.status === 'refused' ? session.message : session.status === 'revoked' ? t('editor.revoked') : live.status === 'refused' ? live.reason : '';
    if (!reason || deleted || leaving.current) return;
    leaving.current = true;
    modal.warning({ title: t('editor.cannotEdit'), content: reason, onOk: () => navigate(backTo), afterClose: () => navigate(backTo) });
  }, [session.status, session.message, live.status, live.reason, deleted, modal, navigate, backTo, t]);

  return { session, live, ready, deleted };
}

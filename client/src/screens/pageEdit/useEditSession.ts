// The edit session of a page over Socket.IO: joining takes (or shares) the page lock, the
// gateway refuses us with the holder's name when someone locked editing or edits over HTTP only.
// Presence of the other editors arrives as 'presence' events for the page room.
import { useCallback, useEffect, useState } from 'react';
import { realtimeSocket, request, type AckAnswer } from '../../realtime/socket';
import { pageRoom, type Presence, type PresenceUser } from '@shared/realtime';

export type SessionStatus = 'off' | 'joining' | 'joined' | 'refused' | 'revoked';

export interface EditSession {
  status: SessionStatus;
  /** the refusal message (names the holder of the lock) */
  message: string;
  editors: PresenceUser[];
  /** this user holds an exclusive ('lock editing') lock */
  exclusive: boolean;
  setExclusive(on: boolean): Promise<boolean>;
}

interface JoinAnswer extends AckAnswer {
  lock?: { mode: string; holder: string } | null;
  presence?: Presence;
}

export function useEditSession(pageId: number, enabled: boolean): EditSession {
  const [status, setStatus] = useState<SessionStatus>(enabled ? 'joining' : 'off');
  const [message, setMessage] = useState('');
  const [editors, setEditors] = useState<PresenceUser[]>([]);
  const [exclusive, setExclusiveState] = useState(false);

  useEffect(() => {
    if (!enabled || pageId <= 0) {
      setStatus('off');
      return;
    }
    const socket = realtimeSocket();
    const room = pageRoom(pageId);
    let active = true;
    const join = async () => {
      const a = await request<JoinAnswer>('page:join', { page_id: pageId, mode: 'edit' });
      if (!active) return;
      if (!a.ok) {
        // a dead connection retries on reconnect; a refusal is final
        if (a.error_code === -101) return;
        setStatus('refused');
        setMessage(a.error_message ?? '');
        return;
      }
      setStatus('joined');
      setExclusiveState(a.lock?.mode === 'exclusive');
      if (a.presence) setEditors(a.presence.users.filter((u) => u.mode === 'edit'));
    };
    const onPresence = (p: Presence) => {
      if (p.room === room) setEditors(p.users.filter((u) => u.mode === 'edit'));
    };
    // losing only the edit right keeps the editor open, read-only: the co-editing connection's
    // access message says so (useCollabDoc); losing the right to read ends the session
    const onRevoked = (p: { page_id?: number; item_id?: number; room?: string }) => {
      if (p.room === room || p.room?.startsWith('item:')) setStatus('revoked');
    };
    socket.on('connect', join);
    socket.on('presence', onPresence);
    socket.on('access:revoked', onRevoked);
    if (socket.connected) void join();
    return () => {
      active = false;
      socket.off('connect', join);
      socket.off('presence', onPresence);
      socket.off('access:revoked', onRevoked);
      void request('page:leave', { page_id: pageId }, 2000);
    };
  }, [pageId, enabled]);

  const setExclusive = useCallback(
    async (on: boolean) => {
      const a = await request('page:lock', { page_id: pageId, exclusive: on });
      if (a.ok) setExclusiveState(on);
      return a.ok;
    },
    [pageId],
  );

  return { status, message, editors, exclusive, setExclusive };
}

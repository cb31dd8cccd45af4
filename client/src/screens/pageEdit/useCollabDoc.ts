// The page's shared Y.Doc over y-websocket (/collab/page.<id>). The session cookie and any item
// password grant travel with the upgrade request; the server decides who we are in awareness.
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import type { Collab } from './MarkdownEditor';
import { listenForAccess } from '../../realtime/collabAccess';
import type { CollabAccess } from '@shared/realtime';

export type CollabStatus = 'off' | 'connecting' | 'synced' | 'offline' | 'refused';

export interface CollabState {
  status: CollabStatus;
  collab: Collab | null;
  /** close reason when the server refused us (4400–4499) */
  reason: string;
  /** what the server last said about our right to write (another user's lock, rights gone) */
  access: CollabAccess;
}

const WRITE: CollabAccess = { write: true };

const collabUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/collab`;

export function useCollabDoc(pageId: number, enabled: boolean, user: { name: string; color: string } | null): CollabState {
  const [state, setState] = useState<CollabState>({ status: enabled ? 'connecting' : 'off', collab: null, reason: '', access: WRITE });

  useEffect(() => {
    if (!enabled || pageId <= 0) {
      setState({ status: 'off', collab: null, reason: '', access: WRITE });
      return;
    }
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(collabUrl(), `page.${pageId}`, doc, { disableBc: true, maxBackoffTime: 5000 });
    const collab: Collab = { text: doc.getText('content'), awareness: provider.awareness };
    if (user) provider.awareness.setLocalStateField('user', { name: user.name, color: user.color, colorLight: user.color + '33' });
    let synced = false;
    setState({ status: 'connecting', collab: null, reason: '', access: WRITE });
    listenForAccess(provider, (access) => setState((prev) => ({ ...prev, access })));
    provider.on('sync', (s: boolean) => {
      if (s && !synced) {
        synced = true;
        setState((prev) => ({ ...prev, status: 'synced', collab, reason: '' }));
      }
    });
    provider.on('status', ({ status }: { status: string }) => {
      if (!synced) return;
      setState((prev) => (prev.status === 'refused' ? prev : { ...prev, status: status === 'connected' ? 'synced' : 'offline' }));
    });
    provider.on('connection-close', (ev: CloseEvent | null) => {
      // 44xx: the server refused us for good (no permission, limits): stop reconnecting
      if (ev && ev.code >= 4400 && ev.code < 4500) {
        provider.shouldConnect = false;
        setState({ status: 'refused', collab: null, reason: String(ev.reason || ev.code), access: WRITE });
      }
    });
    return () => {
      provider.destroy();
      doc.destroy();
    };
    // the user's display fields are read once per connection; the server enforces them anyway
  }, [pageId, enabled]);

  return state;
}

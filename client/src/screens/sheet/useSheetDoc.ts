// The sheet item's shared workbook over y-websocket (/collab/page.<id>), the same endpoint and
// rules as Markdown pages: the server decides who may write and who we are in awareness.
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import type { Awareness } from 'y-protocols/awareness';
import type { CollabAccess } from '@shared/realtime';
import { listenForAccess } from '../../realtime/collabAccess';

export type SheetDocStatus = 'connecting' | 'synced' | 'offline' | 'refused';

export interface SheetDocState {
  status: SheetDocStatus;
  doc: Y.Doc | null;
  awareness: Awareness | null;
  /** close reason when the server refused us */
  reason: string;
  /** what the server last said about our right to write (another user's lock, rights gone) */
  access: CollabAccess;
}

const WRITE: CollabAccess = { write: true };

const collabUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/collab`;

/** `me`: our own name and colour in awareness (the server stamps the same on what others receive) */
export function useSheetDoc(pageId: number, me: { name: string; color: string } | null): SheetDocState {
  const [state, setState] = useState<SheetDocState>({ status: 'connecting', doc: null, awareness: null, reason: '', access: WRITE });
  useEffect(() => {
    if (pageId <= 0) return;
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(collabUrl(), `page.${pageId}`, doc, { disableBc: true, maxBackoffTime: 5000 });
    if (me) provider.awareness.setLocalStateField('user', me);
    let synced = false;
    setState({ status: 'connecting', doc: null, awareness: null, reason: '', access: WRITE });
    listenForAccess(provider, (access) => setState((prev) => ({ ...prev, access })));
    provider.on('sync', (s: boolean) => {
      if (s && !synced) {
        synced = true;
        // for the first-render bench: how much of it is the document's sync
        performance.mark('sheet:synced');
        setState((prev) => ({ ...prev, status: 'synced', doc, awareness: provider.awareness, reason: '' }));
      }
    });
    provider.on('status', ({ status }: { status: string }) => {
      if (!synced) return;
      setState((prev) => (prev.status === 'refused' ? prev : { ...prev, status: status === 'connected' ? 'synced' : 'offline' }));
    });
    provider.on('connection-close', (ev: CloseEvent | null) => {
      if (ev && ev.code >= 4400 && ev.code < 4500) {
        provider.shouldConnect = false;
        setState({ status: 'refused', doc: null, awareness: null, reason: String(ev.reason || ev.code), access: WRITE });
      }
    });
    return () => {
      provider.destroy();
      doc.destroy();
    };
    // our display fields are read once per connection; the server enforces them anyway
  }, [pageId]);
  return state;
}

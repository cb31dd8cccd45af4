// The co-editing server's access message (shared/realtime.ts): read-only while another user holds
// the edit lock or the edit right is gone, writable again when that ends. Pages and spreadsheet
// items listen on their y-websocket provider the same way.
import * as decoding from 'lib0/decoding';
import type { WebsocketProvider } from 'y-websocket';
import { COLLAB_ACCESS_MESSAGE, type CollabAccess } from '@shared/realtime';

function parse(raw: string): CollabAccess | null {
  try {
    const v = JSON.parse(raw) as CollabAccess;
    if (v.write === true) return { write: true };
    if (v.write === false && v.reason === 'lock' && typeof v.holder === 'string') return { write: false, reason: 'lock', holder: v.holder };
    if (v.write === false) return { write: false, reason: 'rights' };
  } catch {
    /* not ours to understand: ignored */
  }
  return null;
}

export function listenForAccess(provider: WebsocketProvider, onAccess: (access: CollabAccess) => void): void {
  provider.messageHandlers[COLLAB_ACCESS_MESSAGE] = (_encoder, decoder) => {
    const access = parse(decoding.readVarString(decoder));
    if (access) onAccess(access);
  };
}

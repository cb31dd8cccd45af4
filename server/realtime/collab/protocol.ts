// The y-websocket wire protocol (y-protocols): message types and the encoders we need.
import * as encoding from 'lib0/encoding';
import * as decoding from 'lib0/decoding';
import * as syncProtocol from 'y-protocols/sync';
import * as awarenessProtocol from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { COLLAB_ACCESS_MESSAGE, type CollabAccess } from '../../../shared/realtime';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_AUTH = 2;
export const MESSAGE_QUERY_AWARENESS = 3;
export const MESSAGE_ACCESS = COLLAB_ACCESS_MESSAGE;

/** whether this connection may write, and why not (shared/realtime.ts) */
export function encodeAccess(notice: CollabAccess): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_ACCESS);
  encoding.writeVarString(e, JSON.stringify(notice));
  return encoding.toUint8Array(e);
}

export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(e, doc);
  return encoding.toUint8Array(e);
}

export function encodeSyncStep2(doc: Y.Doc, stateVector?: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  syncProtocol.writeSyncStep2(e, doc, stateVector);
  return encoding.toUint8Array(e);
}

export function encodeUpdate(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  syncProtocol.writeUpdate(e, update);
  return encoding.toUint8Array(e);
}

export function encodeAwareness(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

export type Incoming =
  | { type: 'syncStep1'; stateVector: Uint8Array }
  | { type: 'update'; update: Uint8Array }
  | { type: 'awareness'; update: Uint8Array }
  | { type: 'queryAwareness' }
  | { type: 'ignored' };

/** Decodes one client message; throws on malformed input (the connection is then closed). */
export function decodeMessage(buf: Uint8Array): Incoming {
  const d = decoding.createDecoder(buf);
  const type = decoding.readVarUint(d);
  if (type === MESSAGE_SYNC) {
    const sub = decoding.readVarUint(d);
    if (sub === syncProtocol.messageYjsSyncStep1) return { type: 'syncStep1', stateVector: decoding.readVarUint8Array(d) };
    if (sub === syncProtocol.messageYjsSyncStep2 || sub === syncProtocol.messageYjsUpdate) return { type: 'update', update: decoding.readVarUint8Array(d) };
    throw new Error('unknown sync message');
  }
  if (type === MESSAGE_AWARENESS) return { type: 'awareness', update: decoding.readVarUint8Array(d) };
  if (type === MESSAGE_QUERY_AWARENESS) return { type: 'queryAwareness' };
  if (type === MESSAGE_AUTH) return { type: 'ignored' };
  throw new Error('unknown message type');
}

export interface AwarenessEntry {
  clientID: number;
  clock: number;
  state: Record<string, unknown> | null;
}

export function decodeAwarenessUpdate(update: Uint8Array): AwarenessEntry[] {
  const d = decoding.createDecoder(update);
  const n = decoding.readVarUint(d);
  if (n > 1000) throw new Error('awareness update too large');
  const out: AwarenessEntry[] = [];
  for (let i = 0; i < n; i++) {
    const clientID = decoding.readVarUint(d);
    const clock = decoding.readVarUint(d);
    const raw = decoding.readVarString(d);
    const state = JSON.parse(raw);
    out.push({ clientID, clock, state: state && typeof state === 'object' ? state : null });
  }
  return out;
}

export function encodeAwarenessEntries(entries: AwarenessEntry[]): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, entries.length);
  for (const x of entries) {
    encoding.writeVarUint(e, x.clientID);
    encoding.writeVarUint(e, x.clock);
    encoding.writeVarString(e, JSON.stringify(x.state));
  }
  return encoding.toUint8Array(e);
}

export { awarenessProtocol };

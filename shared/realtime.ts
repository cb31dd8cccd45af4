// What the realtime gateway pushes, shared by the server that computes it and the client that shows it.

/** one signed-in user in a room ('presence' events) */
export interface PresenceUser {
  uid: number;
  name: string;
  color: string;
  /** unix ms of the earliest join */
  since: number;
  mode: 'read' | 'edit';
}

export interface Presence {
  room: string;
  users: PresenceUser[];
  /** readers who are not signed in (shared pages) */
  guests: number;
}

/** the room of a page's readers and editors */
export const pageRoom = (pageId: number | string) => `page:${pageId}`;

/**
 * The co-editing connection's own message (y-websocket message type 100, a JSON string): sent on
 * connecting and whenever it changes, so an open editor turns read-only the moment another user
 * locks editing or the edit right goes, and writable again when it comes back.
 */
export const COLLAB_ACCESS_MESSAGE = 100;

export type CollabAccess = { write: true } | { write: false; reason: 'lock'; holder: string } | { write: false; reason: 'rights' };

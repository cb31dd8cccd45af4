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

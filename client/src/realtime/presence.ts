// Presence as the gateway pushes it ('presence' events per room).
export interface PresenceUser {
  uid: number;
  name: string;
  color: string;
  since: number;
  mode: 'read' | 'edit';
}

export interface Presence {
  room: string;
  users: PresenceUser[];
  guests: number;
}

export const pageRoom = (pageId: number | string) => `page:${pageId}`;

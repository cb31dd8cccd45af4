// Who is reading an item or editing a page, computed from the sockets in the room on every
// process (the Redis adapter answers fetchSockets across processes).
import type { Server } from 'socket.io';
import type { SocketData } from './socketAuth';
import type { Presence, PresenceUser } from '../../shared/realtime';

export type { Presence, PresenceUser };

export async function presenceOf(io: Server, room: string): Promise<Presence> {
  let sockets;
  try {
    sockets = await io.in(room).fetchSockets();
  } catch {
    sockets = await io.local.in(room).fetchSockets();
  }
  const byUid = new Map<number, PresenceUser>();
  let guests = 0;
  for (const s of sockets) {
    const d = s.data as SocketData;
    const j = d.joined?.[room];
    if (!d.user) {
      guests++;
      continue;
    }
    const prev = byUid.get(d.user.uid);
    const mode = j?.mode ?? 'read';
    const since = j?.since ?? Date.now();
    if (!prev) byUid.set(d.user.uid, { uid: d.user.uid, name: d.name, color: d.color, since, mode });
    else {
      prev.since = Math.min(prev.since, since);
      if (mode === 'edit') prev.mode = 'edit';
    }
  }
  return { room, users: [...byUid.values()].sort((a, b) => a.since - b.since), guests };
}

export async function broadcastPresence(io: Server, room: string): Promise<Presence> {
  const p = await presenceOf(io, room);
  io.to(room).emit('presence', p);
  return p;
}

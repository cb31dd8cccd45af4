// One Socket.IO connection per tab, opened on first use. The session cookie authenticates it
// (same origin), so no token lives in the page. Screens join rooms through joinRoom helpers.
import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;

export function realtimeSocket(): Socket {
  if (!socket) {
    socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: true });
  }
  return socket;
}

export interface AckAnswer<T = unknown> {
  ok: boolean;
  error_code?: number;
  error_message?: string;
  lock_username?: string;
  data?: T;
  [key: string]: unknown;
}

/** Emits with acknowledgement; a dead connection answers { ok: false } after the timeout. */
export async function request<T extends AckAnswer>(event: string, payload: unknown, timeoutMs = 8000): Promise<T> {
  const s = realtimeSocket();
  try {
    return (await s.timeout(timeoutMs).emitWithAck(event, payload)) as T;
  } catch {
    return { ok: false, error_code: -101, error_message: 'timeout' } as T;
  }
}

/** After logout or a change of user: the next use connects again with the new session cookie. */
export function closeRealtimeSocket(): void {
  socket?.disconnect();
  socket = null;
}

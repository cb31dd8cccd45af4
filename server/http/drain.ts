// A graceful stop for the HTTP server. On SIGTERM the process stops accepting connections, lets
// the requests already running finish within the grace period, answers any request still arriving
// on an open keep-alive connection with `Connection: close` (so the client opens its next one
// elsewhere), and closes a connection only once it has been idle for a moment. Node's own
// server.close() closes idle keep-alive connections at once, which resets a request that is
// already on its way; waiting on them instead (as before) kept serving until a forced exit reset
// everything in flight.
import net from 'node:net';
import type http from 'node:http';

/** a connection idle this long while draining is closed: a request racing it has arrived by then */
const IDLE_CLOSE_MS = 1000;
const SWEEP_MS = 100;

interface Conn {
  busy: number;
  idleSince: number;
}

export interface Drain {
  /** requests received and not yet answered */
  inFlight(): number;
  /** resolves true when every request finished and every connection closed, false when the grace period ran out */
  drain(graceMs: number): Promise<boolean>;
}

export function drainable(server: http.Server): Drain {
  let draining = false;
  let inFlight = 0;
  const conns = new Map<net.Socket, Conn>();
  server.on('connection', (socket: net.Socket) => {
    conns.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => conns.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight++;
    const conn = conns.get(req.socket);
    if (conn) conn.busy++;
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight--;
      if (conn) {
        conn.busy--;
        conn.idleSince = Date.now();
      }
    });
  });
  // upgraded connections (WebSockets) leave the HTTP server: the realtime shutdown closes them
  server.on('upgrade', (req: http.IncomingMessage) => conns.delete(req.socket));

  return {
    inFlight: () => inFlight,
    drain(graceMs) {
      draining = true;
      // stop listening only: net's close, not http's, which would also drop idle connections now
      net.Server.prototype.close.call(server);
      const deadline = Date.now() + graceMs;
      return new Promise<boolean>((resolve) => {
        const sweep = setInterval(() => {
          const now = Date.now();
          for (const [socket, conn] of conns) {
            if (conn.busy === 0 && now - conn.idleSince >= IDLE_CLOSE_MS) socket.destroy();
          }
          const done = inFlight === 0 && conns.size === 0;
          if (done || now >= deadline) {
            clearInterval(sweep);
            resolve(done);
          }
        }, SWEEP_MS);
      });
    },
  };
}

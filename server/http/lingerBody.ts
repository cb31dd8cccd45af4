// A caller refused before its upload is read still has the rest of its body on the wire. Closing
// the connection at once resets it mid-write, and clients that write the whole body before they
// read (Node 24's fetch among them) then see EPIPE instead of the refusal. So the rest is read and
// dropped, as a web server's lingering close does, but only so much: past LINGER_BYTES or
// LINGER_MS the connection is closed, so a refused caller cannot make the server read gigabytes.
import type { IncomingMessage } from 'node:http';

export const LINGER_BYTES = 32 * 1024 * 1024;
export const LINGER_MS = 5_000;

export function lingerOnBody(req: IncomingMessage, limits = { bytes: LINGER_BYTES, ms: LINGER_MS }): void {
  if (req.complete) return;
  let seen = 0;
  const close = () => {
    req.off('data', onData);
    req.socket.destroy();
  };
  const timer = setTimeout(close, limits.ms);
  timer.unref();
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limits.bytes) {
      clearTimeout(timer);
      close();
    }
  };
  req.on('data', onData);
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
}

import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { lingerOnBody } from './lingerBody';

// A server that refuses every request before reading its body, as dispatch does for a refused upload.
let server: http.Server | undefined;
let dropped = 0;
async function refusingServer(limits: { bytes: number; ms: number }): Promise<number> {
  dropped = 0;
  server = http.createServer((req, res) => {
    lingerOnBody(req, limits);
    req.on('data', (c: Buffer) => (dropped += c.length));
    res.setHeader('Content-Type', 'application/json');
    res.end('{"error_code":10303}');
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

/** Writes a body of `total` bytes (or forever when Infinity), then resolves with what came back and how it ended. */
function upload(port: number, total: number): Promise<{ answer: string; ended: 'end' | 'reset' }> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 120);
    sock.on('data', (d) => (answer += d.toString()));
    sock.on('error', () => {});
    sock.on('close', (hadError) => resolve({ answer, ended: hadError ? 'reset' : 'end' }));
    sock.write(`POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: ${total === Infinity ? 1e12 : total}\r\n\r\n`);
    const pump = () => {
      while (sent < total && !sock.destroyed) {
        sent += chunk.length;
        if (!sock.write(chunk)) return sock.once('drain', pump);
      }
      if (!sock.destroyed) setTimeout(() => sock.end(), 50);
    };
    pump();
  });
}

describe('lingerOnBody: a refused upload is read and dropped, within bounds', () => {
  it('a body under the bound is read to its end, so the client reads the refusal and the connection stays usable', async () => {
    const port = await refusingServer({ bytes: 4 * 1024 * 1024, ms: 5_000 });
    const r = await upload(port, 1024 * 1024);
    expect(r.answer).toContain('{"error_code":10303}');
    expect(dropped).toBe(1024 * 1024);
  });

  it('a body past the byte bound gets its connection closed: the server stops reading', async () => {
    const port = await refusingServer({ bytes: 256 * 1024, ms: 30_000 });
    const r = await upload(port, Infinity);
    expect(r.answer).toContain('{"error_code":10303}');
    expect(dropped).toBeGreaterThan(256 * 1024);
    expect(dropped).toBeLessThan(8 * 1024 * 1024);
  });

  it('a body that stalls gets its connection closed once the time bound passes', async () => {
    const port = await refusingServer({ bytes: 4 * 1024 * 1024, ms: 300 });
    const closed = await new Promise<string>((resolve) => {
      const sock = net.connect(port, '127.0.0.1');
      let answer = '';
      sock.on('data', (d) => (answer += d.toString()));
      sock.on('error', () => {});
      sock.on('close', () => resolve(answer));
      // declares 1 MB and sends 10 bytes, then nothing
      sock.write('POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n0123456789');
    });
    expect(closed).toContain('{"error_code":10303}');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { endInTurn } from './endInTurn';

// A Koa app that answers each request with its own path, as JSON, through endInTurn.
let server: http.Server | undefined;
async function echoServer(): Promise<number> {
  const app = new Koa();
  app.use((ctx) => {
    ctx.status = 200;
    ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
    endInTurn(ctx, ctx.path.endsWith('/buffer') ? Buffer.from(JSON.stringify({ path: ctx.path })) : JSON.stringify({ path: ctx.path, 中: '文' }));
  });
  server = http.createServer(app.callback());
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}
afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
    server = undefined;
  }
});

/** Sends raw bytes on one connection and collects everything until `until` says it is complete. */
function exchange(port: number, raw: string, until: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1', () => sock.write(raw));
    let text = '';
    sock.on('data', (d) => {
      text += d.toString('utf8');
      if (until(text)) {
        sock.destroy();
        resolve(text);
      }
    });
    sock.on('error', reject);
  });
}

describe('endInTurn', () => {
  it('does not end an answer before the turn is over, then ends all of the turn in order', async () => {
    const ends: string[] = [];
    const fakeCtx = (name: string) => {
      const res = { headers: {} as Record<string, unknown>, setHeader(k: string, v: unknown) { this.headers[k] = v; }, writableEnded: false, destroyed: false, socket: null, end: (b: string) => ends.push(`${name}:${b}`) };
      return { method: 'POST', respond: true, res } as unknown as Koa.Context;
    };
    const first = fakeCtx('a');
    endInTurn(first, 'one');
    endInTurn(fakeCtx('b'), Buffer.from('two'));
    expect(ends).toEqual([]);
    expect(first.respond).toBe(false);
    expect((first.res as unknown as { headers: Record<string, unknown> }).headers['Content-Length']).toBe(3);
    await new Promise((r) => setImmediate(r));
    expect(ends).toEqual(['a:one', 'b:two']);
  });

  it('gives every concurrent request its own answer, with the right length for text and bytes', async () => {
    const port = await echoServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const paths = Array.from({ length: 64 }, (_, i) => (i % 2 ? `/p${i}/buffer` : `/p${i}`));
    const answers = await Promise.all(
      paths.map(
        (p) =>
          new Promise<{ status: number; length: string | undefined; body: string }>((resolve, reject) => {
            http
              .get({ port, host: '127.0.0.1', path: p, agent }, (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (c: Buffer) => chunks.push(c));
                res.on('end', () => resolve({ status: res.statusCode!, length: res.headers['content-length'], body: Buffer.concat(chunks).toString('utf8') }));
              })
              .on('error', reject);
          }),
      ),
    );
    agent.destroy();
    answers.forEach((a, i) => {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body).path).toBe(paths[i]);
      expect(Number(a.length)).toBe(Buffer.byteLength(a.body));
    });
    expect(answers[0].body).toContain('文');
  });

  it('answers pipelined requests on one connection in the order they were sent', async () => {
    const port = await echoServer();
    const raw = ['/first', '/second/buffer', '/third'].map((p) => `GET ${p} HTTP/1.1\r\nHost: x\r\n\r\n`).join('');
    const text = await exchange(port, raw, (t) => t.includes('/third"'));
    const order = [...text.matchAll(/"path":"([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(['/first', '/second/buffer', '/third']);
  });

  it('sends a HEAD answer its headers only', async () => {
    const port = await echoServer();
    const text = await exchange(port, 'HEAD /head HTTP/1.1\r\nHost: x\r\n\r\n', (t) => t.includes('\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toMatch(/content-length: \d+/i);
    expect(text.split('\r\n\r\n')[1]).toBe('');
  });

  it('skips an answer whose client left, and one that fails to write keeps no other of its turn from ending', async () => {
    const ends: string[] = [];
    const fakeCtx = (name: string, res: Record<string, unknown>) =>
      ({ method: 'POST', respond: true, res: { setHeader() {}, writableEnded: false, destroyed: false, socket: null, end: () => ends.push(name), ...res } }) as unknown as Koa.Context;
    let destroyed = false;
    endInTurn(fakeCtx('left', { destroyed: true }), 'x');
    endInTurn(fakeCtx('closed socket', { socket: { writable: false } }), 'x');
    endInTurn(fakeCtx('throws', { end: () => { throw new Error('write failed'); }, destroy: () => (destroyed = true) }), 'x');
    endInTurn(fakeCtx('stays', {}), 'x');
    await new Promise((r) => setImmediate(r));
    expect(ends).toEqual(['stays']);
    expect(destroyed).toBe(true);
  });
});

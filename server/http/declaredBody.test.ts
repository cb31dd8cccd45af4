import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFormRequest, readDeclaredBody } from './declaredBody';

type Outcome = { kind: 'text'; text: string } | { kind: 'co-body' } | { kind: 'error'; status: unknown } | { kind: 'form'; form: boolean };

let server: http.Server;
let port = 0;
/** what the server made of the last request */
let outcomes: Outcome[] = [];
let arrived: () => void = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const form = isFormRequest(req);
    const reading = readDeclaredBody(req, 64);
    const settle = (o: Outcome) => {
      outcomes.push({ kind: 'form', form }, o);
      arrived();
      if (!res.destroyed) res.end('ok');
    };
    if (!reading) {
      req.resume();
      req.on('end', () => settle({ kind: 'co-body' }));
      return;
    }
    reading.then(
      (text) => settle({ kind: 'text', text }),
      (e: { status?: unknown }) => settle({ kind: 'error', status: e.status }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** sends raw request bytes in parts (a pause between them), then ends or destroys the socket */
async function send(parts: (string | Buffer)[], hangUp = false): Promise<Outcome[]> {
  outcomes = [];
  const done = new Promise<void>((r) => (arrived = r));
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', () => r()));
  for (const part of parts) {
    socket.write(part);
    await new Promise((r) => setTimeout(r, 30));
  }
  if (hangUp) socket.destroy();
  await done;
  socket.destroy();
  return outcomes;
}

const head = (headers: string) => `POST /api/x HTTP/1.1\r\nHost: x\r\n${headers}\r\n`;

describe('a declared form body', () => {
  it('is read whole, also when it arrives in parts, and its UTF-8 kept', async () => {
    expect(await send([head('Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 15\r\n') + 'a=1&b=%E4%B8%AD'])).toEqual([
      { kind: 'form', form: true },
      { kind: 'text', text: 'a=1&b=%E4%B8%AD' },
    ]);
    const body = Buffer.from('name=中文&x=1', 'utf8');
    const parts = [head(`Content-Type: application/x-www-form-urlencoded; charset=UTF-8\r\nContent-Length: ${body.length}\r\n`), body.subarray(0, 7), body.subarray(7)];
    expect(await send(parts)).toEqual([{ kind: 'form', form: true }, { kind: 'text', text: 'name=中文&x=1' }]);
  });

  it('drops a leading byte-order mark, as co-body does', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a=1')]);
    expect(await send([head(`Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n`), body])).toEqual([
      { kind: 'form', form: true },
      { kind: 'text', text: 'a=1' },
    ]);
  });

  it('is empty without waiting when its length is 0', async () => {
    expect(await send([head('Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\n')])).toEqual([
      { kind: 'form', form: true },
      { kind: 'text', text: '' },
    ]);
  });

  it('fails as raw-body does (400) when the client hangs up mid-body', async () => {
    expect(await send([head('Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 40\r\n') + 'a=1'], true)).toEqual([
      { kind: 'form', form: true },
      { kind: 'error', status: 400 },
    ]);
  });

  it('leaves co-body the bodies it knows better: compressed, chunked, over the limit', async () => {
    const co = [{ kind: 'form', form: true }, { kind: 'co-body' }];
    expect(await send([head('Content-Type: application/x-www-form-urlencoded\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n') + 'abc'])).toEqual(co);
    expect(await send([head('Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n') + '3\r\na=1\r\n0\r\n\r\n'])).toEqual(co);
    expect(await send([head('Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 65\r\n') + 'x'.repeat(65)])).toEqual(co);
  });
});

describe('isFormRequest', () => {
  const formOf = async (headers: string, body = '') => (await send([head(headers) + body]))[0];
  it('knows the form type in any letter case and with parameters, and nothing else', async () => {
    expect(await formOf('Content-Type: Application/X-WWW-Form-Urlencoded ; charset=utf-8\r\nContent-Length: 0\r\n')).toEqual({ kind: 'form', form: true });
    expect(await formOf('Content-Type: application/json\r\nContent-Length: 2\r\n', '{}')).toEqual({ kind: 'form', form: false });
    expect(await formOf('Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 0\r\n')).toEqual({ kind: 'form', form: false });
    expect(await formOf('Content-Length: 3\r\n', 'a=1')).toEqual({ kind: 'form', form: false });
  });

  it('is false for a request with no body at all, as type-is says', async () => {
    expect(await formOf('Content-Type: application/x-www-form-urlencoded\r\n')).toEqual({ kind: 'form', form: false });
  });
});

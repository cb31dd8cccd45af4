import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './forbiddenHosts';
import { checkPublicUrl, postJsonToPublicUrl, RefusedUrl, type LookupAll } from './publicHttp';

let hits = 0;
let hang: http.Server;
let port = 0;

beforeAll(async () => {
  // answers nothing, ever: for the deadline
  hang = http.createServer(() => {
    hits++;
  });
  await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
  port = (hang.address() as AddressInfo).port;
});

afterAll(async () => {
  hang.closeAllConnections();
  await new Promise((r) => hang.close(r));
});

describe('public addresses', () => {
  it('refuses loopback, private, shared, link-local, multicast, reserved and embedded-IPv4 forms', () => {
    for (const a of [
      '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '100.64.0.1', '169.254.169.254',
      '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.1', '::1', '::', '[::1]', 'fe80::1', 'fc00::1', 'fd12::1',
      '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::', 'ff02::1', '2001:db8::1', 'fd00:ec2::254', '100.100.100.200',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('allows public unicast addresses', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
});

describe('checkPublicUrl', () => {
  const refusal = async (url: string, lookup?: LookupAll) => {
    try {
      await checkPublicUrl(url, { lookup });
      return null;
    } catch (e) {
      return e instanceof RefusedUrl ? e.reason : String(e);
    }
  };

  it('refuses a name when any of its addresses is private', async () => {
    const mixed: LookupAll = async () => [{ address: '8.8.8.8', family: 4 }, { address: '10.1.2.3', family: 4 }];
    expect(await refusal('https://mixed.example/', mixed)).toMatch(/not on the public internet/);
    const fine: LookupAll = async () => [{ address: '8.8.8.8', family: 4 }];
    expect(await refusal('https://fine.example/hook', fine)).toBeNull();
  });

  it('refuses a name that does not resolve', async () => {
    const none: LookupAll = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    expect(await refusal('https://nowhere.example/', none)).toMatch(/cannot be resolved/);
  });

  it('allows a loopback receiver only when its host:port is listed', async () => {
    await expect(checkPublicUrl(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(RefusedUrl);
    await expect(checkPublicUrl(`http://127.0.0.1:${port}/`, { allow: [`127.0.0.1:${port + 1}`] })).rejects.toBeInstanceOf(RefusedUrl);
    await expect(checkPublicUrl(`http://127.0.0.1:${port}/`, { allow: [`127.0.0.1:${port}`] })).resolves.toBeInstanceOf(URL);
  });
});

describe('postJsonToPublicUrl', () => {
  it('connects to the address it checked: a second DNS answer (rebinding) is never asked for', async () => {
    let calls = 0;
    // a public answer first, loopback afterwards: a client that resolved again would reach the local server
    const rebinding: LookupAll = async () => (calls++ === 0 ? [{ address: '192.88.98.1', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const before = hits;
    await postJsonToPublicUrl(`http://rebind.example:${port}/`, { a: 1 }, 300, { lookup: rebinding }).catch(() => null);
    expect(calls).toBe(1);
    expect(hits).toBe(before);
  });

  it('gives up at its deadline', async () => {
    const before = hits;
    const err = await postJsonToPublicUrl(`http://127.0.0.1:${port}/slow`, { a: 1 }, 300, { allow: [`127.0.0.1:${port}`] }).catch((e) => e);
    expect(err.code).toBe('ETIMEDOUT');
    expect(hits).toBe(before + 1);
  });

  it('refuses a private address before connecting', async () => {
    const before = hits;
    await expect(postJsonToPublicUrl(`http://127.0.0.1:${port}/`, {}, 300)).rejects.toBeInstanceOf(RefusedUrl);
    expect(hits).toBe(before);
  });
});

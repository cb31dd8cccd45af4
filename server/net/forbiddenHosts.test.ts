import { describe, expect, it } from 'vitest';
import { guardedLookup, isForbiddenAddress, isForbiddenHost } from './forbiddenHosts';

const lookup = (host: string) =>
  new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) => guardedLookup(host, {}, (err, address) => resolve({ err, address })));

describe('forbidden hosts', () => {
  it('refuses link-local and cloud metadata addresses, in every spelling', () => {
    for (const a of ['169.254.169.254', '169.254.0.1', '[fe80::1]', 'FE80::a:b', 'febf::1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '100.100.100.200', 'fd00:ec2::254', 'fe80::1%eth0']) {
      expect(isForbiddenAddress(a), a).toBe(true);
    }
    for (const h of ['metadata', 'metadata.google.internal', 'METADATA.GOOGLE.INTERNAL.', 'instance-data', '[169.254.169.254]']) {
      expect(isForbiddenHost(h), h).toBe(true);
    }
  });

  it('allows loopback, intranet and ordinary names', () => {
    for (const h of ['127.0.0.1', '10.0.0.5', '192.168.1.10', '172.16.0.1', '::1', 'fd00::5', 'fec0::1', 'ldap.example.com', 'minio', 'localhost', '169.255.0.1', '100.100.100.201']) {
      expect(isForbiddenHost(h), h).toBe(false);
    }
  });

  it('the guarded DNS lookup answers like dns.lookup, and refuses metadata names before asking DNS', async () => {
    const ok = await lookup('localhost');
    expect(ok.err).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(ok.address);
    const refused = await lookup('metadata.google.internal');
    expect(refused.err?.code).toBe('EFORBIDDENHOST');
    const literal = await lookup('169.254.169.254');
    expect(literal.err?.code).toBe('EFORBIDDENHOST');
  });
});

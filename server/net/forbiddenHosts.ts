// Hosts Quire never connects to for an administrator's LDAP or object-storage settings: link-local
// addresses, where clouds serve instance metadata and credentials (169.254.169.254 and friends),
// and the metadata host names. An admin account, or a page that tricks an admin into saving a
// setting, must not turn the server into a reader of its own cloud credentials. Intranet and
// loopback addresses stay allowed: a company directory or a MinIO next to Quire are normal.
// Names are checked again after DNS resolution (guardedLookup), so a name that resolves to a
// link-local address is refused at connection time too.
import dns from 'node:dns';
import net from 'node:net';

const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.azure.internal',
]);

// link-local ranges, and the metadata addresses some clouds keep outside them (Alibaba Cloud,
// AWS over IPv6); IPv4-mapped IPv6 forms (::ffff:169.254.169.254) match the IPv4 rules
const forbidden = new net.BlockList();
forbidden.addSubnet('169.254.0.0', 16, 'ipv4');
forbidden.addSubnet('fe80::', 10, 'ipv6');
forbidden.addAddress('100.100.100.200', 'ipv4');
forbidden.addAddress('fd00:ec2::254', 'ipv6');

/** Link-local (169.254.0.0/16, fe80::/10) or a known metadata address. */
export function isForbiddenAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').split('%')[0];
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : null;
  return family !== null && forbidden.check(ip, family);
}

/** Whether Quire refuses to connect to this host (an IP literal, bracketed or not, or a name). */
export function isForbiddenHost(host: string): boolean {
  const h = host.trim().replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  return METADATA_HOSTS.has(h) || isForbiddenAddress(h);
}

const refused = (hostname: string, address: string) =>
  Object.assign(new Error(`${hostname} resolves to a link-local or cloud metadata address (${address}); Quire does not connect there`), { code: 'EFORBIDDENHOST' });

/** dns.lookup for net/tls `lookup` options: fails for metadata names and names resolving to a forbidden address. */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  if (isForbiddenHost(hostname)) return callback(refused(hostname, hostname), '', 4);
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) return callback(refused(hostname, bad.address), '', 4);
    if (options.all) return callback(null, addresses);
    if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

// --- outgoing requests a user points somewhere (the notice webhook, #23) -----------------------
// Stricter than the administrator's hosts above: a user's URL may only reach the public internet.
// Loopback, private, shared (CGNAT), link-local, multicast, reserved and documentation ranges are
// refused, in IPv4, IPv6 and the IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4).
const nonPublic = new net.BlockList();
for (const [a, bits] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const) {
  nonPublic.addSubnet(a, bits, 'ipv4');
}
for (const [a, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: reaches whatever IPv4 address it embeds
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo and friends)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  nonPublic.addSubnet(a, bits, 'ipv6');
}

/** Whether an IP address (bracketed or not) is a public unicast address; anything else is false. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').split('%')[0];
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : null;
  if (family === null) return false;
  return !nonPublic.check(ip, family) && !forbidden.check(ip, family);
}

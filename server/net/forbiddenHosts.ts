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

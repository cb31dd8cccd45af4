// LDAP login: when the administrator switched LDAP on, a login that fails locally is checked against
// the directory: bind with the service account (or anonymously), search the user by `user_field`
// (value escaped per RFC 4515), then bind as the entry's DN with the given password.
// ldapts speaks LDAPv3; `version: 2` is accepted in the form for ShowDoc compatibility (v2 servers
// answer v3 simple binds in practice).
import net from 'node:net';
import tls from 'node:tls';
import { Client, Filter, InvalidCredentialsError } from 'ldapts';
import { guardedLookup, isForbiddenHost } from '../net/forbiddenHosts';
import type { AppDeps } from '../deps';
import type { LdapForm } from '../lib/siteSettings';

export interface LdapVerdict {
  ok: boolean;
  /** the directory could not be asked (down, timeout, service account refused); reason is for logs */
  unavailable?: string;
  /** the user's name as the directory spells it (value of user_field) */
  username?: string;
  /** display name from the directory */
  name?: string;
  email?: string;
}

const CONNECT_TIMEOUT_MS = 3000;
const OP_TIMEOUT_MS = 5000;

/** RFC 4515 escaping of a value inside a filter: \ * ( ) NUL. */
export function escapeFilterValue(value: string): string {
  return Filter.escape(value);
}

export function ldapUrl(form: Pick<LdapForm, 'host' | 'port'>): string {
  const host = form.host.trim();
  const port = form.port || 389;
  if (/^ldaps?:\/\//i.test(host)) {
    const u = new URL(host);
    if (!u.port && form.port) u.port = String(form.port);
    return `${u.protocol}//${u.host}`;
  }
  const h = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `ldap://${h}:${port}`;
}

/**
 * The host name (or IP address, without brackets) of the form's host field, or null when the field
 * is not a host name, an IP address, or an ldap:// / ldaps:// URL (file:///…, http://…, user:pw@…).
 */
export function ldapHostName(host: string): string | null {
  const h = host.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(h) && !net.isIPv6(h)) {
    if (!/^ldaps?:\/\//i.test(h)) return null;
    let u: URL;
    try {
      u = new URL(h);
    } catch {
      return null;
    }
    if (!u.hostname || u.username || u.password || u.search || u.hash) return null;
    const name = u.hostname.replace(/^\[|\]$/g, '');
    return HOST_RE.test(name) || net.isIPv6(name) ? name : null;
  }
  const bare = h.replace(/^\[(.*)\]$/, '$1');
  if (net.isIPv6(bare)) return bare;
  return h === bare && HOST_RE.test(h) ? h : null;
}

const HOST_RE = /^(?=.{1,253}\.?$)[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?$/;

/** The search filter for a login name: `(&<extra>(<user_field>=<escaped>))`, or ShowDoc's `%(user)s` placeholder. */
export function userFilter(form: Pick<LdapForm, 'user_field' | 'search_filter'>, username: string): { filter: string; placeholder: boolean } {
  const escaped = escapeFilterValue(username);
  const extra = form.search_filter.trim();
  if (extra.includes('%(user)s')) return { filter: extra.split('%(user)s').join(escaped), placeholder: true };
  const own = `(${form.user_field || 'uid'}=${escaped})`;
  if (!extra) return { filter: own, placeholder: false };
  const wrapped = extra.startsWith('(') ? extra : `(${extra})`;
  return { filter: `(&${wrapped}${own})`, placeholder: false };
}

function first(v: unknown): string {
  if (Array.isArray(v)) return first(v[0]);
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  return typeof v === 'string' ? v : '';
}

function attr(entry: Record<string, unknown>, name: string): string {
  if (!name) return '';
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? first(entry[key]) : '';
}

/**
 * A client whose connections resolve names through guardedLookup (no link-local or metadata
 * address, even when a name points there). Throws for a host the form check would refuse.
 */
function newClient(form: LdapForm): Client {
  const host = ldapHostName(form.host);
  if (host === null) throw new Error('the LDAP host is not a host name or an ldap:// URL');
  if (isForbiddenHost(host)) throw new Error('the LDAP host is a link-local or cloud metadata address');
  return new Client({
    url: ldapUrl(form),
    connectTimeout: CONNECT_TIMEOUT_MS,
    timeout: OP_TIMEOUT_MS,
    createConnection: ((port: number, h: string) => net.connect({ port, host: h, lookup: guardedLookup })) as typeof net.connect,
    // (not tlsOptions: their presence alone makes ldapts speak TLS to an ldap:// server)
    // ldaps:// calls it with (port, host, options); startTLS with the options of the open socket
    createSecureConnection: ((port: number | tls.ConnectionOptions, h?: string, options?: tls.ConnectionOptions) =>
      typeof port === 'object' ? tls.connect(port) : tls.connect({ ...options, port, host: h, lookup: guardedLookup })) as typeof tls.connect,
  });
}

/** newClient, or why there is none (a host stored before the form checks existed) */
function openClient(form: LdapForm): { client: Client; reason?: undefined } | { client?: undefined; reason: string } {
  try {
    return { client: newClient(form) };
  } catch (e) {
    return { reason: reasonOf(e) };
  }
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 200);

/** Binds with the service account (anonymous when bind_dn is empty). */
async function serviceBind(client: Client, form: LdapForm): Promise<void> {
  if (form.bind_dn) await client.bind(form.bind_dn, form.bind_password);
}

/** Checks a username/password pair against the directory described by `form`. */
export async function ldapCheck(form: LdapForm, username: string, password: string): Promise<LdapVerdict> {
  // an empty password would be an "unauthenticated bind", which LDAP servers accept
  if (!username || !password || !form.host || !form.base_dn) return { ok: false };
  const { client: service, reason } = openClient(form);
  if (!service) return { ok: false, unavailable: reason };
  let dn = '';
  let entry: Record<string, unknown> = {};
  try {
    await serviceBind(service, form);
    const { filter, placeholder } = userFilter(form, username);
    const field = form.user_field || 'uid';
    const attributes = [...new Set([field, form.name_field, 'cn', 'displayName', 'mail'].filter(Boolean))];
    const { searchEntries } = await service.search(form.base_dn, { scope: 'sub', filter, attributes, sizeLimit: 20 });
    const match = placeholder
      ? searchEntries[0]
      : searchEntries.find((e) => attr(e, field).toLowerCase() === username.toLowerCase());
    if (!match) return { ok: false };
    dn = match.dn;
    entry = match;
  } catch (e) {
    return { ok: false, unavailable: reasonOf(e) };
  } finally {
    await service.unbind().catch(() => {});
  }

  const userClient = newClient(form);
  try {
    await userClient.bind(dn, password);
  } catch (e) {
    if (e instanceof InvalidCredentialsError) return { ok: false };
    return { ok: false, unavailable: reasonOf(e) };
  } finally {
    await userClient.unbind().catch(() => {});
  }
  const field = form.user_field || 'uid';
  return {
    ok: true,
    username: attr(entry, field) || username,
    name: attr(entry, form.name_field) || attr(entry, 'displayName') || attr(entry, 'cn'),
    email: attr(entry, 'mail'),
  };
}

/** Admin settings: can we reach the directory and search base_dn with the service account? Returns an error reason or null. */
export async function ldapTestConnection(form: LdapForm): Promise<string | null> {
  const { client, reason } = openClient(form);
  if (!client) return reason;
  try {
    await serviceBind(client, form);
    await client.search(form.base_dn, { scope: 'base', filter: '(objectClass=*)', attributes: ['dn'], sizeLimit: 1 });
    return null;
  } catch (e) {
    return reasonOf(e);
  } finally {
    await client.unbind().catch(() => {});
  }
}

/** The directory's verdict for a login, or null when LDAP is switched off. */
export async function ldapAuthenticate(deps: AppDeps, username: string, password: string): Promise<LdapVerdict | null> {
  const s = await deps.settings.get();
  if (!s.ldap_open) return null;
  const verdict = await ldapCheck(s.ldap_form, username, password);
  if (verdict.unavailable) deps.log.warn('LDAP login check failed', { reason: verdict.unavailable });
  return verdict;
}

/** A person the directory lists (adminSetting/syncLdapUsers). */
export interface DirectoryUser {
  username: string;
  name: string;
  email: string;
}

/** at most this many entries are read by one sync */
export const LDAP_SYNC_MAX_ENTRIES = 5000;

/**
 * The filter a sync lists people with, as ShowDoc builds it: the form's search filter with its
 * `%(user)s` placeholder as `*` (or `(<user_field>=*)` without one), restricted to person entries
 * unless the filter names object classes itself. (ShowDoc also adds (!(objectClass=computer)): on a
 * directory without Active Directory's schema that term is undefined and the whole filter matches
 * nobody, so it is left out — computers are not persons anyway.)
 */
export function syncFilter(form: Pick<LdapForm, 'user_field' | 'search_filter'>): string {
  const field = form.user_field || 'uid';
  const extra = form.search_filter.trim();
  const own = extra ? extra.split('%(user)s').join('*') : `(${field}=*)`;
  const wrapped = own.startsWith('(') ? own : `(${own})`;
  if (/objectclass/i.test(wrapped)) return wrapped;
  return `(&(|(objectClass=person)(objectClass=inetOrgPerson)(objectClass=user))${wrapped})`;
}

/** Every person entry the form's filter finds (paged, at most LDAP_SYNC_MAX_ENTRIES); throws when the directory cannot be asked. */
export async function ldapListUsers(form: LdapForm): Promise<DirectoryUser[]> {
  const client = newClient(form);
  const field = form.user_field || 'uid';
  try {
    await serviceBind(client, form);
    const attributes = [...new Set([field, form.name_field, 'cn', 'displayName', 'mail'].filter(Boolean))];
    const { searchEntries } = await client.search(form.base_dn, {
      scope: 'sub',
      filter: syncFilter(form),
      attributes,
      sizeLimit: LDAP_SYNC_MAX_ENTRIES,
      paged: { pageSize: 500 },
    });
    return searchEntries
      .map((e) => ({ username: attr(e, field), name: attr(e, form.name_field) || attr(e, 'displayName') || attr(e, 'cn'), email: attr(e, 'mail') }))
      .filter((u) => u.username);
  } finally {
    await client.unbind().catch(() => {});
  }
}

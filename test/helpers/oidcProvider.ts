// A real OpenID Connect provider (the `oidc-provider` package) on a loopback port for one test file,
// with its development login and consent pages, and a browser made of fetch and a cookie jar that
// signs in through it: every redirect is followed by hand, so a test can change a step on the way.
import http from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Oauth2Form } from '../../server/domain/settings';

export const OIDC_CLIENT = { id: 'quire-test', secret: 'quire-test-secret-0123456789abcdef' };

/** The provider's people (the login form's `login` is the subject), with their claims. */
export type OidcAccounts = Record<string, Record<string, unknown>>;

export interface TestOidcProvider {
  issuer: string;
  accounts: OidcAccounts;
  /** serve another key under the same key id at the JWKS address (ID token signatures then fail) */
  wrongKeys: boolean;
  /** the admin form for this provider (OpenID Connect with discovery) */
  form(overrides?: Partial<Oauth2Form>): Oauth2Form;
  stop(): Promise<void>;
}

const rsaJwk = (kid: string) => ({ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' });
const publicPart = ({ d, p, q, dp, dq, qi, ...pub }: Record<string, unknown>) => (void [d, p, q, dp, dq, qi], pub);

export async function startOidcProvider(redirectUri: string, accounts: OidcAccounts): Promise<TestOidcProvider> {
  const signing = rsaJwk('k1');
  const other = rsaJwk('k1');
  let wrongKeys = false;
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signing] },
    cookies: { keys: ['quire-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    findAccount: async (_ctx: unknown, sub: string) =>
      accounts[sub] ? { accountId: sub, claims: async () => ({ sub, ...accounts[sub] }) } : undefined,
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', (req, res) => {
    if (wrongKeys && req.url?.startsWith('/jwks')) {
      res.writeHead(200, { 'content-type': 'application/jwk-set+json' });
      res.end(JSON.stringify({ keys: [publicPart(other)] }));
      return;
    }
    provider.callback()(req, res);
  });
  return {
    issuer,
    accounts,
    get wrongKeys() {
      return wrongKeys;
    },
    set wrongKeys(v: boolean) {
      wrongKeys = v;
    },
    form: (overrides = {}) => ({
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirectUri,
      protocol: 'http',
      host: '',
      authorize_path: '',
      token_path: '',
      resource_path: '',
      userinfo_path: '',
      scope: 'openid profile email',
      entrance_tips: 'Sign in with Test SSO',
      logout_redirect_uri: '',
      issuer,
      ...overrides,
    }),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Cookies by origin (paths ignored: each test server uses a few, all distinct by name). */
export class CookieJar {
  private jars = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.jars.get(new URL(url).origin);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  take(url: string, res: Response): void {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (!value || expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(origin, jar);
  }

  get(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).origin)?.get(name);
  }

  drop(url: string, name: string): void {
    this.jars.get(new URL(url).origin)?.delete(name);
  }
}

export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

export interface BrowserSignIn {
  /** the first address, given by a step (ours, the provider's, the callback) for the test to change */
  rewrite?: (url: string) => string;
  /** the provider's login name to type in its login form */
  login: string;
  /** stop before fetching this address (the page the sign-in lands on) */
  until?: (url: string) => boolean;
}

/**
 * Walks the sign-in as a browser does, from `start` (the app's /api/extLogin/oauth2) until an answer
 * that is not a redirect or a provider form: typing `login` into the provider's login form and
 * accepting its consent page. Every hop is recorded; `rewrite` may change any URL before it is fetched.
 */
export async function browse(jar: CookieJar, start: string, o: BrowserSignIn): Promise<{ hops: Hop[]; last: Hop; body: string }> {
  const hops: Hop[] = [];
  let url = start;
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  for (let i = 0; i < 20; i++) {
    url = o.rewrite ? o.rewrite(url) : url;
    if (i > 0 && o.until?.(url)) break;
    const res = await fetch(url, { method, body, redirect: 'manual', headers: { cookie: jar.header(url), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) } });
    jar.take(url, res);
    const text = await res.text();
    const hop = { url, status: res.status, location: res.headers.get('location') };
    hops.push(hop);
    method = 'GET';
    body = undefined;
    if (hop.location && res.status >= 300 && res.status < 400) {
      url = new URL(hop.location, url).href;
      continue;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(text)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(text)?.[1];
    if (res.status === 200 && prompt && action) {
      method = 'POST';
      body = new URLSearchParams(prompt === 'login' ? { prompt, login: o.login, password: 'any' } : { prompt });
      url = new URL(action.replace(/&amp;/g, '&'), url).href;
      continue;
    }
    return { hops, last: hop, body: text };
  }
  if (hops.length && o.until?.(url)) return { hops, last: hops[hops.length - 1], body: '' };
  throw new Error(`sign-in did not end after 20 hops: ${hops.map((h) => `${h.status} ${h.url}`).join('\n')}`);
}

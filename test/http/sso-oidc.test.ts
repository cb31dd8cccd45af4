// OAuth2 / OpenID Connect sign-in against a real provider (oidc-provider on loopback): the browser's
// whole round trip over HTTP (redirects followed by hand with a cookie jar, the provider's login and
// consent pages filled in), the account rules, and the refusals: a wrong or foreign state, a wrong
// nonce, an ID token signed by another key, an administrator's address claimed by someone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { browse, CookieJar, startOidcProvider, OIDC_CLIENT, type TestOidcProvider } from '../helpers/oidcProvider';
import { ssoIdentities, users } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';
import { TOKEN_COOKIE } from '../../server/auth/sessionCookie';

let app: TestApp;
let idp: TestOidcProvider;
let admin: { uid: number; user_token: string };
let member: { uid: number; user_token: string };

const START = '/api/extLogin/oauth2?redirect=%2Fitem%2Fshow%3Fitem_id%3D1';
const userCount = async () => (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
const identitiesOf = (uid: number) => app.deps.db.select().from(ssoIdentities).where(eq(ssoIdentities.uid, uid));

async function useProvider(overrides: Record<string, unknown> = {}, open = 1) {
  const r = await app.call('adminSetting/saveOauth2Config', { oauth2_open: open, oauth2_form: JSON.stringify(idp.form(overrides)) }, { token: admin.user_token });
  expect(r.error_code, r.error_message).toBe(0);
}

/** Signs in as `login` at the provider in a fresh browser; answers the last hop and the login cookie. */
async function signIn(login: string, rewrite?: (url: string, jar: CookieJar) => string) {
  const jar = new CookieJar();
  const { hops, last } = await browse(jar, app.url + START, { login, until: landed, rewrite: rewrite && ((u) => rewrite(u, jar)) });
  return { hops, last, jar, token: jar.get(app.url, TOKEN_COOKIE) };
}

/** a page of the web client: where a sign-in ends */
const landed = (url: string) => url.startsWith(app.url) && !new URL(url).pathname.startsWith('/api/');
const isCallback = (url: string) => url.startsWith(`${app.url}/api/extLogin/oauth2?`) && new URL(url).searchParams.has('code');

async function whoIs(token: string | undefined) {
  const r = await app.call('user/info', {}, { token });
  return r.data as { uid: string; username: string; groupid: string; name: string; email: string };
}

beforeAll(async () => {
  app = await startTestApp();
  idp = await startOidcProvider(`${app.url}/api/extLogin/oauth2`, {
    alice: { preferred_username: 'alice', name: 'Alice Provider', email: 'alice@idp.test', email_verified: true },
    // claims the administrator's name and (verified) address
    mallory: { preferred_username: 'root-admin', name: 'Mallory', email: 'root@quire.test', email_verified: true },
    // the member's confirmed address, confirmed by the provider too
    bobby: { preferred_username: 'bobby', name: 'Bob at the provider', email: 'bob@quire.test', email_verified: true },
    // the member's address, not confirmed by the provider
    eve: { preferred_username: 'eve', email: 'bob@quire.test', email_verified: false },
    carl: { preferred_username: 'carl' },
    frank: { login: 'frank', name: 'Frank Plain' },
    dora: { preferred_username: 'dora' },
  });
  admin = await app.register('root-admin');
  member = await app.register('bob');
  await app.deps.db.update(users).set({ email: 'root@quire.test', emailVerify: 1_700_000_000 }).where(eq(users.uid, admin.uid));
  await app.deps.db.update(users).set({ email: 'bob@quire.test', emailVerify: 1_700_000_000 }).where(eq(users.uid, member.uid));
}, 120_000);

afterAll(async () => {
  await Promise.all([app?.close(), idp?.stop()]);
}, 60_000);

describe('the login page and the admin form', () => {
  it('user/oauthInfo says off until an administrator switches it on, then gives the button text', async () => {
    const off = await app.call('user/oauthInfo');
    expect(off).toMatchObject({ error_code: 0, data: { oauth2_open: 0, oauth2_entrance_tips: '' } });
    const res = await app.fetch(START, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/user/login?sso_error=off');

    await useProvider();
    const on = await app.call('user/oauthInfo');
    expect(on).toMatchObject({ error_code: 0, data: { oauth2_open: 1, oauth2_entrance_tips: 'Sign in with Test SSO' } });
  });

  it('loadOauth2Config gives every field but the client secret; an empty secret keeps the saved one', async () => {
    const r = await app.call('adminSetting/loadOauth2Config', {}, { token: admin.user_token });
    expect(r.error_code).toBe(0);
    expect(r.data.oauth2_open).toBe(1);
    expect(r.data.oauth2_form).toMatchObject({ client_id: OIDC_CLIENT.id, client_secret: '', has_client_secret: 1, issuer: idp.issuer, callback_url: `${app.url}/api/extLogin/oauth2` });
    expect(JSON.stringify(r)).not.toContain(OIDC_CLIENT.secret);

    const saved = await app.call('adminSetting/saveOauth2Config', { oauth2_form: JSON.stringify({ client_secret: '', entrance_tips: 'Company login' }) }, { token: admin.user_token });
    expect(saved.error_code).toBe(0);
    expect(JSON.stringify(saved)).not.toContain(OIDC_CLIENT.secret);
    expect((await app.deps.settings.get()).oauth2_form.client_secret).toBe(OIDC_CLIENT.secret);
    expect((await app.call('user/oauthInfo')).data.oauth2_entrance_tips).toBe('Company login');
    await useProvider();
  });

  it('members, strangers and anonymous callers can neither read nor change it', async () => {
    for (const token of [member.user_token, undefined]) {
      const load = await app.call('adminSetting/loadOauth2Config', {}, { token });
      const save = await app.call('adminSetting/saveOauth2Config', { oauth2_open: 0 }, { token });
      const want = token ? ErrorCode.NO_PERMISSION : ErrorCode.NOT_LOGGED_IN;
      expect(load.error_code).toBe(want);
      expect(save.error_code).toBe(want);
      expect(JSON.stringify(load)).not.toContain(OIDC_CLIENT.secret);
    }
    expect((await app.deps.settings.get()).oauth2_open).toBe(true);
  });

  it('a bad form is refused and changes nothing', async () => {
    const before = JSON.stringify(await app.deps.settings.get());
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ issuer: 'http://169.254.169.254/latest' }, /link-local or cloud metadata/],
      [{ issuer: 'ftp://idp.test' }, /http:\/\/ or https:\/\//],
      [{ issuer: 'http://127.0.0.1:9' }, /Cannot read the OpenID Connect discovery/],
      [{ issuer: '', host: 'idp.test', authorize_path: 'auth', token_path: '/token', userinfo_path: '/me' }, /path starting with \//],
      [{ issuer: '', host: 'http://idp.test' }, /host name/],
      [{ issuer: '', host: 'idp.test', authorize_path: '/auth', token_path: '/token', userinfo_path: '' }, /userinfo_path is required/],
      [{ redirectUri: 'javascript:alert(1)' }, /http:\/\/ or https:\/\//],
    ];
    for (const [overrides, message] of bad) {
      const r = await app.call('adminSetting/saveOauth2Config', { oauth2_open: 1, oauth2_form: JSON.stringify(idp.form(overrides as never)) }, { token: admin.user_token });
      expect(r.error_code, JSON.stringify(overrides)).toBe(ErrorCode.GENERIC);
      expect(r.error_message).toMatch(message);
    }
    expect(JSON.stringify(await app.deps.settings.get())).toBe(before);
  });
});

describe('signing in through the provider', () => {
  it('the first sign-in creates the account and lands where the person was going, logged in', async () => {
    const before = await userCount();
    const { hops, last, token } = await signIn('alice');
    // ours → the provider (with state, nonce and PKCE) → its login and consent → back to us → the page
    const toProvider = new URL(hops[0].location!);
    expect(toProvider.origin).toBe(idp.issuer);
    // unguessable values: at least 128 bits in base64url
    for (const p of ['state', 'nonce', 'code_challenge']) expect(toProvider.searchParams.get(p)).toMatch(/^[\w-]{22,}$/);
    expect(toProvider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(last.status).toBe(302);
    expect(last.location).toBe('/item/show?item_id=1');
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    const me = await whoIs(token);
    expect(me.username).toBe('alice');
    expect(me.name).toBe('Alice Provider');
    expect(me.email).toBe('alice@idp.test');
    expect(me.groupid).toBe('2');
    expect(await userCount()).toBe(before + 1);
    const [row] = await app.deps.db.select().from(users).where(eq(users.uid, Number(me.uid)));
    expect(row.source).toBe('sso');
    expect(row.password.startsWith('$argon2')).toBe(true);
    expect(await identitiesOf(Number(me.uid))).toMatchObject([{ issuer: idp.issuer, subject: 'alice' }]);
    // no local password opens the account
    expect((await app.login('alice', 'any')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
  });

  it('a second sign-in opens the same account, found by the provider subject', async () => {
    const first = await whoIs((await signIn('alice')).token);
    const before = await userCount();
    // the provider renames the person: still the same account
    idp.accounts.alice.preferred_username = 'alice-renamed';
    const again = await signIn('alice');
    idp.accounts.alice.preferred_username = 'alice';
    const me = await whoIs(again.token);
    expect(me.uid).toBe(first.uid);
    expect(me.username).toBe('alice');
    expect(await userCount()).toBe(before);
  });

  it("an administrator's name and confirmed address claimed at the provider open a new, ordinary account", async () => {
    const { token } = await signIn('mallory');
    const me = await whoIs(token);
    expect(Number(me.uid)).not.toBe(admin.uid);
    expect(me.groupid).toBe('2');
    expect(me.username).not.toBe('root-admin');
    expect(me.email).toBe(''); // the address is the administrator's
    expect(await identitiesOf(admin.uid)).toEqual([]);
    // and again: still not the administrator
    expect((await whoIs((await signIn('mallory')).token)).uid).toBe(me.uid);
  });

  it("a member's confirmed address, confirmed by the provider too, links to the member's account", async () => {
    const me = await whoIs((await signIn('bobby')).token);
    expect(Number(me.uid)).toBe(member.uid);
    expect(await identitiesOf(member.uid)).toMatchObject([{ subject: 'bobby' }]);
  });

  it("a deleted account's link goes with it: the next sign-in makes a new account", async () => {
    const before = await whoIs((await signIn('dora')).token);
    const del = await app.call('adminUser/deleteUser', { uid: before.uid }, { token: admin.user_token });
    expect(del.error_code, del.error_message).toBe(0);
    expect(await identitiesOf(Number(before.uid))).toEqual([]);
    const after = await whoIs((await signIn('dora')).token);
    expect(after.uid).not.toBe(before.uid);
    expect(after.username).toBe('dora');
  });

  it('an address the provider did not confirm links to nobody', async () => {
    const me = await whoIs((await signIn('eve')).token);
    expect(Number(me.uid)).not.toBe(member.uid);
    expect(me.email).toBe('');
  });
});

describe('a plain OAuth2 provider (ShowDoc\'s protocol, host and paths, no discovery)', () => {
  it('signs in by the user info subject, the same account twice', async () => {
    const host = new URL(idp.issuer).host;
    await useProvider({ issuer: '', protocol: 'http', host, authorize_path: '/auth', token_path: '/token', userinfo_path: '/me', scope: 'openid profile' });
    try {
      const first = await signIn('frank');
      expect(first.last.location).toBe('/item/show?item_id=1');
      // no nonce without OpenID Connect; state and PKCE all the same
      const toProvider = new URL(first.hops[0].location!);
      expect(toProvider.searchParams.get('nonce')).toBeNull();
      expect(toProvider.searchParams.get('state')).toMatch(/^[\w-]{22,}$/);
      const me = await whoIs(first.token);
      expect(me.name).toBe('Frank Plain');
      expect(await identitiesOf(Number(me.uid))).toMatchObject([{ issuer: `oauth2:http://${host}`, subject: 'frank' }]);
      expect((await whoIs((await signIn('frank')).token)).uid).toBe(me.uid);
    } finally {
      await useProvider();
    }
  });
});

describe('refused sign-ins', () => {
  const refusedWith = async (reason: string, run: Promise<{ last: { status: number; location: string | null }; token?: string }>) => {
    const before = await userCount();
    const { last, token } = await run;
    expect(last.status).toBe(302);
    expect(last.location).toBe(`/user/login?sso_error=${reason}`);
    expect(token).toBeUndefined();
    expect(await userCount()).toBe(before);
  };

  it('a callback whose state is not the one this browser was given', async () => {
    await refusedWith(
      'state',
      signIn('carl', (url) => {
        if (!isCallback(url)) return url;
        const u = new URL(url);
        u.searchParams.set('state', 'forged-state');
        return u.href;
      }),
    );
  });

  it("a callback in another browser (someone else's code: login CSRF)", async () => {
    await refusedWith(
      'state',
      signIn('carl', (url, jar) => {
        if (isCallback(url)) jar.drop(app.url, 'quire_sso');
        return url;
      }),
    );
  });

  it('an ID token whose nonce is not the one this browser sent', async () => {
    await refusedWith(
      'token',
      signIn('carl', (url) => {
        if (!url.startsWith(`${idp.issuer}/auth?`)) return url;
        const u = new URL(url);
        u.searchParams.set('nonce', 'another-nonce');
        return u.href;
      }),
    );
  });

  it('an ID token not signed by a key of the provider JWKS', async () => {
    idp.wrongKeys = true;
    // a changed form: its keys are fetched afresh
    await useProvider({ scope: 'openid email profile' });
    try {
      await refusedWith('token', signIn('carl'));
    } finally {
      idp.wrongKeys = false;
      await useProvider({ scope: 'openid profile email' });
    }
    // with the right keys the same person signs in
    expect((await whoIs((await signIn('carl')).token)).username).toBe('carl');
  });

  it("the same callback twice (the browser's flow is spent)", async () => {
    let callback = '';
    const first = await signIn('carl', (url) => {
      if (isCallback(url)) callback = url;
      return url;
    });
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    const again = await fetch(callback, { redirect: 'manual', headers: { cookie: first.jar.header(callback) } });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/user/login?sso_error=state');
  });

  it('redirect targets off this site are replaced by the item list', async () => {
    const jar = new CookieJar();
    const { last } = await browse(jar, `${app.url}/api/extLogin/oauth2?redirect=${encodeURIComponent('//evil.test/x')}`, { login: 'alice', until: landed });
    expect(last.location).toBe('/item/index');
  });
});

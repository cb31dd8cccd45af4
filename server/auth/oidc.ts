// The provider side of OAuth2 / OpenID Connect sign-in, through openid-client: the provider's
// configuration (OIDC discovery from `issuer`, or ShowDoc's protocol/host/paths for plain OAuth2),
// the authorization URL (state, nonce, PKCE S256), and the checked answer: for OpenID Connect the
// ID token's signature (the provider's JWKS), issuer, audience, expiry and nonce.
import * as oidc from 'openid-client';
import { guardedFetch } from '../net/guardedFetch';
import type { Oauth2Form } from '../lib/siteSettings';

/** seconds an outgoing request to the provider may take */
const PROVIDER_TIMEOUT_S = 10;
/** discovery and keys are fetched again after this long (or when the form changes) */
const CONFIG_CACHE_MS = 10 * 60_000;

export const isOidc = (form: Oauth2Form) => form.issuer !== '';

/** A plain OAuth2 provider's absolute URL for a path of the form (or the absolute URL itself). */
export function providerUrl(form: Oauth2Form, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${form.protocol}://${form.host}${pathOrUrl}`;
}

const fetchOption = { [oidc.customFetch]: guardedFetch as unknown as oidc.CustomFetch };

function plainConfig(form: Oauth2Form): oidc.Configuration {
  const origin = `${form.protocol}://${form.host}`;
  const server: oidc.ServerMetadata = {
    issuer: origin,
    authorization_endpoint: providerUrl(form, form.authorize_path),
    token_endpoint: providerUrl(form, form.token_path),
    userinfo_endpoint: form.userinfo_path ? providerUrl(form, form.userinfo_path) : undefined,
  };
  // ShowDoc's league/oauth2-client sends the secret in the token request's body
  return new oidc.Configuration(server, form.client_id, form.client_secret, oidc.ClientSecretPost(form.client_secret));
}

async function discoveredConfig(form: Oauth2Form): Promise<oidc.Configuration> {
  const issuer = new URL(form.issuer);
  const config = await oidc.discovery(issuer, form.client_id, form.client_secret, undefined, {
    ...fetchOption,
    timeout: PROVIDER_TIMEOUT_S,
    execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
  });
  // the ID token comes straight from the token endpoint; check its signature against the JWKS all the same
  oidc.enableNonRepudiationChecks(config);
  return config;
}

const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** The provider's configuration for this form (discovered once per form and ten minutes). */
export function providerConfig(form: Oauth2Form): Promise<oidc.Configuration> {
  const key = JSON.stringify(form);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CONFIG_CACHE_MS) return hit.config;
  const config = (async () => {
    const c = isOidc(form) ? await discoveredConfig(form) : plainConfig(form);
    c[oidc.customFetch] = fetchOption[oidc.customFetch];
    c.timeout = PROVIDER_TIMEOUT_S;
    if (!isOidc(form) && form.protocol === 'http') oidc.allowInsecureRequests(c);
    return c;
  })();
  cache.clear(); // one provider at a time: a changed form drops the old one
  cache.set(key, { at: Date.now(), config });
  // a failed discovery is not remembered
  config.catch(() => cache.delete(key));
  return config;
}

/** What the callback needs to check the answer; kept in a sealed cookie (http/ssoFlowCookie.ts). */
export interface SignInFlow {
  state: string;
  /** OpenID Connect only */
  nonce: string;
  verifier: string;
  /** where to land after signing in (a same-site path) */
  redirect: string;
}

export async function authorizationUrl(form: Oauth2Form, callbackUrl: string, redirect: string): Promise<{ url: string; flow: SignInFlow }> {
  const config = await providerConfig(form);
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: SignInFlow = { state: oidc.randomState(), nonce: isOidc(form) ? oidc.randomNonce() : '', verifier, redirect };
  const params: Record<string, string> = {
    redirect_uri: callbackUrl,
    response_type: 'code',
    scope: form.scope || (isOidc(form) ? 'openid profile email' : ''),
    state: flow.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (flow.nonce) params.nonce = flow.nonce;
  if (!params.scope) delete params.scope;
  return { url: oidc.buildAuthorizationUrl(config, params).href, flow };
}

/** The person the provider vouches for. */
export interface ProviderIdentity {
  /** the ID token's iss, or 'oauth2:<origin>' for plain OAuth2 */
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
}

/**
 * Exchanges the code (the callback's query, `state` checked against the flow's) and reads who signed
 * in. Throws openid-client's errors on a wrong state, nonce, signature, issuer, audience or expiry.
 */
export async function finishSignIn(form: Oauth2Form, callbackUrl: string, query: string, flow: SignInFlow): Promise<ProviderIdentity> {
  const config = await providerConfig(form);
  const current = new URL(callbackUrl);
  for (const [k, v] of new URLSearchParams(query)) current.searchParams.append(k, v);
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    expectedState: flow.state,
    pkceCodeVerifier: flow.verifier,
    ...(isOidc(form) ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
  });
  if (isOidc(form)) {
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the provider sent no ID token');
    let info: Record<string, unknown> = {};
    if (config.serverMetadata().userinfo_endpoint) info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    return { issuer: idToken.iss, subject: idToken.sub, claims: { ...info, ...idToken } };
  }
  const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(providerUrl(form, form.userinfo_path)), 'GET');
  if (!res.ok) throw new Error(`the provider's user info answered HTTP ${res.status}`);
  const info = (await res.json()) as Record<string, unknown>;
  const subject = info.sub ?? info.id;
  if ((typeof subject !== 'string' && typeof subject !== 'number') || subject === '') throw new Error("the provider's user info carries no sub or id");
  return { issuer: `oauth2:${form.protocol}://${form.host}`, subject: String(subject), claims: info };
}

// The sign-in flow in flight (state, nonce, PKCE verifier, where to land), kept in the browser that
// started it: an HttpOnly cookie sealed with the server secret (AES-256-GCM), ten minutes, cleared
// when the callback reads it (the provider's code is single-use anyway).
// Only the browser that went to the provider can finish the sign-in (no login CSRF, security.md:
// CVE-2025-66629), and any process of the site can read it back.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { AppDeps } from '../deps';
import type { SignInFlow } from '../auth/oidc';

export const SSO_FLOW_COOKIE = 'quire_sso';
const COOKIE_PATH = '/api/extLogin';
const FLOW_TTL_SECONDS = 600;

const keyOf = (secret: string) => createHash('sha256').update(`sso-flow:${secret}`).digest();

export async function setFlowCookie(deps: AppDeps, ctx: Koa.Context, flow: SignInFlow): Promise<void> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(await deps.settings.serverSecret()), iv);
  const plain = Buffer.from(JSON.stringify({ ...flow, exp: deps.now() + FLOW_TTL_SECONDS }));
  const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64url');
  // Lax: the provider sends the browser back with a top-level GET from its own site
  ctx.cookies.set(SSO_FLOW_COOKIE, sealed, { httpOnly: true, sameSite: 'lax', path: COOKIE_PATH, maxAge: FLOW_TTL_SECONDS * 1000, secure: ctx.secure, overwrite: true });
}

/** The flow this browser started (null when absent, tampered with or expired); the cookie is spent. */
export async function takeFlowCookie(deps: AppDeps, ctx: Koa.Context): Promise<SignInFlow | null> {
  const sealed = ctx.cookies.get(SSO_FLOW_COOKIE);
  ctx.cookies.set(SSO_FLOW_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: COOKIE_PATH, maxAge: 0, overwrite: true });
  if (!sealed) return null;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 12 + 16 + 2) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(await deps.settings.serverSecret()), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
    const v = JSON.parse(plain.toString()) as SignInFlow & { exp: number };
    if (typeof v.exp !== 'number' || v.exp < deps.now() || typeof v.state !== 'string' || !v.state) return null;
    return { state: v.state, nonce: String(v.nonce ?? ''), verifier: String(v.verifier ?? ''), redirect: String(v.redirect ?? '') };
  } catch {
    return null;
  }
}

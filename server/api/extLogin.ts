// /api/extLogin/oauth2: sign-in through an OAuth2 / OpenID Connect provider (showdoc-behaviour §7.6).
// One address, as in ShowDoc: without `code` it sends the browser to the provider; the provider sends
// it back here. Every answer is a redirect: to the provider, to where the person was going (with the
// login cookie set), or to the login page with `sso_error=<reason>`.
import { action, controller, rawReply, type ActionRequest } from '../http/action';
import { setTokenCookie } from '../http/authenticate';
import { setFlowCookie, takeFlowCookie } from '../http/ssoFlowCookie';
import { ssoCallbackUrl } from '../http/siteUrl';
import { tokenLifetimeSeconds } from '../auth/session';
import { signInWithProvider } from '../domain/sso';
import { mayLinkByEmail } from '../policies/sso';
import { ApiError } from '../errors';
import { safeRedirect } from '../../shared/sameSitePath';
import type { ParamsOut } from '../../shared/api/contract';
import * as api from '../../shared/api/extLogin';
import type { SsoErrorReason } from '../../shared/api/extLogin';

const redirectTo = (location: string) =>
  rawReply({ status: 302, type: 'text/plain; charset=utf-8', body: `Redirecting to ${location}`, headers: { Location: location, 'Cache-Control': 'no-store' } });

const toLogin = (reason: SsoErrorReason) => redirectTo(`/user/login?sso_error=${reason}`);

async function oauth2(req: ActionRequest, p: ParamsOut<typeof api.oauth2>) {
  const { deps, ctx } = req;
  const settings = await deps.settings.get();
  if (!settings.oauth2_open) return toLogin('off');
  const form = settings.oauth2_form;
  const callback = await ssoCallbackUrl(deps, ctx, form.redirectUri);

  if (!p.code && !p.error) {
    try {
      // openid-client is loaded with the first sign-on (memory: DESIGN §7)
      const { authorizationUrl } = await import('../auth/oidc');
      const { url, flow } = await authorizationUrl(form, callback, safeRedirect(p.redirect, '/item/index'));
      await setFlowCookie(deps, ctx, flow);
      return redirectTo(url);
    } catch (e) {
      deps.log.warn('sso: cannot reach the provider', { err: e instanceof Error ? e.message : String(e) });
      return toLogin('provider');
    }
  }

  // the way back: only the browser that went to the provider, with the state it was given
  const flow = await takeFlowCookie(deps, ctx);
  if (!flow || !p.state || p.state !== flow.state) {
    deps.log.info('sso: refused a callback without its flow or with another state', { ip: req.ip });
    return toLogin('state');
  }
  if (p.error) return toLogin(p.error === 'access_denied' ? 'denied' : 'provider');
  let who;
  try {
    const { finishSignIn } = await import('../auth/oidc');
    who = await finishSignIn(form, callback, ctx.querystring, flow);
  } catch (e) {
    const err = e as { message?: string; code?: string; cause?: { message?: string } };
    deps.log.warn('sso: the provider answer was refused', { err: err.message ?? String(e), code: err.code, cause: err.cause?.message });
    return toLogin('token');
  }
  try {
    const { token } = await signInWithProvider(deps, who, req.ip, (owner) => mayLinkByEmail(owner, true));
    setTokenCookie(ctx, token, await tokenLifetimeSeconds(deps));
    return redirectTo(flow.redirect);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    deps.log.info('sso: the account cannot sign in', { issuer: who.issuer, err: e.template });
    return toLogin('account');
  }
}

export default controller('extLogin', { oauth2: action(api.oauth2, { auth: 'optional', run: oauth2 }) });


// /api/extLogin/bySecretKey — sign-in links from another system (#23; domain/secretKeySignIn.ts).
import { action, controller, rawReply } from '../http/action';
import { setTokenCookie } from '../http/authenticate';
import { tokenLifetimeSeconds } from '../auth/session';
import { enforce, LIMITS } from '../auth/throttle';
import { accountOfLink, afterSignIn, openLinkSession, refused } from '../domain/secretKeySignIn';
import { maySignInByLink } from '../policies/externalSignIn';
import * as api from '../../shared/api/secretKeyLogin';

const bySecretKey = action(api.bySecretKey, {
  auth: 'optional',
  async run(req, p) {
    const { deps, ctx } = req;
    // counted like password logins: a link is a credential
    await enforce(deps.db, LIMITS.loginPerIp, req.ip, deps.now());
    const link = { username: p.username, time: p.time, token: p.token, name: p.name, ip: req.ip };
    const user = await accountOfLink(deps, link);
    if (!maySignInByLink(user)) throw refused('For safety, administrators cannot sign in with a sign-in link');
    const token = await openLinkSession(deps, user, link);
    setTokenCookie(ctx, token, await tokenLifetimeSeconds(deps));
    const to = afterSignIn(p.redirect);
    return rawReply({ status: 302, type: 'text/plain; charset=utf-8', body: `Signed in: ${to}`, headers: { Location: to, 'Cache-Control': 'no-store' } });
  },
});

export default controller('extLogin', { bySecretKey });

// /api/extLogin/bySecretKey — sign-in links from another system (#23; domain/secretKeySignIn.ts).
import { action, controller, rawReply } from '../http/action';
import { setTokenCookie } from '../http/authenticate';
import { tokenLifetimeSeconds } from '../auth/session';
import { enforce, LIMITS } from '../auth/throttle';
import { afterSignIn, signInByLink } from '../domain/secretKeySignIn';
import * as api from '../../shared/api/secretKeyLogin';

const bySecretKey = action(api.bySecretKey, {
  auth: 'optional',
  async run(req, p) {
    const { deps, ctx } = req;
    // counted like password logins: a link is a credential
    await enforce(deps.db, LIMITS.loginPerIp, req.ip, deps.now());
    const { token } = await signInByLink(deps, { username: p.username, time: p.time, token: p.token, name: p.name, ip: req.ip });
    setTokenCookie(ctx, token, await tokenLifetimeSeconds(deps));
    const to = afterSignIn(p.redirect);
    return rawReply({ status: 302, type: 'text/plain; charset=utf-8', body: `Signed in: ${to}`, headers: { Location: to, 'Cache-Control': 'no-store' } });
  },
});

export default controller('extLogin', { bySecretKey });

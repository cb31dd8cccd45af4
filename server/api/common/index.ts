// /api/common/* — captcha, QR code, home page setting, version; visitFile is in ./visitFile.ts.
import { action, controller, rawReply, type ActionRequest } from '../../http/action';
import { captchaPicture, createCaptcha, showCaptchaAgain } from '../../auth/captcha';
import { setCaptchaCookie } from '../../http/captchaCookie';
import { enforce, LIMITS } from '../../auth/throttle';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import * as api from '../../../shared/api/common';
import * as visitFileApi from '../../../shared/api/common/visitFile';
import { presentHomePageSetting, presentNewCaptcha, presentVersion } from '../../presenters/common';
import { visitFile } from './visitFile';
import { mailLinksReady } from '../../domain/accountMails';
import pkg from '../../../package.json' with { type: 'json' };

/** A fresh picture every time, under a CSP that forbids anything active. */
const pictureHeaders = { 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; sandbox" };

/** A new captcha for this client (rate-limited per IP), its id in the captcha cookie. */
async function issueCaptcha(req: ActionRequest) {
  const { deps, ctx } = req;
  await enforce(deps.db, LIMITS.captchaPerIp, req.ip, deps.now());
  const c = await createCaptcha(deps.db, deps.now());
  setCaptchaCookie(ctx, c.captchaId);
  return c;
}

const verify = action(api.verify, {
  auth: 'optional',
  async run(req) {
    const c = await issueCaptcha(req);
    const png = captchaPicture(c.answer, c.captchaId, await req.deps.settings.serverSecret());
    return rawReply({ type: 'image/png', body: png, headers: { ...pictureHeaders, 'X-Captcha-Id': c.captchaId } });
  },
});

/** ShowDoc 3.x flow: createCaptcha → {captcha_id}, showCaptcha?captcha_id= → image. */
const createCaptchaAction = action(api.createCaptcha, {
  auth: 'optional',
  async run(req) {
    const c = await issueCaptcha(req);
    return presentNewCaptcha(c.captchaId);
  },
});

const showCaptcha = action(api.showCaptcha, {
  auth: 'optional',
  async run(req, p) {
    const png = await showCaptchaAgain(req.deps.db, p.captcha_id, req.deps.now(), await req.deps.settings.serverSecret());
    return rawReply({ type: 'image/png', body: png, headers: pictureHeaders });
  },
});

const homePageSetting = action(api.homePageSetting, {
  auth: 'optional',
  async run(req) {
    return presentHomePageSetting(await req.deps.settings.get(), await mailLinksReady(req.deps));
  },
});

const qrcode = action(api.qrcode, {
  auth: 'optional',
  async run(req, p) {
    const size = Math.min(20, Math.max(1, p.size));
    // too much data for a QR code (long multi-byte URLs) is the caller's mistake, not a crash
    // qrcode is loaded with the first QR code asked for (memory: DESIGN §7)
    const { default: QRCode } = await import('qrcode');
    const png = await QRCode.toBuffer(p.url, { scale: size, margin: 1 }).catch(() => {
      throw new ApiError(ErrorCode.GENERIC, 'This address is too long for a QR code');
    });
    return rawReply({ type: 'image/png', body: png, headers: { 'Cache-Control': 'no-store' } });
  },
});

const version = action(api.version, {
  auth: 'optional',
  async run() {
    return presentVersion(pkg.version);
  },
});

export default controller('common', {
  verify,
  createCaptcha: createCaptchaAction,
  showCaptcha,
  homePageSetting,
  qrcode,
  version,
  visitFile: action(visitFileApi.visitFile, visitFile),
});

// /api/common/* — captcha, QR code, home page setting, version.
import QRCode from 'qrcode';
import { action, controller, rawReply } from '../http/action';
import { captchaPicture, createCaptcha } from '../auth/captcha';
import { setCaptchaCookie } from '../http/captchaCookie';
import { enforce, LIMITS } from '../auth/throttle';
import { captchas } from '../db/schema';
import { and, eq, gt } from 'drizzle-orm';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import pkg from '../../package.json' with { type: 'json' };

/** A fresh picture every time, under a CSP that forbids anything active. */
const pictureHeaders = { 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; sandbox" };

const verify = action({
  auth: 'optional',
  async run(req) {
    const { deps, ctx } = req;
    await enforce(deps.db, LIMITS.captchaPerIp, req.ip, deps.now());
    const c = await createCaptcha(deps.db, deps.now());
    setCaptchaCookie(ctx, c.captchaId);
    const png = captchaPicture(c.answer, c.captchaId, await deps.settings.serverSecret());
    return rawReply({ type: 'image/png', body: png, headers: { ...pictureHeaders, 'X-Captcha-Id': c.captchaId } });
  },
});

/** ShowDoc 3.x flow: createCaptcha → {captcha_id}, showCaptcha?captcha_id= → image. */
const createCaptchaAction = action({
  auth: 'optional',
  async run(req) {
    const { deps, ctx } = req;
    await enforce(deps.db, LIMITS.captchaPerIp, req.ip, deps.now());
    const c = await createCaptcha(deps.db, deps.now());
    setCaptchaCookie(ctx, c.captchaId);
    return { captcha_id: c.captchaId };
  },
});

const showCaptcha = action({
  auth: 'optional',
  async run(req) {
    const { deps, params } = req;
    const id = params.str('captcha_id', { max: 64 });
    const [row] = /^[0-9a-f]{32}$/.test(id)
      ? await deps.db.select().from(captchas).where(and(eq(captchas.captchaId, id), gt(captchas.expiresAt, deps.now())))
      : [];
    if (!row) throw new ApiError(ErrorCode.CAPTCHA_WRONG, 'Verification code expired; get a new one');
    // the answer is fixed at creation; the same picture is drawn again
    const png = captchaPicture(row.answer, row.captchaId, await deps.settings.serverSecret());
    return rawReply({ type: 'image/png', body: png, headers: pictureHeaders });
  },
});

const homePageSetting = action({
  auth: 'optional',
  async run(req) {
    const s = await req.deps.settings.get();
    return { home_page: s.home_page, home_item: s.home_item, register_open: s.register_open ? 1 : 0, register_mode: s.register_mode, beian: '', is_show_ai: 0 };
  },
});

const qrcode = action({
  auth: 'optional',
  async run(req) {
    const url = req.params.str('url', { max: 2000 });
    if (!url) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'url' });
    const size = Math.min(20, Math.max(1, req.params.int('size', 6)));
    // too much data for a QR code (long multi-byte URLs) is the caller's mistake, not a crash
    const png = await QRCode.toBuffer(url, { scale: size, margin: 1 }).catch(() => {
      throw new ApiError(ErrorCode.GENERIC, 'This address is too long for a QR code');
    });
    return rawReply({ type: 'image/png', body: png, headers: { 'Cache-Control': 'no-store' } });
  },
});

const version = action({
  auth: 'optional',
  async run() {
    return { version: pkg.version };
  },
});

export default controller('common', {
  verify,
  createCaptcha: createCaptchaAction,
  showCaptcha,
  homePageSetting,
  qrcode,
  version,
});

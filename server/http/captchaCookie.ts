// The captcha of ShowDoc's legacy common/verify travels in a cookie; captcha_id names it otherwise.
import type Koa from 'koa';
import type { ActionRequest } from './action';
import { CAPTCHA_COOKIE, CAPTCHA_TTL_SECONDS, type CaptchaProof } from '../auth/captcha';

export function setCaptchaCookie(ctx: Koa.Context, captchaId: string): void {
  ctx.cookies.set(CAPTCHA_COOKIE, captchaId, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: CAPTCHA_TTL_SECONDS * 1000, overwrite: true });
}

/** The captcha a request answers: `v_code` (or `captcha`) for the answer, `captcha_id` or the cookie for the captcha. */
export function captchaProof(req: Pick<ActionRequest, 'params' | 'ctx'>, answerParam = 'v_code'): CaptchaProof {
  return {
    given: req.params.str(answerParam) || req.params.str('captcha'),
    id: req.params.str('captcha_id') || req.ctx.cookies.get(CAPTCHA_COOKIE) || '',
  };
}

/** The same, from an action's declared parameters (shared/api/user.ts captchaFields). */
export function captchaProofOf(ctx: Koa.Context, p: { v_code: string; captcha: string; captcha_id: string }): CaptchaProof {
  return { given: p.v_code || p.captcha, id: p.captcha_id || ctx.cookies.get(CAPTCHA_COOKIE) || '' };
}

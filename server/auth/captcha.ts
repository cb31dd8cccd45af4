// Image captchas (PNG, drawn here: captchaImage.ts): single use, ten-minute life. The answer is
// found by captcha_id (parameter, ShowDoc's createCaptcha flow) or by the captcha cookie
// (common/verify flow). A captcha is not a rate limit: registration and login are also limited
// per address (throttle.ts).
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type Koa from 'koa';
import type { DbOrTx } from '../db/client';
import { captchas } from '../db/schema';
import { ApiError } from '../http/apiError';
import { ErrorCode } from '../../shared/errors';
import type { Params } from '../http/params';
import { CAPTCHA_ALPHABET } from './captchaGlyphs';
import { drawCaptchaPng } from './captchaImage';

export const CAPTCHA_COOKIE = 'captcha_id';
const TTL = 600;
const LENGTH = 4;

export interface NewCaptcha {
  captchaId: string;
  answer: string;
}

export async function createCaptcha(db: DbOrTx, now: number): Promise<NewCaptcha> {
  let answer = '';
  for (let i = 0; i < LENGTH; i++) answer += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  const captchaId = randomBytes(16).toString('hex');
  // housekeeping: expired rows go on the way
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values({ captchaId, answer: answer.toLowerCase(), expiresAt: now + TTL });
  return { captchaId, answer };
}

/**
 * The captcha's picture. Its random distortion is seeded by the server secret and the captcha id:
 * showing one captcha again gives the same picture, never a fresh sample of the same answer.
 */
export function captchaPicture(answer: string, captchaId: string, serverSecret: string): Buffer {
  return drawCaptchaPng(answer, `${serverSecret}:captcha:${captchaId}`);
}

export function setCaptchaCookie(ctx: Koa.Context, captchaId: string): void {
  ctx.cookies.set(CAPTCHA_COOKIE, captchaId, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: TTL * 1000, overwrite: true });
}

/**
 * Consumes the captcha (atomically: a second use of the same id fails) and checks the answer.
 * Throws 10206 when missing, expired or wrong.
 */
export async function checkCaptcha(
  db: DbOrTx,
  ctx: Koa.Context,
  params: Params,
  now: number,
  testAnswer: string | null,
  answerParam = 'v_code',
): Promise<void> {
  const given = (params.str(answerParam) || params.str('captcha')).toLowerCase();
  if (!given) throw new ApiError(ErrorCode.CAPTCHA_WRONG, 'Verification code is required');
  const id = params.str('captcha_id') || ctx.cookies.get(CAPTCHA_COOKIE) || '';
  if (testAnswer && given === testAnswer.toLowerCase()) {
    if (id) await db.delete(captchas).where(eq(captchas.captchaId, id));
    return;
  }
  if (!/^[0-9a-f]{32}$/.test(id)) throw new ApiError(ErrorCode.CAPTCHA_WRONG, 'Verification code expired; get a new one');
  const rows = await db
    .delete(captchas)
    .where(and(eq(captchas.captchaId, id), gt(captchas.expiresAt, now)))
    .returning({ answer: captchas.answer });
  if (!rows.length) throw new ApiError(ErrorCode.CAPTCHA_WRONG, 'Verification code expired; get a new one');
  if (rows[0].answer !== given) throw new ApiError(ErrorCode.CAPTCHA_WRONG, 'Wrong verification code');
}

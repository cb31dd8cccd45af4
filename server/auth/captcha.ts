// Image captchas (PNG, drawn here: captchaImage.ts): single use, ten-minute life. The answer is
// found by captcha_id (parameter, ShowDoc's createCaptcha flow) or by the captcha cookie
// (common/verify flow). A captcha is not a rate limit: registration and login are also limited
// per address (throttle.ts).
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { captchas } from '../db/schema';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { CAPTCHA_ALPHABET } from './captchaGlyphs';
import { drawCaptchaPng } from './captchaImage';

export const CAPTCHA_COOKIE = 'captcha_id';
export const CAPTCHA_TTL_SECONDS = 600;
const TTL = CAPTCHA_TTL_SECONDS;
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


/** What a request offers as a captcha: the answer typed and the captcha it answers. */
export interface CaptchaProof {
  /** the answer (v_code or captcha parameter) */
  given: string;
  /** captcha_id parameter, or the captcha cookie of common/verify */
  id: string;
}

/**
 * Consumes the captcha (atomically: a second use of the same id fails) and checks the answer.
 * Throws 10206 when missing, expired or wrong.
 */
export async function checkCaptcha(db: DbOrTx, proof: CaptchaProof, now: number, testAnswer: string | null): Promise<void> {
  const given = proof.given.toLowerCase();
  if (!given) throw new ApiError(ErrorCode.CAPTCHA_WRONG, 'Verification code is required');
  const id = proof.id;
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

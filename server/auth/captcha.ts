// Image captchas (PNG, drawn here: captchaImage.ts): single use, ten-minute life. The answer is
// found by captcha_id (parameter, ShowDoc's createCaptcha flow) or by the captcha cookie
// (common/verify flow). A captcha is not a rate limit: registration and login are also limited
// per address (throttle.ts).
import { randomBytes, randomInt } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import * as captchaRepo from '../db/repos/captchas';
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
  // (expired rows go on the way)
  await captchaRepo.insert(db, { captchaId, answer: answer.toLowerCase(), expiresAt: now + TTL }, now);
  return { captchaId, answer };
}

/**
 * The captcha's picture. Its random distortion is seeded by the server secret and the captcha id:
 * showing one captcha again gives the same picture, never a fresh sample of the same answer.
 */
export function captchaPicture(answer: string, captchaId: string, serverSecret: string): Buffer {
  return drawCaptchaPng(answer, `${serverSecret}:captcha:${captchaId}`);
}


const expired = () => new ApiError(ErrorCode.CAPTCHA_WRONG, 'Verification code expired; get a new one');

/** A live captcha's picture again (ShowDoc's showCaptcha?captcha_id=); 10206 when unknown or expired. */
export async function showCaptchaAgain(db: DbOrTx, captchaId: string, now: number, serverSecret: string): Promise<Buffer> {
  const row = /^[0-9a-f]{32}$/.test(captchaId) ? await captchaRepo.findLive(db, captchaId, now) : undefined;
  if (!row) throw expired();
  // the answer is fixed at creation; the same picture is drawn again
  return captchaPicture(row.answer, row.captchaId, serverSecret);
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
    if (id) await captchaRepo.deleteById(db, id);
    return;
  }
  if (!/^[0-9a-f]{32}$/.test(id)) throw expired();
  const answer = await captchaRepo.consume(db, id, now);
  if (answer === undefined) throw expired();
  if (answer !== given) throw new ApiError(ErrorCode.CAPTCHA_WRONG, 'Wrong verification code');
}

// item/pwd failure counting (spec §4): after ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA wrong
// passwords for an item from one address, the captcha is required (10308, then 10206).
import type { AppDeps } from '../../deps';
import { hit, peek, reset } from '../../auth/throttle';
import { ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA } from '../../../shared/limits';

const WINDOW = 3600;
const key = (itemId: number, ip: string) => `itempwdfail:${itemId}:${ip}`;

export async function itemPasswordNeedsCaptcha(deps: AppDeps, itemId: number, ip: string): Promise<boolean> {
  return (await peek(deps.db, key(itemId, ip), deps.now())) >= ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA;
}

/** Counts a wrong password; true when the captcha is now required. */
export async function countItemPasswordFailure(deps: AppDeps, itemId: number, ip: string): Promise<boolean> {
  const h = await hit(deps.db, key(itemId, ip), WINDOW, deps.now());
  return h.count >= ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA;
}

export async function clearItemPasswordFailures(deps: AppDeps, itemId: number, ip: string): Promise<void> {
  await reset(deps.db, key(itemId, ip));
}

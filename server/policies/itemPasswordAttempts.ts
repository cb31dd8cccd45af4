// Item password guessing, one limiter wherever a password is tried (item/pwd, and `_item_pwd` on
// any request, socket message or co-editing connection):
// - wrong passwords for an item from one address: after ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA in an
//   hour, item/pwd wants the captcha (10308, then 10206) and `_item_pwd` for that item is refused;
// - attempts from one address over all items: LIMITS.itemPasswordPerIp (item/pwd counts every
//   call, `_item_pwd` its wrong values); past it both answer 10429.
// `_item_pwd` cannot carry a captcha, so while either limit holds it is refused with 10429 — the
// right password too, so an answer never tells a guess from the password.
import type { AppDeps } from '../deps';
import { hit, LIMITS, peek, peekHit, reset } from '../auth/throttle';
import { ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA } from '../../shared/limits';

const WINDOW = 3600;
const key = (itemId: number, ip: string) => `itempwdfail:${itemId}:${ip}`;
const perIp = LIMITS.itemPasswordPerIp;
const ipKey = (ip: string) => `rl:${perIp.name}:${ip}`;

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

/** Seconds before `_item_pwd` is tried again for this item from this address; 0 = it is tried now. */
export async function itemPasswordParamWait(deps: AppDeps, itemId: number, ip: string): Promise<number> {
  const now = deps.now();
  const item = await peekHit(deps.db, key(itemId, ip), now);
  const address = await peekHit(deps.db, ipKey(ip), now);
  const waits = [0];
  if (item && item.count >= ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA) waits.push(item.resetAt - now);
  if (address && address.count >= perIp.max) waits.push(address.resetAt - now);
  return Math.max(...waits);
}

/** A wrong `_item_pwd`: one more failure for the item (item/pwd's captcha) and one more attempt from the address. */
export async function countItemPasswordParamFailure(deps: AppDeps, itemId: number, ip: string): Promise<void> {
  await countItemPasswordFailure(deps, itemId, ip);
  await hit(deps.db, ipKey(ip), perIp.windowSeconds, deps.now());
}

// Open API credentials: api_key + api_token of an item (item_tokens). Compared in constant
// time; failures are counted per IP so keys cannot be guessed at speed.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps';
import * as itemKeyRepo from '../../db/repos/itemKeys';
import { enforce, hit, LIMITS, peek, type Limit } from '../../auth/throttle';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

/** wrong credentials from one IP before every open call from it is refused for a while */
export const OPEN_API_FAILURES_PER_IP: Limit = { name: 'open-fail-ip', max: 30, windowSeconds: 300 };

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant-time equality of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b)) && a.length === b.length;
}

const DUMMY = { apiKey: 'x'.repeat(40), apiToken: 'y'.repeat(40), itemId: 0 };

export class OpenAuthError extends ApiError {
  constructor() {
    super(ErrorCode.OPEN_API_AUTH, 'api_key or api_token does not match');
  }
}

/** The item a pair of credentials opens (whether it may be written is the policies' question). */
export interface KeyedItem {
  itemId: number;
  isArchived: number;
}

/**
 * The live item these credentials belong to; OpenAuthError (10306) otherwise.
 * Rate limits: too many failures per IP → 10429; calls per key → 10429.
 */
export async function checkOpenCredentials(deps: AppDeps, apiKey: string, apiToken: string, ip: string): Promise<KeyedItem> {
  const now = deps.now();
  const failKey = `rl:${OPEN_API_FAILURES_PER_IP.name}:${ip}`;
  if ((await peek(deps.db, failKey, now)) >= OPEN_API_FAILURES_PER_IP.max) {
    throw new ApiError(ErrorCode.RATE_LIMITED, 'Too many wrong api_key/api_token attempts; try again later');
  }
  const key = apiKey.slice(0, 200);
  const row = key ? await itemKeyRepo.findByApiKey(deps.db, key) : undefined;
  const cand = row ?? DUMMY;
  // both comparisons always run, whatever matched
  const keyOk = safeEqual(cand.apiKey, apiKey);
  const tokenOk = safeEqual(cand.apiToken, apiToken);
  if (!row || !keyOk || !tokenOk || !apiToken || row.isDel !== 0) {
    await hit(deps.db, failKey, OPEN_API_FAILURES_PER_IP.windowSeconds, now);
    throw new OpenAuthError();
  }
  await enforce(deps.db, LIMITS.openApiPerKey, key, now);
  await itemKeyRepo.markChecked(deps.db, key, now);
  return { itemId: row.itemId, isArchived: row.isArchived };
}

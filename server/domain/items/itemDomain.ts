// Personal item domains (showdoc-behaviour §7.5): letters and digits only, not all digits
// (a numeric value is read as an item id), not one of Quire's own paths, unique among all items,
// deleted ones included.
import type { DbOrTx } from '../../db/client';
import { domainTaken } from '../../db/repos/items';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { ITEM_DOMAIN_MAX_CHARS } from '../../../shared/limits';

export { ITEM_DOMAIN_MAX_CHARS };

/**
 * First path segments the web client and the server answer themselves (client/src/routes.tsx,
 * http/routeForms.ts, realtime, built assets) and ShowDoc's (web, Public, install): an item reached
 * at /<domain> must not shadow them. Segments with other characters (mock-data, socket.io,
 * index.php) are already refused by the letters-and-digits rule.
 */
export const RESERVED_ITEM_DOMAINS = new Set([
  'admin', 'api', 'server', 'index', 'web', 'install', 'page', 'p', 'item', 'user', 'team', 'attachment',
  'catalog', 'notice', 'collab', 'socket', 'assets', 'static', 'public', 'uploads',
]);

/** '' stays '' (no domain); anything else must be a free, valid domain. */
export async function checkItemDomain(db: DbOrTx, domain: string, exceptItemId = 0): Promise<string> {
  if (domain === '') return '';
  if (!/^[A-Za-z0-9]+$/.test(domain) || /^\d+$/.test(domain) || domain.length > ITEM_DOMAIN_MAX_CHARS) {
    throw new ApiError(ErrorCode.DOMAIN_INVALID, 'The personal domain may contain only letters and digits (not only digits, at most {max} characters)', {
      max: ITEM_DOMAIN_MAX_CHARS,
    });
  }
  if (RESERVED_ITEM_DOMAINS.has(domain.toLowerCase())) {
    throw new ApiError(ErrorCode.DOMAIN_INVALID, 'The personal domain {domain} is reserved by Quire; choose another', { domain });
  }
  if (await domainTaken(db, domain, exceptItemId)) throw new ApiError(ErrorCode.DOMAIN_TAKEN, 'The personal domain {domain} already exists', { domain });
  return domain;
}


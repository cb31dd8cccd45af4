// What makes two account names "the same": usernames are stored NFKC-normalised (full-width
// "ｊｏｅ" is "joe"), and no two accounts may share a confusable skeleton (Unicode TR39,
// confusables.txt through the unhomoglyph package): "аdmin" with a Cyrillic а, "admın" and
// "adrnin" all look like "admin". Usernames shaped like an email address share one namespace
// with the accounts' emails (see accounts.ts).
import unhomoglyph from 'unhomoglyph';
import type { DbOrTx } from '../db/client';
import * as userRepo from '../db/repos/users';

export const normalizeUsername = (name: string) => name.normalize('NFKC');

/** TR39 skeleton (NFD → prototypes → NFD), case-folded since usernames are case-insensitive. */
export function usernameSkeleton(name: string): string {
  const folded = normalizeUsername(name).toLowerCase().normalize('NFD');
  return unhomoglyph(folded).normalize('NFD').toLowerCase();
}

/** A name that a mail could be addressed to: it claims that address. */
export const looksLikeEmail = (name: string) => name.includes('@');

/**
 * Gives skeletons to accounts stored without one (before the column existed, or written straight
 * into the table), oldest first. When two of them already look alike, the older keeps the
 * skeleton and the newer stays without: both still log in, and no third one can join them.
 * Runs before each account creation: the query finds nothing almost always (partial index).
 */
export async function fillMissingSkeletons(db: DbOrTx): Promise<void> {
  const missing = await userRepo.withoutSkeleton(db);
  for (const u of missing) {
    try {
      await userRepo.setSkeletonIfFree(db, u.uid, usernameSkeleton(u.username));
    } catch (e) {
      // another process gave the same skeleton to another account at this moment: it keeps it
      if ((e as { code?: string }).code !== '23505') throw e;
    }
  }
}

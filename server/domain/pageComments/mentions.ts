// @mentions in a comment: the names written after '@', matched case-insensitively against the
// item's people (its creator, members and team members). Who may mention is a policy.
import type { DbOrTx } from '../../db/client';
import { peopleOfItem } from '../../db/repos/members';
import { COMMENT_MENTIONS_MAX } from '../../../shared/limits';

// '@' anywhere but after the characters of an email address's local part (Chinese text writes
// '请@张三' without a space); the name runs to
// a space, another '@' or punctuation that never belongs to a username
const MENTION = /(?:^|[^A-Za-z0-9_@.+-])@([^\s@,，。:：;；!?！？()（）<>"'`]{1,64})/gu;

/** The distinct names a text mentions (lower case, trailing dots dropped), at most COMMENT_MENTIONS_MAX. */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(MENTION)) {
    const name = m[1]!.replace(/\.+$/, '').toLowerCase();
    if (name) names.add(name);
    if (names.size >= COMMENT_MENTIONS_MAX) break;
  }
  return [...names];
}

export interface ItemPerson {
  uid: number;
  username: string;
  name: string;
}

/** The item's people, once each (creator, members, team members). */
export async function itemPeople(db: DbOrTx, item: { itemId: number; uid: number }): Promise<ItemPerson[]> {
  const { creator, members, team } = await peopleOfItem(db, item);
  const seen = new Map<number, ItemPerson>();
  for (const p of [...creator, ...members, ...team]) if (!seen.has(p.uid)) seen.set(p.uid, { uid: p.uid, username: p.username, name: p.name });
  return [...seen.values()];
}

/** The uids of the item's people a text mentions. */
export async function mentionedPeople(db: DbOrTx, item: { itemId: number; uid: number }, text: string): Promise<number[]> {
  const names = mentionedNames(text);
  if (!names.length) return [];
  const people = await itemPeople(db, item);
  return people.filter((p) => names.includes(p.username.toLowerCase())).map((p) => p.uid);
}

// What a collaborative document name refers to, and what the caller may do with it.
// `page.<page_id>`: the page's Markdown as Y.Text 'content'. A document belongs to its page's
// room (server/policies/rooms.ts): whoever may read the page receives it; whoever may edit the
// page writes to it, unless the edit lock (server/policies/locks.ts) keeps them read-only.
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../auth/sessionUser';
import type { PasswordProofs } from '../../policies/request';
import { pageRoomAccess } from '../../policies/roomAccess';
import type { RoomRefusal } from '../../policies/rooms';
import { mayWrite } from '../../policies/locks';
import { lockRow } from '../../domain/locks/pageLocks';
import { pageSeed } from '../../domain/collab/store';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

export interface DocTarget {
  name: string;
  pageId: number;
  itemId: number;
  canWrite: boolean;
  /** text and version to seed a document that has no stored state */
  seed(): Promise<{ text: string; version: number }>;
}

export type Refusal = { code: number; reason: string };

/** page ids are PostgreSQL integers: a name outside 1..2147483647 names no document (not a query error) */
const MAX_PAGE_ID = 2_147_483_647;

export const parseDocName = (name: string): { kind: 'page'; id: number } | null => {
  const m = /^page\.(\d{1,10})$/.exec(name);
  const id = m ? Number(m[1]) : 0;
  return id >= 1 && id <= MAX_PAGE_ID ? { kind: 'page', id } : null;
};

/** Another user's live 'lock editing' or an HTTP-only editor keeps this user read-only: their name, else null. */
export async function lockBlocksWriter(deps: AppDeps, pageId: number, uid: number): Promise<string | null> {
  const verdict = mayWrite(await lockRow(deps, pageId), { uid }, deps.now());
  return verdict.allowed ? null : verdict.holder;
}

/** close codes (4400–4499: the client should not retry as it is) */
function refusal(why: RoomRefusal, user: SessionUser | null): Refusal {
  if (why === 'not-found') return { code: 4404, reason: 'page not found' };
  return { code: user ? 4403 : 4401, reason: why === 'password' ? 'item password required' : 'no permission' };
}

/** `ip`: the connecting address when the proofs are new (wrong `_item_pwd` values are counted). */
export async function resolveTarget(deps: AppDeps, name: string, user: SessionUser | null, proofs: PasswordProofs, ip?: string): Promise<DocTarget | Refusal> {
  const parsed = parseDocName(name);
  if (!parsed) return { code: 4404, reason: 'unknown document' };
  let room;
  try {
    room = await pageRoomAccess(deps, { user, proofs, ip }, parsed.id);
  } catch (e) {
    if (e instanceof ApiError && e.code === ErrorCode.RATE_LIMITED) return { code: 4429, reason: 'too many wrong item passwords; try again later' };
    throw e;
  }
  const page = room.page;
  if (!page) return refusal('not-found', user);
  if (!room.read.allowed) return refusal(room.read.refusal, user);
  const canWrite = !!user && room.edit.allowed && (await lockBlocksWriter(deps, page.pageId, user.uid)) === null;
  return {
    name,
    pageId: page.pageId,
    itemId: page.itemId,
    canWrite,
    seed: () => pageSeed(deps, page.pageId),
  };
}

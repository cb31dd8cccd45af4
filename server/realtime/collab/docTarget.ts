// What a collaborative document name refers to, and what the caller may do with it.
// `page.<page_id>`: the page's Markdown as Y.Text 'content', or, for a table item's page, the
// workbook (shared/sheet/ydoc.ts: sheets, cells keyed by sheet and cell). A document belongs to its page's
// room (server/policies/rooms.ts): whoever may read the page receives it; whoever may edit the
// page writes to it, unless the edit lock (server/policies/locks.ts) keeps them read-only.
import type * as Y from 'yjs';
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
import { ITEM_TYPE } from '../../../shared/limits';
import { parseWorkbookContent } from '../../../shared/sheet/content';
import { workbookToYDoc } from '../../../shared/sheet/ydoc';

export type DocKind = 'text' | 'sheet';

export interface DocSeed {
  /** writes the saved page into an empty document */
  fill(doc: Y.Doc): void;
  version: number;
}

/**
 * Why a reader of the page may not write: another user's edit lock (until its lock_to, in seconds),
 * or no edit right (never had it, lost it, item archived). Told to the editor at once (protocol.ts).
 */
export type ReadOnlyWhy = { reason: 'lock'; holder: string; until: number } | { reason: 'rights' };

export interface DocTarget {
  name: string;
  pageId: number;
  itemId: number;
  kind: DocKind;
  canWrite: boolean;
  /** null when canWrite */
  readOnly: ReadOnlyWhy | null;
  /** what seeds a document that has no stored state */
  seed(): Promise<DocSeed>;
}

/** The seed of a document from the saved page: its text, or its workbook (ShowDoc's x-spreadsheet converted). */
export function seedFrom(kind: DocKind, saved: { text: string; version: number }): DocSeed {
  return {
    version: saved.version,
    fill: (doc) => {
      if (kind === 'sheet') workbookToYDoc(doc, parseWorkbookContent(saved.text));
      else if (saved.text) doc.getText('content').insert(0, saved.text);
    },
  };
}

export type Refusal = { code: number; reason: string };

/** page ids are PostgreSQL integers: a name outside 1..2147483647 names no document (not a query error) */
const MAX_PAGE_ID = 2_147_483_647;

export const parseDocName = (name: string): { kind: 'page'; id: number } | null => {
  const m = /^page\.(\d{1,10})$/.exec(name);
  const id = m ? Number(m[1]) : 0;
  return id >= 1 && id <= MAX_PAGE_ID ? { kind: 'page', id } : null;
};

/** Another user's live 'lock editing' or an HTTP-only editor keeps this user read-only: who, and until when; else null. */
export async function lockBlocksWriter(deps: AppDeps, pageId: number, uid: number): Promise<{ holder: string; until: number } | null> {
  const row = await lockRow(deps, pageId);
  const verdict = mayWrite(row, { uid }, deps.now());
  return verdict.allowed ? null : { holder: verdict.holder, until: row?.lockTo ?? deps.now() };
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
  const lock = user && room.edit.allowed ? await lockBlocksWriter(deps, page.pageId, user.uid) : null;
  const readOnly: ReadOnlyWhy | null = !user || !room.edit.allowed ? { reason: 'rights' } : lock ? { reason: 'lock', ...lock } : null;
  const kind: DocKind = room.itemType === ITEM_TYPE.table ? 'sheet' : 'text';
  return {
    name,
    pageId: page.pageId,
    itemId: page.itemId,
    kind,
    canWrite: readOnly === null,
    readOnly,
    seed: async () => seedFrom(kind, await pageSeed(deps, page.pageId)),
  };
}

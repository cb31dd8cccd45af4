// The one write path for page content, used by page/save, the open API, recover and import:
// creates or updates the page, snapshots the replaced version into page_history (trimmed to the
// retention setting), bumps `version`, refreshes the search vector and the item's update time,
// binds the saver's orphan files the page links to (attachments/bindOnSave.ts), then publishes
// page.saved so live documents merge the change and notices go out.
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events';
import * as pageRepo from '../../db/repos/pages';
import type { PageData } from '../../db/repos/pages';
import { NO_LOCK, saveOverOnce, type AllowedLock, type SaveOverInput, type SavedOver } from '../../db/repos/pageSaveOver';
import { DEFAULT_S_NUMBER } from '../../../shared/limits';
import { pageTokens } from '../search/tokens';
import { checkPageContent, pageGone } from './content';
import { historyRetention } from './history';
import { touchItem, touchedItem } from './touchItem';
import { bindLinkedOrphans } from '../attachments/bindOnSave';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type { LockRule } from '../locks/rule';

export interface SavePageInput {
  itemId: number;
  /** 0 = create */
  pageId: number;
  /** undefined = keep the page's catalog (0 for a new page) */
  catId?: number;
  title: string;
  content: string;
  /** undefined or 0 = keep (99 for a new page) */
  sNumber?: number;
  /** version note stored with this version */
  comments?: string;
  extInfo?: string;
  uid: number;
  username: string;
  source: DomainEvents['page.saved']['source'];
  /** false for writers that keep no history (the open API, as ShowDoc) */
  history?: boolean;
  /** refuse when the edit-lock rule (server/policies/locks.ts, from the caller) says another user's lock forbids the write (HTTP page/save) */
  respectLocks?: LockRule;
}

export interface SavePageResult {
  pageId: number;
  itemId: number;
  catId: number;
  version: number;
  created: boolean;
  addtime: number;
}

export interface WrittenPage {
  row: PageData;
  /** the version replaced (undefined: the page was created) */
  previous?: { authorUid: number; pageContent: string };
  /** who watched the page when it was saved over (undefined: not read; a created page has none) */
  watcherUids?: number[];
}

/** lock rows change rarely (heartbeats, joins): a few rounds settle any race */
const LOCK_ATTEMPTS = 8;

/**
 * Saves over a page under the writer's lock rule: the statement stops at the page's lock row, the
 * rule decides over it, and a lock it allows is named in the next try, which writes only while that
 * row is unchanged. Without a rule, one try. undefined when the page is not a live page of the item.
 */
async function saveOver(db: DbOrTx, x: SaveOverInput, rule: LockRule | undefined): Promise<SavedOver | undefined> {
  let allowed: AllowedLock = NO_LOCK;
  let holder = '';
  for (let i = 0; i < LOCK_ATTEMPTS; i++) {
    const r = await saveOverOnce(db, x, allowed);
    if (!('lock' in r)) return r.saved;
    const verdict = rule!.write(r.lock, x.now);
    if (!verdict.allowed) return { blockedBy: verdict.holder };
    allowed = r.lock;
    holder = r.lock.lockUsername;
  }
  // the lock kept changing under us: refuse rather than write unchecked
  return { blockedBy: holder };
}

/**
 * The write itself, on the database or inside a caller's transaction: creates the page or saves
 * over it (history, version, search vector). Callers publish it once committed (publishSaved).
 */
export async function writePage(deps: AppDeps, db: DbOrTx, input: SavePageInput, now: number): Promise<WrittenPage> {
  checkPageContent(input.content);
  const tokens = pageTokens(input.title, input.content);
  if (input.pageId > 0) {
    const saved = await saveOver(db, {
      pageId: input.pageId,
      itemId: input.itemId,
      title: input.title,
      content: input.content,
      catId: input.catId,
      sNumber: input.sNumber ?? 0,
      uid: input.uid,
      username: input.username,
      now,
      comments: input.comments ?? '',
      extInfo: input.extInfo,
      tokens,
      keepHistory: input.history === false ? 0 : await historyRetention(deps),
      checkLock: input.respectLocks !== undefined,
    }, input.respectLocks);
    if (!saved) throw pageGone();
    if (saved.blockedBy !== undefined) throw new ApiError(ErrorCode.GENERIC, '{name} is editing this page; try again later', { name: saved.blockedBy });
    await bindLinkedOrphans(db, saved.row, input.uid, now);
    return saved;
  }
  const row = await pageRepo.insert(db, {
    itemId: input.itemId,
    catId: input.catId ?? 0,
    title: input.title,
    content: input.content,
    sNumber: input.sNumber || DEFAULT_S_NUMBER,
    authorUid: input.uid,
    authorUsername: input.username,
    comments: input.comments ?? '',
    extInfo: input.extInfo ?? '',
    tokens,
    now,
  });
  await bindLinkedOrphans(db, row, input.uid, now);
  return { row };
}

/** page.saved for a committed write: live documents merge it, notices go out, caches drop the page. */
export function publishSaved(deps: AppDeps, input: Pick<SavePageInput, 'uid' | 'source'>, { row, previous, watcherUids }: WrittenPage): void {
  deps.events.emit('page.saved', {
    itemId: row.itemId,
    pageId: row.pageId,
    uid: input.uid,
    previousAuthorUid: previous?.authorUid ?? 0,
    title: row.pageTitle,
    created: !previous,
    source: input.source,
    content: row.pageContent,
    previousContent: previous?.pageContent ?? '',
    version: row.version,
    watcherUids: previous ? watcherUids : [],
  });
}

/** Callers have authorised the item and checked that catId belongs to it. */
export async function savePage(deps: AppDeps, input: SavePageInput): Promise<SavePageResult> {
  const now = deps.now();
  // the page's cache mark before writing: unchanged at the end, nothing else touched the page
  const mark = input.pageId > 0 ? deps.reads.pageMark(input.pageId, input.itemId) : '';
  const written = await writePage(deps, deps.db, input, now);
  const { row, previous } = written;
  await touchItem(deps, input.itemId, input.title, now);
  const untouched = input.pageId > 0 && deps.reads.pageMark(input.pageId, input.itemId) === mark;
  const item = deps.reads.peekItem(input.itemId);
  publishSaved(deps, input, written);
  // the next read of this page (the saver's reload, the next save's permission check) needs no
  // query — unless another write to it overlapped this one, when only the database knows the end
  if (untouched) deps.reads.keepPage(row);
  // the event dropped the item row everywhere; here the save knows what it changed in it
  if (item) deps.reads.keepItem({ value: touchedItem(item.value, input.title, now), at: item.at });
  return { pageId: row.pageId, itemId: row.itemId, catId: row.catId, version: row.version, created: !previous, addtime: row.addtime };
}

// Saving over an existing page in one statement — one round trip instead of seven (DESIGN §7
// asks for 600 saves/s): lock the current version, copy it into page_history, trim the history
// to the retention, write the new version. All parts share one snapshot, so the trim sees the
// versions that were there before this one: deleting from the keep-th newest down leaves `keep`
// versions counting the new one. A concurrent save of the same page waits on the row lock and
// then works from the version that save wrote. With `checkLock`, the page's edit lock row stops
// the statement before it writes and is returned instead; the caller's lock rule decides over it
// (domain/pages/save.ts) and names a lock it allows in the next try, which writes only while that
// row is unchanged: no window between the decision and the write.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { executeNamed } from '../prepared';
import type { LockRow } from './locks';
import { PAGE_UPDATES } from './subscriptions';
import type { PageData } from './pages';
import { searchVectorOf } from './search';

export interface SaveOverInput {
  pageId: number;
  itemId: number;
  title: string;
  content: string;
  /** undefined = keep */
  catId?: number;
  /** 0 = keep */
  sNumber: number;
  uid: number;
  username: string;
  now: number;
  comments: string;
  /** undefined = keep */
  extInfo?: string;
  /** the search index's tokens of title and content (domain/search/tokens.ts) */
  tokens: string[];
  /** versions kept; 0 = this writer keeps no history (the open API) */
  keepHistory: number;
  /** stop at the page's edit lock row (other than `allowed`) and return it instead of writing */
  checkLock: boolean;
}

export type SavedOver =
  /** watcherUids: who watches the page, read with the save (its notices need no query of their own) */
  | { previous: { authorUid: number; pageContent: string }; row: PageData; watcherUids: number[]; blockedBy?: undefined }
  /** the holder of the lock that refused the save (nothing was written) */
  | { blockedBy: string };

interface Row {
  /** the page's lock row that stopped the statement (null: none; then it ran) */
  lock_id: number | string | null;
  lock_page_id: number | string;
  lock_uid: number | string;
  lock_username: string;
  lock_to: number | string;
  lock_mode: string;
  lock_addtime: number | string;
  prev_author_uid: number | string;
  prev_content: string;
  /** null: no live page of the item with that id */
  page_id: number | string | null;
  item_id: number | string;
  cat_id: number | string;
  page_title: string;
  page_content: string;
  s_number: number | string;
  author_uid: number | string;
  author_username: string;
  addtime: number | string;
  page_addtime: number | string;
  page_comments: string;
  ext_info: string;
  is_del: number | string;
  version: number | string;
  /** the page's watchers, comma-separated (null: none) */
  watcher_uids: string | null;
}

const HISTORY_COLUMNS = sql.raw('page_id, item_id, cat_id, page_title, page_content, s_number, author_uid, author_username, page_comments, addtime');

/** a lock the caller's rule allowed in an earlier try; NO_LOCK before the first */
export type AllowedLock = Pick<LockRow, 'id' | 'lockUid' | 'mode'>;
export const NO_LOCK: AllowedLock = { id: 0, lockUid: 0, mode: '' };

/**
 * One try: the page's lock row when one other than `allowed` stands in the way (nothing written),
 * else the save (undefined when the page is not, or no longer, a live page of the item).
 */
export async function saveOverOnce(
  db: DbOrTx,
  x: SaveOverInput,
  allowed: AllowedLock,
): Promise<{ lock: LockRow } | { saved: SavedOver | undefined }> {
  const history = x.keepHistory > 0;
  const checkLock = x.checkLock;
  const vector = searchVectorOf(x.tokens);
  const rows = await executeNamed<Row>(db, 'save_over', sql`
    with blocker as (
      select id, page_id, lock_uid, lock_username, lock_to, mode, addtime from page_locks
      where ${checkLock}::boolean and page_id = ${x.pageId}
        and (id, lock_uid, mode) is distinct from (${allowed.id}::int, ${allowed.lockUid}::int, ${allowed.mode}::text)
      limit 1
    ),
    prev as (
      select page_id, item_id, cat_id, page_title, page_content, s_number, author_uid, author_username, addtime, page_addtime, page_comments, ext_info
      from pages where page_id = ${x.pageId} and item_id = ${x.itemId} and is_del = 0 and not exists (select 1 from blocker)
      for update
    ),
    hist as (
      insert into page_history (${HISTORY_COLUMNS}) select ${HISTORY_COLUMNS} from prev where ${history}::boolean
    ),
    trimmed as (
      delete from page_history h using prev
      where ${history}::boolean and h.page_id = prev.page_id and h.page_history_id <= (
        select v.page_history_id from page_history v where v.page_id = prev.page_id
        order by v.page_history_id desc offset ${Math.max(0, x.keepHistory - 1)}::int limit 1)
    ),
    saved as (
      update pages p set
        page_title = ${x.title},
        page_content = ${x.content},
        cat_id = coalesce(${x.catId ?? null}::int, prev.cat_id),
        s_number = case when ${x.sNumber}::int > 0 then ${x.sNumber}::int else prev.s_number end,
        author_uid = ${x.uid},
        author_username = ${x.username},
        addtime = ${x.now},
        page_addtime = case when prev.page_addtime <> 0 then prev.page_addtime else prev.addtime end,
        page_comments = ${x.comments},
        ext_info = coalesce(${x.extInfo ?? null}::text, prev.ext_info),
        version = p.version + 1,
        search_vector = ${vector}
      from prev where p.page_id = prev.page_id
      returning p.page_id, p.item_id, p.cat_id, p.page_title, p.page_content, p.s_number, p.author_uid, p.author_username,
        p.addtime, p.page_addtime, p.page_comments, p.ext_info, p.is_del, p.version
    )
    select b.id as lock_id, b.page_id as lock_page_id, b.lock_uid, b.lock_username, b.lock_to, b.mode as lock_mode, b.addtime as lock_addtime, s.*,
        (select string_agg(w.uid::text, ',' order by w.id) from subscriptions w
          where w.object_type = ${PAGE_UPDATES.objectType} and w.object_id = ${x.pageId} and w.action_type = ${PAGE_UPDATES.actionType}) as watcher_uids
      from (select 1) one
      left join blocker b on true
      left join (select prev.author_uid as prev_author_uid, prev.page_content as prev_content, saved.* from prev, saved) s on true`);
  const r = rows[0];
  if (r.lock_id !== null) {
    const lock = {
      id: Number(r.lock_id),
      pageId: Number(r.lock_page_id),
      lockUid: Number(r.lock_uid),
      lockUsername: r.lock_username,
      lockTo: Number(r.lock_to),
      mode: r.lock_mode,
      addtime: Number(r.lock_addtime),
    };
    return { lock };
  }
  if (r.page_id === null) return { saved: undefined };
  return {
    saved: {
      previous: { authorUid: Number(r.prev_author_uid), pageContent: r.prev_content },
      row: {
        pageId: Number(r.page_id),
        itemId: Number(r.item_id),
        catId: Number(r.cat_id),
        pageTitle: r.page_title,
        pageContent: r.page_content,
        sNumber: Number(r.s_number),
        authorUid: Number(r.author_uid),
        authorUsername: r.author_username,
        addtime: Number(r.addtime),
        pageAddtime: Number(r.page_addtime),
        pageComments: r.page_comments,
        extInfo: r.ext_info,
        isDel: Number(r.is_del),
        version: Number(r.version),
      },
      watcherUids: r.watcher_uids ? r.watcher_uids.split(',').map(Number) : [],
    },
  };
}

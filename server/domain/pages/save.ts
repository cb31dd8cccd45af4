// The one write path for page content, used by page/save, the open API, recover and import:
// creates or updates the page, snapshots the replaced version into page_history (trimmed to the
// retention setting), bumps `version`, refreshes the search vector and the item's update time,
// then publishes page.saved so live documents merge the change and notices go out.
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DomainEvents } from '../../events';
import { items, pageHistory, pages } from '../../db/schema';
import { DEFAULT_S_NUMBER, ITEM_TYPE } from '../../../shared/limits';
import { searchVectorSql } from '../search/tokens';
import { checkPageContent } from './content';
import { historyRetention, trimHistory } from './history';
import { pageNotFound } from '../../policies/request';
import { pageColumns, type PageData } from './columns';

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
}

export interface SavePageResult {
  pageId: number;
  itemId: number;
  catId: number;
  version: number;
  created: boolean;
  addtime: number;
}

/** Callers have authorised the item and checked that catId belongs to it. */
export async function savePage(deps: AppDeps, input: SavePageInput): Promise<SavePageResult> {
  checkPageContent(input.content);
  const now = deps.now();
  const keep = await historyRetention(deps);
  const vector = searchVectorSql(input.title, input.content);

  const out = await deps.db.transaction(async (tx) => {
    let previous: PageData | undefined;
    let row: PageData;
    if (input.pageId > 0) {
      [previous] = await tx
        .select(pageColumns)
        .from(pages)
        .where(and(eq(pages.pageId, input.pageId), eq(pages.itemId, input.itemId), eq(pages.isDel, 0)))
        .for('update')
        .limit(1);
      if (!previous) throw pageNotFound();
      if (input.history !== false) {
        await tx.insert(pageHistory).values({
          pageId: previous.pageId,
          itemId: previous.itemId,
          catId: previous.catId,
          pageTitle: previous.pageTitle,
          pageContent: previous.pageContent,
          sNumber: previous.sNumber,
          authorUid: previous.authorUid,
          authorUsername: previous.authorUsername,
          pageComments: previous.pageComments,
          addtime: previous.addtime,
        });
        await trimHistory(tx, previous.pageId, keep);
      }
      [row] = await tx
        .update(pages)
        .set({
          pageTitle: input.title,
          pageContent: input.content,
          catId: input.catId ?? previous.catId,
          sNumber: input.sNumber ? input.sNumber : previous.sNumber,
          authorUid: input.uid,
          authorUsername: input.username,
          addtime: now,
          pageAddtime: previous.pageAddtime || previous.addtime,
          pageComments: input.comments ?? '',
          extInfo: input.extInfo ?? previous.extInfo,
          version: sql`${pages.version} + 1`,
          searchVector: vector,
        })
        .where(eq(pages.pageId, previous.pageId))
        .returning(pageColumns);
    } else {
      [row] = await tx
        .insert(pages)
        .values({
          itemId: input.itemId,
          catId: input.catId ?? 0,
          pageTitle: input.title,
          pageContent: input.content,
          sNumber: input.sNumber || DEFAULT_S_NUMBER,
          authorUid: input.uid,
          authorUsername: input.username,
          addtime: now,
          pageAddtime: now,
          pageComments: input.comments ?? '',
          extInfo: input.extInfo ?? '',
          version: 1,
          searchVector: vector,
        })
        .returning(pageColumns);
    }
    return { previous, row };
  });

  const { previous, row } = out;
  // outside the transaction, at most once a second per item: concurrent saves in one item do not
  // queue on the item row. A single-page item is named after its page, as in ShowDoc.
  await deps.db
    .update(items)
    .set({
      lastUpdateTime: now,
      itemName: sql`case when ${items.itemType} = ${ITEM_TYPE.singlePage} and ${input.title} <> '' then ${input.title} else ${items.itemName} end`,
    })
    .where(and(eq(items.itemId, input.itemId), or(lt(items.lastUpdateTime, now), eq(items.itemType, ITEM_TYPE.singlePage))));
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
  });
  return { pageId: row.pageId, itemId: row.itemId, catId: row.catId, version: row.version, created: !previous, addtime: row.addtime };
}

// "A page you wrote was edited by someone else": sent to the author of the version a save
// replaced, only while that author may still read the page (visit right and catalog limit),
// and at most once per page and editor every 10 minutes so a busy editing session is one notice.
import { and, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DomainEvents } from '../../events';
import { notices, pages } from '../../db/schema';
import { findUserById, sessionOf } from '../accounts';
import { displayName } from '../members/usernames';
import { accessForViewer } from '../../policies/request';
import { catalogTopMap, findItem } from '../../policies/load';
import { topCatalogAllowed } from '../../policies/itemAccess';
import { bilingual, escapeHtml, itemLink, pageLink, phrase } from './content';
import { createNoticeOnce } from './dedupe';

export const PAGE_EDIT_NOTICE_WINDOW = 600;

async function authorMayRead(deps: AppDeps, authorUid: number, itemId: number, catId: number): Promise<boolean> {
  const author = await findUserById(deps, authorUid);
  const item = await findItem(deps.db, itemId);
  if (!author || !item) return false;
  const access = await accessForViewer(deps, sessionOf(author), item);
  if (!access.canVisit) return false;
  if (access.catIds === null) return true;
  const top = await catalogTopMap(deps.db, itemId);
  return catId > 0 && topCatalogAllowed(access, top.get(catId) ?? 0);
}

export async function onPageSaved(deps: AppDeps, e: DomainEvents['page.saved']): Promise<void> {
  const author = e.previousAuthorUid;
  // a recovered page was not edited; a new page has no earlier author
  if (e.created || e.source === 'recover' || author <= 0 || author === e.uid) return;
  const [page] = await deps.db
    .select({ pageId: pages.pageId, itemId: pages.itemId, catId: pages.catId, title: pages.pageTitle, isDel: pages.isDel })
    .from(pages)
    .where(eq(pages.pageId, e.pageId))
    .limit(1);
  if (!page || page.isDel || page.itemId !== e.itemId) return;
  if (!(await authorMayRead(deps, author, page.itemId, page.catId))) return;

  const since = deps.now() - PAGE_EDIT_NOTICE_WINDOW;
  await createNoticeOnce(
    deps,
    `notice:page:${page.pageId}:${author}:${e.uid}`,
    async (tx) => {
      const [hit] = await tx
        .select({ id: notices.noticeId })
        .from(notices)
        .where(
          and(
            eq(notices.toUid, author),
            eq(notices.noticeType, 'page_edited'),
            eq(notices.objectType, 'page'),
            eq(notices.objectId, page.pageId),
            eq(notices.fromUid, e.uid),
            gt(notices.noticeTime, since),
          ),
        )
        .limit(1);
      return !!hit;
    },
    async () => {
      const editor = e.uid > 0 ? await findUserById(deps, e.uid) : undefined;
      const item = await findItem(deps.db, page.itemId);
      if (!item) return null;
      // saves through the open API carry uid 0: the sender is the item's API key
      const fromName = editor ? displayName(editor) : 'Open API';
      return {
        toUid: author,
        fromUid: e.uid,
        fromName,
        noticeType: 'page_edited',
        title: 'A page you wrote was edited',
        content: bilingual('{from} edited your page {page} in the item {item}.', (lang) => ({
          from: editor ? escapeHtml(fromName) : phrase('The open API', lang),
          page: pageLink(item.itemId, page.pageId, e.title || page.title),
          item: itemLink(item.itemId, item.itemName),
        })),
        objectType: 'page',
        objectId: page.pageId,
      };
    },
  );
}

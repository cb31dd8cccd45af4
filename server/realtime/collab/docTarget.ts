// What a collaborative document name refers to, and what the caller may do with it.
// `page.<page_id>`: the page's Markdown as Y.Text 'content'.
import { and, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../auth/sessionUser';
import { pageLocks, pages } from '../../db/schema';
import { findItem, catalogTopMap } from '../../policies/load';
import { accessForViewer, accessWithItemPwd, type PasswordProofs } from '../../policies/request';
import { topCatalogAllowed } from '../../policies/itemAccess';
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

/** Another user's live 'lock editing' or an HTTP-only editor keeps this user read-only. */
export async function lockBlocksWriter(deps: AppDeps, pageId: number, uid: number): Promise<string | null> {
  const [lock] = await deps.db
    .select()
    .from(pageLocks)
    .where(and(eq(pageLocks.pageId, pageId), gt(pageLocks.lockTo, deps.now())))
    .limit(1);
  if (!lock || lock.lockUid === uid || lock.mode === 'session') return null;
  return lock.lockUsername;
}

/** `ip`: the connecting address when the proofs are new (wrong `_item_pwd` values are counted). */
export async function resolveTarget(deps: AppDeps, name: string, user: SessionUser | null, proofs: PasswordProofs, ip?: string): Promise<DocTarget | Refusal> {
  const parsed = parseDocName(name);
  if (!parsed) return { code: 4404, reason: 'unknown document' };
  const [page] = await deps.db.select().from(pages).where(and(eq(pages.pageId, parsed.id), eq(pages.isDel, 0))).limit(1);
  if (!page) return { code: 4404, reason: 'page not found' };
  const item = await findItem(deps.db, page.itemId);
  if (!item) return { code: 4404, reason: 'page not found' };
  let access;
  try {
    access = ip === undefined ? await accessForViewer(deps, user, item, proofs) : await accessWithItemPwd(deps, ip, user, item, proofs);
  } catch (e) {
    if (e instanceof ApiError && e.code === ErrorCode.RATE_LIMITED) return { code: 4429, reason: 'too many wrong item passwords; try again later' };
    throw e;
  }
  if (!access.canVisit) return { code: user ? 4403 : 4401, reason: access.needsPassword ? 'item password required' : 'no permission' };
  if (access.catIds !== null) {
    const top = await catalogTopMap(deps.db, item.itemId);
    if (!topCatalogAllowed(access, top.get(page.catId) ?? 0)) return { code: 4403, reason: 'no permission' };
  }
  const canWrite = !!user && access.canEdit && (await lockBlocksWriter(deps, page.pageId, user.uid)) === null;
  return {
    name,
    pageId: page.pageId,
    itemId: item.itemId,
    canWrite,
    seed: async () => {
      const [p] = await deps.db.select({ content: pages.pageContent, version: pages.version }).from(pages).where(eq(pages.pageId, page.pageId));
      return { text: p?.content ?? '', version: p?.version ?? 0 };
    },
  };
}

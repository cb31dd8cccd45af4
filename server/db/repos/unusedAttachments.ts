// Files that no page's text links to (ShowDoc's "unused attachments"): their sign appears in
// the Markdown of no page, live or in the recycle bin (a page restored from there keeps its
// files), nor in any history version (restoring one keeps its files, as in ShowDoc). One
// statement collects the signs every page and version links to and keeps the other files.
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { attachments, users } from '../schema';
import { escapeLike } from '../like';
import type { ListedAttachment } from './attachments';

export interface UnusedFilter {
  /** only this uploader's files (undefined: everyone's) */
  uid?: number;
  displayName: string;
  /** the uploader's username, exactly (ShowDoc's filter) */
  username: string;
  limit: number;
  offset: number;
}

/** the signs page texts and their versions link to (`…visitFile&sign=<32 hex>`, as ShowDoc and Quire write them) */
const linkedSigns = sql`select (regexp_matches(page_content, '[?&]sign=([0-9a-f]{32})', 'g'))[1] from pages where strpos(page_content, 'sign=') > 0
  union all select (regexp_matches(page_content, '[?&]sign=([0-9a-f]{32})', 'g'))[1] from page_history where strpos(page_content, 'sign=') > 0`;

export async function unused(db: DbOrTx, f: UnusedFilter): Promise<{ list: ListedAttachment[]; total: number }> {
  const where: SQL[] = [sql`${attachments.sign} not in (${linkedSigns})`];
  if (f.uid !== undefined) where.push(eq(attachments.uid, f.uid));
  if (f.displayName) where.push(ilike(attachments.displayName, `%${escapeLike(f.displayName)}%`));
  if (f.username) where.push(eq(users.username, f.username));
  const rows = await db
    .select({ a: attachments, username: users.username, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(attachments)
    .leftJoin(users, eq(users.uid, attachments.uid))
    .where(and(...where))
    .orderBy(desc(attachments.addtime), desc(attachments.fileId))
    .limit(f.limit)
    .offset(f.offset);
  return { list: rows.map((r) => ({ ...r.a, username: r.username ?? '' })), total: rows[0]?.total ?? (f.offset > 0 ? await countUnused(db, where) : 0) };
}

async function countUnused(db: DbOrTx, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(attachments)
    .leftJoin(users, eq(users.uid, attachments.uid))
    .where(and(...where));
  return row?.n ?? 0;
}

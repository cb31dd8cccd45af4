// An export's outline as one sequence in document order (ShowDoc's: root pages, then each
// catalog's pages before its sub-catalogs), with page contents read in small batches: a
// 1,000-page export holds one batch of contents at a time, never the whole item.
import type { AppDeps } from '../../deps';
import * as repo from '../../db/repos/exports';
import type { ExportOutline, OutlineCatalogNode, OutlinePage } from './outline';

export type OutlineEntry =
  | { kind: 'catalog'; node: OutlineCatalogNode }
  /** `depth`: 0 at the item's root, else its catalog's depth */
  | { kind: 'page'; page: OutlinePage; depth: number; node: OutlineCatalogNode | null };

export interface Body {
  /** as stored (raw Markdown, or an API page's JSON) */
  content: string;
  comments: string;
}

export type EntryWithBody = OutlineEntry & { body?: Body };

export const BODY_BATCH = 50;

export function entriesOf(o: Pick<ExportOutline, 'pages' | 'catalogs'>): OutlineEntry[] {
  const out: OutlineEntry[] = o.pages.map((page) => ({ kind: 'page', page, depth: 0, node: null }));
  const walk = (ns: OutlineCatalogNode[]) => {
    for (const node of ns) {
      out.push({ kind: 'catalog', node });
      for (const page of node.pages) out.push({ kind: 'page', page, depth: node.depth, node });
      walk(node.children);
    }
  };
  walk(o.catalogs);
  return out;
}

/**
 * The entries in order, in chunks holding at most `batch` pages, each page with its content (a
 * page deleted meanwhile comes without one).
 */
export async function* inBatches(deps: Pick<AppDeps, 'db'>, itemId: number, entries: OutlineEntry[], batch = BODY_BATCH): AsyncGenerator<EntryWithBody[]> {
  let i = 0;
  while (i < entries.length) {
    const chunk: OutlineEntry[] = [];
    let pages = 0;
    while (i < entries.length && (pages < batch || entries[i].kind === 'catalog')) {
      const e = entries[i++];
      if (e.kind === 'page') pages++;
      chunk.push(e);
      if (pages === batch && i < entries.length && entries[i].kind === 'page') break;
    }
    const ids = chunk.flatMap((e) => (e.kind === 'page' ? [e.page.pageId] : []));
    const bodies = new Map((await repo.bodiesOf(deps.db, itemId, ids)).map((b) => [b.pageId, b]));
    yield chunk.map((e) => {
      if (e.kind !== 'page') return e;
      const b = bodies.get(e.page.pageId);
      return b ? { ...e, body: { content: b.pageContent, comments: b.pageComments } } : e;
    });
    // embedded PGlite answers without yielding: let other requests in between batches
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * Page contents handed out one page at a time, in the order given, read a batch ahead; `onBatch`
 * sees each batch's contents first (an export looks up the files they link to there).
 */
export class BodyFeed {
  private loaded = new Map<number, Body>();
  private next = 0;
  /** pages before this index were loaded already */
  private loadedUpTo = 0;

  constructor(
    private readonly deps: Pick<AppDeps, 'db'>,
    private readonly itemId: number,
    private readonly pages: OutlinePage[],
    private readonly onBatch: (bodies: Body[]) => Promise<void> = async () => {},
    private readonly batch = BODY_BATCH,
  ) {}

  /** The content of the next page (they are asked for in order); undefined when it was deleted meanwhile. */
  async take(pageId: number): Promise<Body | undefined> {
    const at = this.pages[this.next]?.pageId === pageId ? this.next : this.pages.findIndex((p) => p.pageId === pageId);
    if (at < 0) return undefined;
    this.next = at + 1;
    if (!this.loaded.has(pageId) && at >= this.loadedUpTo) {
      const slice = this.pages.slice(at, at + this.batch);
      this.loadedUpTo = at + slice.length;
      const rows = await repo.bodiesOf(this.deps.db, this.itemId, slice.map((p) => p.pageId));
      this.loaded = new Map(rows.map((b) => [b.pageId, { content: b.pageContent, comments: b.pageComments }]));
      await this.onBatch([...this.loaded.values()]);
      await new Promise((r) => setImmediate(r));
    }
    const body = this.loaded.get(pageId);
    this.loaded.delete(pageId);
    return body;
  }
}

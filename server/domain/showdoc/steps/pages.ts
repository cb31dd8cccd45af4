// Catalogs, pages and everything hanging off a page: history, the recycle bin, share keys, mocks;
// and users' templates with their item shares. Text comes out of ShowDoc HTML-escaped (its input
// filter escapes every field): it is unescaped, RunApi pages become API pages (the Markdown ShowDoc
// itself makes of them), and links to ShowDoc's files point at the same files in Quire.
import { unescapeShowdoc } from '../../imports/plan';
import { runapiToMarkdown } from '../../imports/formats/runapi';
import { Skip } from '../copy';
import { rewriteFileLinks } from '../links';
import { num, str, type ShowdocCatalog, type ShowdocPage, type ShowdocPageHistory, type SourceRow } from '../sourceDb';
import { toUnix } from './items';
import { parseWorkbookContent } from '../../../../shared/sheet/content';
import { serializeWorkbook } from '../../../../shared/sheet/workbook';
import type { StepContext } from './context';

/** Quire nests catalogs three levels deep (levels 2, 3, 4 under the item root) */
const DEEPEST = 4;

/** a page's text as Quire keeps it; a spreadsheet item's page becomes a Quire workbook */
export function pageText(ctx: StepContext, escaped: string, sheet = false): string {
  const text = unescapeShowdoc(escaped);
  if (sheet) return serializeWorkbook(parseWorkbookContent(text));
  const api = text.trimStart().startsWith('{') ? runapiToMarkdown(text, 'zh') : null;
  return rewriteFileLinks(api ?? text, ctx.links);
}

export async function copyCatalogs(ctx: StepContext) {
  const { src } = ctx;
  const all = [...src.catalogs()];
  const byId = new Map(all.map((c) => [c.catId, c]));
  // depth from the parent chain (ShowDoc's level column can disagree with it); parents first
  const depth = new Map<number, number>();
  const depthOf = (c: ShowdocCatalog, seen = new Set<number>()): number => {
    const known = depth.get(c.catId);
    if (known !== undefined) return known;
    const parent = byId.get(c.parentCatId);
    const d = c.parentCatId === 0 || !parent || parent.itemId !== c.itemId || seen.has(c.catId) ? 2 : depthOf(parent, seen.add(c.catId)) + 1;
    depth.set(c.catId, d);
    return d;
  };
  all.sort((a, b) => depthOf(a) - depthOf(b) || a.catId - b.catId);
  // one level at a time: a catalog's parent is written (and mapped) before the catalog
  const deepest = Math.max(2, ...all.map((c) => depthOf(c)));
  for (let level = 2; level <= deepest; level++) await copyCatalogLevel(ctx, all.filter((c) => depthOf(c) === level), level);
}

async function copyCatalogLevel(ctx: StepContext, level: ShowdocCatalog[], d: number) {
  const { run } = ctx;
  await run.copy<ShowdocCatalog>({
    source: 'catalog',
    targetName: 'catalogs',
    idColumn: 'cat_id',
    idField: 'catId',
    rows: level,
    key: (c) => String(c.catId),
    sourceId: (c) => c.catId,
    convert(c) {
      const itemId = run.idOf('item', c.itemId);
      if (itemId === undefined) return new Skip('Its item ({id}) was not imported', { id: c.itemId });
      const parent = d > 2 ? run.idOf('catalog', c.parentCatId) : 0;
      if (parent === undefined) return new Skip('Its parent catalog ({id}) was not imported', { id: c.parentCatId });
      if (d > DEEPEST) {
        // deeper than Quire nests: its pages go into the deepest ancestor Quire has
        run.adjusted('catalog', String(c.catId), 'Catalogs nest at most three levels: its pages were put in its parent catalog');
        return parent;
      }
      return { catName: unescapeShowdoc(c.name) || `catalog ${c.catId}`, itemId, parentCatId: parent, level: d, sNumber: c.sNumber, addtime: c.addTime };
    },
    written: (c, id) => run.noteIdChange('catalog', c.catId, id),
  });
}

/** ShowDoc's spreadsheet items (type 4): their pages hold x-spreadsheet JSON */
const sheetItems = (ctx: StepContext) => new Set([...ctx.src.items()].filter((i) => i.type === 4).map((i) => i.itemId));

export async function copyPages(ctx: StepContext) {
  const { run, src } = ctx;
  const sheets = sheetItems(ctx);
  await run.copy<ShowdocPage>({
    source: 'page',
    targetName: 'pages',
    idColumn: 'page_id',
    idField: 'pageId',
    rows: src.pages(),
    key: (p) => String(p.pageId),
    sourceId: (p) => p.pageId,
    convert(p) {
      const itemId = run.idOf('item', p.itemId);
      if (itemId === undefined) return new Skip('Its item ({id}) was not imported', { id: p.itemId });
      // a page in a catalog ShowDoc no longer has was hidden there; here it shows at the item root
      const catId = p.catId > 0 ? (run.idOf('catalog', p.catId) ?? 0) : 0;
      return {
        itemId,
        catId,
        pageTitle: unescapeShowdoc(p.title),
        pageContent: pageText(ctx, p.content, sheets.has(p.itemId)),
        sNumber: p.sNumber,
        authorUid: run.idOf('user', p.authorUid) ?? 0,
        authorUsername: p.authorUsername,
        addtime: p.updatedAt,
        pageAddtime: p.createdAt || p.updatedAt,
        pageComments: unescapeShowdoc(p.comments),
        isDel: p.deleted ? 1 : 0,
      };
    },
    written: (p, id) => run.noteIdChange('page', p.pageId, id),
  });
}

export async function copyPageHistory(ctx: StepContext) {
  const { run, src } = ctx;
  const sheets = sheetItems(ctx);
  await run.copy<ShowdocPageHistory>({
    source: 'page_history',
    targetName: 'page_history',
    idColumn: 'page_history_id',
    idField: 'pageHistoryId',
    rows: src.pageHistory(),
    key: (h) => String(h.historyId),
    convert(h) {
      const pageId = run.idOf('page', h.pageId);
      const itemId = run.idOf('item', h.itemId);
      if (pageId === undefined || itemId === undefined) return new Skip('Its page ({id}) was not imported', { id: h.pageId });
      return {
        pageId,
        itemId,
        catId: h.catId > 0 ? (run.idOf('catalog', h.catId) ?? 0) : 0,
        pageTitle: unescapeShowdoc(h.title),
        pageContent: pageText(ctx, h.content, sheets.has(h.itemId)),
        sNumber: h.sNumber,
        authorUid: run.idOf('user', h.authorUid) ?? 0,
        authorUsername: h.authorUsername,
        pageComments: unescapeShowdoc(h.comments),
        addtime: h.addTime,
      };
    },
  });
}

export async function copyPageExtras(ctx: StepContext) {
  const { run, src } = ctx;
  await run.copy<SourceRow>({
    source: 'recycle',
    targetName: 'recycle',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('recycle'),
    key: (r) => str(r.id),
    convert(r) {
      const pageId = run.idOf('page', num(r.page_id));
      const itemId = run.idOf('item', num(r.item_id));
      if (pageId === undefined || itemId === undefined) return new Skip('Its page ({id}) was not imported', { id: num(r.page_id) });
      return { itemId, pageId, pageTitle: unescapeShowdoc(str(r.page_title)), delByUid: run.idOf('user', num(r.del_by_uid)) ?? 0, delByUsername: str(r.del_by_username), delTime: num(r.del_time) };
    },
  });
  await run.copy<SourceRow>({
    source: 'single_page',
    targetName: 'single_pages',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('single_page'),
    key: (s) => str(s.id),
    conflictReason: 'The share key is used already, or the page has a share link already',
    convert(s) {
      const pageId = run.idOf('page', num(s.page_id));
      if (pageId === undefined) return new Skip('Its page ({id}) was not imported', { id: num(s.page_id) });
      const key = str(s.unique_key).trim();
      if (!key) return new Skip('An empty share key');
      return { uniqueKey: key, pageId, expireTime: num(s.expire_time), addtime: num(s.addtime) };
    },
  });
  await run.copy<SourceRow>({
    source: 'mock',
    targetName: 'mocks',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('mock'),
    key: (m) => str(m.id),
    conflictReason: 'The mock key is used already, or the page has a mock already',
    convert(m) {
      const pageId = run.idOf('page', num(m.page_id));
      const itemId = run.idOf('item', num(m.item_id));
      if (pageId === undefined || itemId === undefined) return new Skip('Its page ({id}) was not imported', { id: num(m.page_id) });
      const key = str(m.unique_key).trim();
      if (!key) return new Skip('An empty mock key');
      return {
        uniqueKey: key,
        uid: run.idOf('user', num(m.uid)) ?? ctx.fallbackOwner.uid,
        pageId,
        itemId,
        template: unescapeShowdoc(str(m.template)),
        path: str(m.path) || '/',
        viewTimes: num(m.view_times),
        addtime: toUnix(m.addtime),
        lastUpdateTime: toUnix(m.last_update_time),
      };
    },
  });
}

export async function copyTemplates(ctx: StepContext) {
  const { run, src } = ctx;
  await run.copy<SourceRow>({
    source: 'template',
    targetName: 'templates',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('template'),
    key: (t) => str(t.id),
    convert(t) {
      const uid = run.idOf('user', num(t.uid));
      if (uid === undefined) return new Skip('Its user ({id}) was not imported', { id: num(t.uid) });
      return { uid, username: str(t.username), templateTitle: unescapeShowdoc(str(t.template_title)) || 'template', templateContent: pageText(ctx, str(t.template_content)), addtime: num(t.addtime) };
    },
  });
  await run.copy<SourceRow>({
    source: 'template_item',
    targetName: 'template_items',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('template_item'),
    key: (t) => str(t.id),
    conflictReason: 'The template is shared with this item already',
    convert(t) {
      const templateId = run.idOf('template', num(t.template_id));
      const itemId = run.idOf('item', num(t.item_id));
      if (templateId === undefined || itemId === undefined) return new Skip('Its template or item was not imported');
      return { templateId, itemId, uid: run.idOf('user', num(t.uid)) ?? ctx.fallbackOwner.uid, username: str(t.username), createdAt: toUnix(t.created_at) };
    },
  });
}

// Offline HTML export (ShowDoc's exportHtml/export, done with the site's own renderer): a zip
// with index.html, pages/page-<id>.html rendered by the same sanitised Markdown pipeline as the
// site (API pages converted to Markdown first), the catalog menu (assets/js/data.js), a search
// index (assets/js/search-index.js), highlight.js, KaTeX and Mermaid assets copied from
// node_modules when pages need them, and the files the pages link to (assets/uploads/). Every
// address in it is relative: it opens from disk with no server and no network.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AppDeps } from '../../deps';
import { fromRoot } from '../../paths';
import { loadOutline, pagesInOrder, type OutlineCatalogNode } from './outline';
import { BodyFeed } from './contents';
import { markdownOfPage } from './runapiMarkdown';
import { rewriteFileLinks } from './files';
import { NameRegistry } from './fileNames';
import { ScratchFile, ZipWriter } from './zip';
import { createExportRenderer } from './html/render';
import { UI, escapeHtml, fill, indexHtml, pageHtml } from './html/templates';
import { contentFeatures } from '../../../shared/markdown/render';
import { formatDate, progressSpan, stopIfCancelled, type ExportRun, type Lang } from './run';
import type { ExportScope } from './scope';
import { zippedFiles } from './zippedFiles';

const here = fromRoot('server/domain/exports');
const require = createRequire(import.meta.url);
const moduleFile = (spec: string) => require.resolve(spec);

/** Characters of a page's text kept in the search index (titles are always searchable). */
const SEARCH_TEXT_MAX = 20_000;

export interface HtmlExportOptions {
  lang: Lang;
  now: number;
}

/** Plain text of rendered HTML for the search index. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e]!)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_TEXT_MAX);
}

/** Links to other pages of the export (/page/12, /item?page_id=12, on any host) become relative links. */
function linkPages(html: string, exported: Set<number>): string {
  return html.replace(/href="(?:https?:\/\/[^"/]+)?\/(?:page\/(\d+)|[^"/?#]+\?page_id=(\d+))(#[^"]*)?"/g, (m, a?: string, b?: string, hash = '') => {
    const id = Number(a ?? b);
    return exported.has(id) ? `href="page-${id}.html${hash}"` : m;
  });
}

function staticMenu(pages: { pageId: number; pageTitle: string }[], catalogs: OutlineCatalogNode[]): string {
  const link = (p: { pageId: number; pageTitle: string }) => `<li><a href="pages/page-${p.pageId}.html">${escapeHtml(p.pageTitle)}</a></li>`;
  const cat = (n: OutlineCatalogNode): string => `<li><strong>${escapeHtml(n.catalog.catName)}</strong><ul>${n.pages.map(link).join('')}${n.children.map(cat).join('')}</ul></li>`;
  return `<ul class="menu">${pages.map(link).join('')}${catalogs.map(cat).join('')}</ul>`;
}

export async function writeHtmlExport(deps: AppDeps, scope: ExportScope, o: HtmlExportOptions, outPath: string, run: ExportRun): Promise<{ pages: number; files: number }> {
  const scratch = `${outPath}.d`;
  await fs.promises.mkdir(scratch, { recursive: true });
  try {
    return await writeInto(deps, scope, o, outPath, scratch, run);
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

async function writeInto(deps: AppDeps, scope: ExportScope, o: HtmlExportOptions, outPath: string, scratch: string, run: ExportRun): Promise<{ pages: number; files: number }> {
  await run.progress(1, 'Reading the outline');
  const outline = await loadOutline(deps, scope, { kind: 'item' });
  const ordered = pagesInOrder(outline);
  const exported = new Set(ordered.map((p) => p.pageId));
  const zip = new ZipWriter();
  const names = new NameRegistry();
  const renderer = createExportRenderer();
  const item = scope.item;
  const ui = UI[o.lang];

  const { files: uploads, add: addFiles } = zippedFiles(deps, scope, zip, names, 'assets/uploads');
  const feed = new BodyFeed(deps, item.itemId, ordered, addFiles);

  const search: { page_id: string; page_title: string; cat_id: number; text: string }[] = [];
  // the pages, one after another in one scratch file
  const pageFiles = new ScratchFile(path.join(scratch, 'pages.html'));
  const written: typeof ordered = [];
  const used = { code: false, math: false, mermaid: false };
  const step = progressSpan(run, 2, 85, ordered.length, 'Page {n} of {total}');
  try {
    for (const p of ordered) {
      const body = await feed.take(p.pageId);
      if (!body) continue;
      const markdown = rewriteFileLinks(markdownOfPage(body.content), (sign) => {
        const u = uploads.get(sign);
        return u ? encodeURI(`../${u.path}`) : null;
      });
      const { html } = await renderer.render(markdown);
      const f = contentFeatures(html);
      used.code ||= f.code;
      used.math ||= f.math;
      used.mermaid ||= f.mermaid;
      const page = pageHtml({ lang: o.lang, itemName: item.itemName, pageId: p.pageId, title: p.pageTitle, content: linkPages(html, exported), assets: { math: f.math, mermaid: f.mermaid } });
      zip.addPart(`pages/page-${p.pageId}.html`, await pageFiles.append(page));
      search.push({ page_id: String(p.pageId), page_title: p.pageTitle, cat_id: p.catId, text: textOf(html) });
      written.push(p);
      await step(written.length);
      stopIfCancelled(run);
    }
    await pageFiles.close();
  } finally {
    // a failed or cancelled export stops writing before its scratch folder is removed
    await pageFiles.discard();
  }

  await run.progress(86, 'Writing the archive');
  const catalogs: { cat_id: number; cat_name: string; parent_cat_id: number; level: number; s_number: number }[] = [];
  const walk = (ns: OutlineCatalogNode[]) =>
    ns.forEach((n) => {
      catalogs.push({ cat_id: n.catalog.catId, cat_name: n.catalog.catName, parent_cat_id: n.catalog.parentCatId, level: n.catalog.level, s_number: n.catalog.sNumber });
      walk(n.children);
    });
  walk(outline.catalogs);
  const data = {
    item_id: item.itemId,
    item_name: item.itemName,
    item_type: item.itemType,
    item_description: item.itemDescription,
    catalogs,
    pages: written.map((p) => ({ page_id: String(p.pageId), page_title: p.pageTitle, cat_id: p.catId, s_number: p.sNumber, file_path: `pages/page-${p.pageId}.html` })),
    order: written.map((p) => String(p.pageId)),
    ui: { search: ui.search, noResults: ui.noResults },
  };
  const date = formatDate(o.now);
  zip.addText('index.html', indexHtml({ lang: o.lang, itemName: item.itemName, description: item.itemDescription, date, menu: staticMenu(outline.pages, outline.catalogs) }));
  zip.addText('README.txt', fill(ui.readme, { name: item.itemName, date }));
  zip.addText('assets/js/data.js', `window.PROJECT_DATA = ${JSON.stringify(data)};\n`);
  const searchFile = path.join(scratch, 'search-index.js');
  await fs.promises.writeFile(searchFile, `window.SEARCH_INDEX = ${JSON.stringify(search)};\n`);
  zip.addFile('assets/js/search-index.js', searchFile);
  zip.addFile('assets/js/app.js', path.join(here, 'html/static/app.js'));
  zip.addFile('assets/css/app.css', path.join(here, 'html/static/app.css'));
  zip.addFile('assets/css/highlight.css', moduleFile('highlight.js/styles/github.min.css'));
  if (used.math) {
    const katexCss = moduleFile('katex/dist/katex.min.css');
    zip.addFile('assets/katex/katex.min.css', katexCss);
    const fonts = path.join(path.dirname(katexCss), 'fonts');
    for (const f of await fs.promises.readdir(fonts)) if (f.endsWith('.woff2') || f.endsWith('.woff')) zip.addFile(`assets/katex/fonts/${f}`, path.join(fonts, f));
  }
  if (used.mermaid) {
    zip.addFile('assets/mermaid/mermaid.min.js', moduleFile('mermaid/dist/mermaid.min.js'));
    zip.addFile('assets/mermaid/purify.min.js', moduleFile('dompurify/dist/purify.min.js'));
  }
  await zip.writeTo(outPath);
  await run.progress(100, 'Done');
  return { pages: written.length, files: [...uploads.values()].filter(Boolean).length };
}

// Word export: a real .docx of the whole item, one catalog or one page. A title page, a table of
// contents (its entries written in, so it shows before Word updates it), then catalogs and page
// titles as headings (catalogs at levels 1–3, a page one level below its catalog) and each
// page's Markdown as Word structure; API pages are converted to Markdown first. Page contents
// are read and converted in batches, the body streamed to a scratch file: memory stays bounded
// for a 1,000-page item. Images come from the item's files through storage, within a budget.
import fs from 'node:fs';
import { once } from 'node:events';
import { Paragraph, TextRun } from 'docx';
import type { AppDeps } from '../../deps';
import { loadOutline, type ExportOutline, type OutlineCatalogNode } from './outline';
import { entriesOf, inBatches } from './contents';
import { markdownOfPage } from './runapiMarkdown';
import { WordImages } from './word/images';
import { WordBodyWriter } from './word/bodyWriter';
import { writeDocx } from './word/docxPackage';
import { xmlSafe } from './word/ooxml';
import { discardStream, endStream, scratchStream } from './zip';
import { formatDate, progressSpan, stopIfCancelled, type ExportRun, type Lang } from './run';
import type { ExportScope, ExportTarget } from './scope';

const TEXT = {
  en: { contents: 'Contents', exported: 'Exported on {date}', catalog: 'Catalog: {path}', page: 'Page: {title}', pages: '{n} pages', untitled: 'Untitled' },
  zh: { contents: '目录', exported: '导出于 {date}', catalog: '目录：{path}', page: '页面：{title}', pages: '共 {n} 页', untitled: '未命名' },
};
const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_m, k: string) => String(vars[k] ?? ''));

export interface WordExportOptions {
  lang: Lang;
  /** unix seconds, for the title page */
  now: number;
}

/** The heading level of the deepest page title: the contents list catalogs and pages down to it. */
function deepestPageLevel(o: ExportOutline): number {
  let deepest = o.pages.length ? 1 : 0;
  const walk = (ns: OutlineCatalogNode[]) => {
    for (const n of ns) {
      if (n.pages.length) deepest = Math.max(deepest, n.depth + 1);
      walk(n.children);
    }
  };
  walk(o.catalogs);
  return Math.max(1, deepest);
}

function titlePage(scope: ExportScope, outline: ExportOutline, target: ExportTarget, o: WordExportOptions): Paragraph[] {
  const t = TEXT[o.lang];
  const line = (text: string, extra: Record<string, unknown> = {}) => new Paragraph({ ...extra, children: [new TextRun({ text: xmlSafe(text), color: '57606A' })] });
  const out = [new Paragraph({ heading: 'Title', children: [new TextRun(xmlSafe(scope.item.itemName || t.untitled))] })];
  if (target.kind === 'catalog' && outline.catalogs[0]) out.push(line(fill(t.catalog, { path: outline.catalogs[0].path.join(' / ') }), { style: 'Subtitle' }));
  if (target.kind === 'page' && outline.pages[0]) out.push(line(fill(t.page, { title: outline.pages[0].pageTitle }), { style: 'Subtitle' }));
  if (scope.item.itemDescription) out.push(new Paragraph({ children: [new TextRun(xmlSafe(scope.item.itemDescription))] }));
  out.push(line(fill(t.exported, { date: formatDate(o.now) }), { spacing: { before: 480 } }));
  out.push(line(fill(t.pages, { n: outline.pageCount })));
  return out;
}

/**
 * Writes the .docx to `outPath` (the body goes through `outPath + '.body'`, removed at the end).
 * Resolves with the number of pages written.
 */
export async function writeWordExport(deps: AppDeps, scope: ExportScope, target: ExportTarget, o: WordExportOptions, outPath: string, run: ExportRun): Promise<{ pages: number }> {
  const t = TEXT[o.lang];
  await run.progress(1, 'Reading the outline');
  const outline = await loadOutline(deps, scope, target);
  const images = new WordImages(deps, scope);
  const body = new WordBodyWriter(images, deepestPageLevel(outline));
  const bodyPath = `${outPath}.body`;
  const out = scratchStream(bodyPath);
  const write = async (xml: string) => {
    if (!out.write(xml)) await once(out, 'drain');
  };
  const step = progressSpan(run, 2, 90, outline.pageCount, 'Page {n} of {total}');
  let done = 0;
  try {
    for await (const chunk of inBatches(deps, scope.item.itemId, entriesOf(outline))) {
      const markdown = chunk.map((e) => (e.kind === 'page' && e.body ? markdownOfPage(e.body.content) : ''));
      await images.prepare(markdown);
      const parts: string[] = [];
      chunk.forEach((e, n) => {
        if (e.kind === 'catalog') parts.push(body.heading(e.node.depth, e.node.catalog.catName || t.untitled));
        else if (e.body) {
          parts.push(body.heading(e.depth + 1, e.page.pageTitle || t.untitled), body.markdown(markdown[n]));
          done++;
        }
      });
      await write(parts.join(''));
      await step(done);
      stopIfCancelled(run);
    }
    if (!body.toc.length) await write('<w:p/>');
    await endStream(out);
    await run.progress(92, 'Writing the document');
    await writeDocx(
      { title: scope.item.itemName, description: scope.item.itemDescription, contentsLabel: t.contents, titlePage: titlePage(scope, outline, target, o), bodyPath, body },
      outPath,
    );
  } finally {
    await discardStream(out);
    await fs.promises.rm(bodyPath, { force: true });
  }
  await run.progress(100, 'Done');
  return { pages: done };
}

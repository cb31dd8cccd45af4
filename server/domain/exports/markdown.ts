// Markdown export in ShowDoc's layout (ExportController::markdown), so ShowDoc and Quire import it
// back: `info.json` holds the item and its catalog tree with every page (values HTML-escaped, as
// ShowDoc stores and exports them; members and the item password left out), and each page is a
// `<title>.md` file with its raw Markdown in folders named after its catalogs (names cleaned and
// made unique as ShowDoc does). Quire adds the files the pages link to under `attachments/`:
// the .md files link to them relatively, and `quire_attachments` in info.json maps each file's
// sign (as found in the stored links) to its entry, so an importer can upload them again.
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type { AppDeps } from '../../deps';
import { loadOutline, pagesInOrder, type OutlineCatalogNode, type OutlinePage } from './outline';
import { BodyFeed } from './contents';
import { markdownOfPage } from './runapiMarkdown';
import { rewriteFileLinks } from './files';
import { NameRegistry, sanitizeFileName } from './fileNames';
import { ScratchFile, ZipWriter, discardStream, endStream, scratchStream } from './zip';
import { progressSpan, stopIfCancelled, type ExportRun } from './run';
import type { ExportScope } from './scope';
import { zippedFiles } from './zippedFiles';

/** PHP's htmlspecialchars (ENT_QUOTES): how ShowDoc stores, and exports, text. */
export function showdocEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!);
}

export interface AttachmentEntry {
  sign: string;
  /** the entry in the zip */
  path: string;
  display_name: string;
  file_type: string;
  file_size: number;
}

const j = (v: unknown) => JSON.stringify(v);

/** Writes the zip to `outPath`, using the scratch folder `outPath + '.d'` (removed at the end). */
export async function writeMarkdownExport(deps: AppDeps, scope: ExportScope, outPath: string, run: ExportRun): Promise<{ pages: number; files: number }> {
  const scratch = `${outPath}.d`;
  await fs.promises.mkdir(scratch, { recursive: true });
  try {
    return await writeInto(deps, scope, outPath, scratch, run);
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

async function writeInto(deps: AppDeps, scope: ExportScope, outPath: string, scratch: string, run: ExportRun): Promise<{ pages: number; files: number }> {
  await run.progress(1, 'Reading the outline');
  const outline = await loadOutline(deps, scope, { kind: 'item' });
  const zip = new ZipWriter();
  const names = new NameRegistry();
  // reserved: a catalog or page of these names gets a suffix
  names.take('', 'attachments');
  names.take('', 'info', '.json');
  // read once written (entries open when the zip reaches them): first in the archive, as importers look for it
  zip.addFile('info.json', path.join(scratch, 'info.json'));
  const { files: attachments, add: addFiles } = zippedFiles(deps, scope, zip, names, 'attachments');
  const feed = new BodyFeed(deps, scope.item.itemId, pagesInOrder(outline), addFiles);

  const info = scratchStream(path.join(scratch, 'info.json'));
  const write = async (s: string) => {
    if (!info.write(s)) await once(info, 'drain');
  };
  // the .md files, one after another in one scratch file
  const mdFiles = new ScratchFile(path.join(scratch, 'pages.md'));
  const step = progressSpan(run, 2, 80, outline.pageCount, 'Page {n} of {total}');
  let done = 0;

  /** one page: its object in info.json (null when it was deleted meanwhile) and its .md file */
  const page = async (p: OutlinePage, folder: string): Promise<string | null> => {
    const body = await feed.take(p.pageId);
    if (!body) return null;
    const mdName = names.take(folder, sanitizeFileName(p.pageTitle), '.md');
    const up = '../'.repeat(folder ? folder.split('/').length : 0);
    const md = rewriteFileLinks(markdownOfPage(body.content), (sign) => {
      const a = attachments.get(sign);
      return a ? encodeURI(up + a.path) : null;
    });
    zip.addPart(mdName, await mdFiles.append(md));
    await step(++done);
    stopIfCancelled(run);
    return j({
      page_id: p.pageId,
      page_title: showdocEscape(p.pageTitle),
      cat_id: p.catId,
      page_content: showdocEscape(body.content),
      s_number: p.sNumber,
      page_comments: showdocEscape(body.comments),
    });
  };
  const pageList = async (list: OutlinePage[], folder: string) => {
    let first = true;
    for (const p of list) {
      const json = await page(p, folder);
      if (json === null) continue;
      await write((first ? '' : ',') + json);
      first = false;
    }
  };
  const catalog = async (n: OutlineCatalogNode, parentFolder: string) => {
    const folder = names.take(parentFolder, sanitizeFileName(n.catalog.catName || '目录'));
    const c = n.catalog;
    await write(`{"cat_id":${c.catId},"cat_name":${j(showdocEscape(c.catName))},"parent_cat_id":${c.parentCatId},"level":${c.level},"s_number":${c.sNumber},"pages":[`);
    await pageList(n.pages, folder);
    await write('],"catalogs":[');
    for (const [i, child] of n.children.entries()) {
      if (i) await write(',');
      await catalog(child, folder);
    }
    await write(']}');
  };

  const item = scope.item;
  const manifest: AttachmentEntry[] = [];
  try {
    await write(`{"item_type":${item.itemType},"item_name":${j(showdocEscape(item.itemName))},"item_description":${j(showdocEscape(item.itemDescription))},"password":"","pages":{"pages":[`);
    await pageList(outline.pages, '');
    await write('],"catalogs":[');
    for (const [i, n] of outline.catalogs.entries()) {
      if (i) await write(',');
      await catalog(n, '');
    }
    for (const [sign, a] of attachments) {
      if (a) manifest.push({ sign, path: a.path, display_name: a.file.displayName, file_type: a.file.fileType, file_size: a.file.fileSize });
    }
    await write(`]},"quire_attachments":${j(manifest)}}`);
    await endStream(info);
    await mdFiles.close();
  } finally {
    // a failed or cancelled export stops writing before its scratch folder is removed
    await Promise.all([discardStream(info), mdFiles.discard()]);
  }

  await run.progress(82, 'Writing the archive');
  await zip.writeTo(outPath);
  await run.progress(100, 'Done');
  return { pages: done, files: manifest.length };
}

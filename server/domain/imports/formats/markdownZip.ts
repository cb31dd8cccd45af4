// A zip of Markdown files (ShowDoc's importFromReadingMDFile, and any folder of notes): folders
// become catalogs, each .md file a page titled after its file name, in natural order (2 before
// 10). Files the pages link to by relative paths become attachments. Other files are listed in
// the report. Deeper folders than catalogs allow are folded by the writer.
import { ApiError } from '../../../errors';
import { ErrorCode } from '../../../../shared/errors';
import { IMPORT_LIMITS } from '../limits';
import { say } from '../messages';
import { childNamed, emptyCatalog, type ImportPlan, type PlanCatalog, type Skip } from '../plan';
import { decodeText } from '../text';
import { ArchiveFiles } from './archive';
import { extractAssetLinks } from './assets';
import type { ReaderEnv } from './openapi';

export const MARKDOWN_FILE = /\.(md|markdown)$/i;

/** Reads one Markdown entry: its text, and a note in the report when it was not valid UTF-8 or GBK. */
export async function readMarkdown(files: ArchiveFiles, path: string, env: ReaderEnv, skipped: Skip[]): Promise<string> {
  const { text, lossy } = decodeText(await files.read(path, IMPORT_LIMITS.textEntryBytes));
  if (lossy) skipped.push({ name: path, reason: say(env.lang, 'Not valid UTF-8 text: characters that could not be read were replaced') });
  return text;
}

/** Pages for the Markdown files under `files`, with their links to other archive files. */
export async function markdownTree(files: ArchiveFiles, env: ReaderEnv, skipped: Skip[], ignore: (path: string) => boolean = () => false) {
  const root = emptyCatalog();
  const assets: ImportPlan['assets'] = new Map();
  const linked = new Set<string>();
  const mdPaths = files.paths().filter((p) => MARKDOWN_FILE.test(p) && !ignore(p));
  if (mdPaths.length > IMPORT_LIMITS.pages) {
    throw new ApiError(ErrorCode.GENERIC, 'The zip holds {count} Markdown files; one import creates at most {max} pages', { count: mdPaths.length, max: IMPORT_LIMITS.pages });
  }
  let n = 0;
  for (const path of mdPaths) {
    const parts = path.split('/');
    const file = parts.pop()!;
    let into: PlanCatalog = root;
    for (const folder of parts) into = childNamed(into, folder);
    const text = await readMarkdown(files, path, env, skipped);
    const { content, links } = extractAssetLinks(text, parts.join('/'), files, (p) => !MARKDOWN_FILE.test(p));
    for (const l of links) {
      linked.add(l.path);
      if (!assets.has(l.path)) assets.set(l.path, { name: l.path.split('/').pop()!, read: (max) => files.read(l.path, max) });
    }
    into.pages.push({ title: file.replace(MARKDOWN_FILE, ''), content, source: path, assets: links });
    if (++n % 200 === 0) await env.progress(5 + Math.round((n / mdPaths.length) * 25), 'Reading file {n} of {total}', { n, total: mdPaths.length });
  }
  return { root, assets, linked, mdPaths };
}

export async function planMarkdownZip(files: ArchiveFiles, zipName: string, env: ReaderEnv): Promise<ImportPlan> {
  const skipped: Skip[] = [];
  const { root, assets, linked, mdPaths } = await markdownTree(files, env, skipped);
  if (!mdPaths.length) throw new ApiError(ErrorCode.GENERIC, 'The zip file holds no Markdown (.md) files and no ShowDoc info.json');
  for (const p of files.paths()) {
    if (!MARKDOWN_FILE.test(p) && !linked.has(p)) skipped.push({ name: p, reason: say(env.lang, 'Not a Markdown file and no page links to it') });
  }
  return {
    format: 'markdown',
    formatLabel: 'Markdown zip',
    item: { name: files.folder || zipName.replace(/\.zip$/i, '') || 'Markdown', description: '', itemType: 1, password: { kind: 'random' } },
    root,
    assets,
    skipped,
  };
}

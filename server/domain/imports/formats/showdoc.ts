// ShowDoc's Markdown exports, both layouts it has written (showdoc-behaviour §8.1, its
// ExportController and ImportController):
// - current: `info.json` (the item: name, type, description, visit password, and the catalog
//   tree with every page's content, HTML-escaped as ShowDoc stores it) plus one `<title>.md`
//   per page with the raw text, in folders named after the catalogs;
// - older: `prefix_info.json`, flat `prefix_<md5>.md` copies and a `prefix_readme.md` index.
// The tree and the order come from the info file. A page's text is taken from its .md file
// when the current layout has it (raw, and it may link images by relative paths, as Quire's
// own exports do), else from the info file, unescaped. RunApi pages become API pages.
import { ApiError } from '../../../errors';
import { ErrorCode } from '../../../../shared/errors';
import { ITEM_TYPE, PAGE_TITLE_MAX_CHARS } from '../../../../shared/limits';
import { IMPORT_LIMITS } from '../limits';
import { say } from '../messages';
import { emptyCatalog, unescapeShowdoc, type ImportPlan, type PlanCatalog, type PlanPage, type PlanPassword, type Skip } from '../plan';
import { checkTreeSize, parseJson } from '../structured';
import { decodeText } from '../text';
import { ArchiveFiles } from './archive';
import { extractAssetLinks } from './assets';
import { MARKDOWN_FILE, readMarkdown } from './markdownZip';
import type { ReaderEnv } from './openapi';
import { runapiToMarkdown } from './runapi';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : isObj(v) ? Object.values(v).filter(isObj) : []);
const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);

export const INFO_FILES = ['info.json', 'prefix_info.json'] as const;

/** A ShowDoc info object: an item with a `pages` tree. */
export const isShowdocInfo = (doc: unknown): doc is Obj => isObj(doc) && (isObj(doc.pages) || Array.isArray(doc.pages)) && ('item_name' in doc || 'item_type' in doc);

/** ShowDoc's FileHelper::sanitizeFilename (the names its export gives files and folders). */
export function showdocFileName(name: string): string {
  let s = name
    .trim()
    .replace(/[<>:"/\\|?*\x00-\x1F]/g, '_')
    .replace(/[_.]+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '');
  if (!s) s = '未命名';
  if (/^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])$/i.test(s)) s += '_';
  return [...s].slice(0, 200).join('');
}

const sNumberOf = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) && Number.isInteger(n) && Math.abs(n) < 2 ** 31 ? n : undefined;
};

function passwordOf(v: unknown): PlanPassword {
  const p = str(v);
  if (!p) return { kind: 'none' };
  if (p.startsWith('$argon2')) return { kind: 'hash', value: p };
  return { kind: 'plain', value: unescapeShowdoc(p) };
}

function itemTypeOf(v: unknown, pages: number, env: ReaderEnv, skipped: Skip[]): number {
  const t = Number(v);
  if (t === ITEM_TYPE.singlePage && pages === 1) return t;
  if (t === ITEM_TYPE.table && pages === 1) return t;
  if (t === 0 || t === ITEM_TYPE.regular || Number.isNaN(t)) return ITEM_TYPE.regular;
  if (t === ITEM_TYPE.singlePage) return ITEM_TYPE.regular;
  skipped.push({ name: 'info.json', reason: say(env.lang, 'ShowDoc item type {type} was imported as a regular item', { type: str(v) }) });
  return ITEM_TYPE.regular;
}

interface Walk {
  files?: ArchiveFiles;
  env: ReaderEnv;
  skipped: Skip[];
  assets: ImportPlan['assets'];
  /** archive .md files a page was read from */
  used: Set<string>;
  pages: number;
}

/** The page, its text taken from `mdPath` when the archive has it. */
async function pageOf(p: Obj, mdPath: string | undefined, dir: string, w: Walk): Promise<PlanPage> {
  let title = unescapeShowdoc(str(p.page_title)).trim() || say(w.env.lang, 'Untitled');
  if (title.length > PAGE_TITLE_MAX_CHARS) title = title.slice(0, PAGE_TITLE_MAX_CHARS);
  const found = mdPath && w.files ? w.files.find(mdPath) : undefined;
  let content: string;
  let assets: PlanPage['assets'];
  if (found && w.files) {
    w.used.add(found);
    const text = await readMarkdown(w.files, found, w.env, w.skipped);
    const files = w.files;
    const x = extractAssetLinks(text, dir, files, (path) => !MARKDOWN_FILE.test(path));
    content = x.content;
    assets = x.links;
    for (const l of x.links) if (!w.assets.has(l.path)) w.assets.set(l.path, { name: l.path.split('/').pop()!, read: (max) => files.read(l.path, max) });
  } else {
    content = unescapeShowdoc(str(p.page_content));
  }
  content = runapiToMarkdown(content, w.env.lang) ?? content;
  if (++w.pages > IMPORT_LIMITS.pages) throw refuse('The export holds more than {max} pages; one import creates at most {max} pages', { max: IMPORT_LIMITS.pages });
  return { title, content, sNumber: sNumberOf(p.s_number), comments: unescapeShowdoc(str(p.page_comments)), source: found ?? title, assets };
}

/** Names the exporter gives inside one folder: a second page of the same title gets _1, _2… */
class FolderNames {
  private readonly taken = new Set<string>();
  file(title: string): string {
    const base = showdocFileName(title || '未命名');
    let name = `${base}.md`;
    for (let i = 1; this.taken.has(name); i++) name = `${base}_${i}.md`;
    this.taken.add(name);
    return name;
  }
  folder(catName: string): string {
    const base = showdocFileName(catName || '目录');
    let name = base;
    for (let i = 1; this.taken.has(`${name}/`); i++) name = `${base}_${i}`;
    this.taken.add(`${name}/`);
    return name;
  }
}

async function catalogOf(node: Obj, dir: string | undefined, w: Walk, depth: number): Promise<PlanCatalog> {
  const cat = emptyCatalog(unescapeShowdoc(str(node.cat_name)).trim() || say(w.env.lang, 'Untitled'));
  cat.sNumber = sNumberOf(node.s_number);
  await fill(cat, node, dir, w, depth);
  return cat;
}

/** Pages first, then catalogs: the order ShowDoc's exporter writes them (which decides the _1 suffixes). */
async function fill(into: PlanCatalog, node: Obj, dir: string | undefined, w: Walk, depth: number): Promise<void> {
  const names = new FolderNames();
  for (const p of list(node.pages)) {
    const md = dir === undefined ? undefined : (dir ? `${dir}/` : '') + names.file(unescapeShowdoc(str(p.page_title)));
    into.pages.push(await pageOf(p, md, dir ?? '', w));
  }
  if (depth > 16) return; // ShowDoc nests three levels; nothing sane goes deeper
  for (const c of list(node.catalogs)) {
    const sub = dir === undefined ? undefined : (dir ? `${dir}/` : '') + names.folder(unescapeShowdoc(str(c.cat_name)));
    into.catalogs.push(await catalogOf(c, sub, w, depth + 1));
  }
}

/** An info object (from a zip, or uploaded alone) as a plan; `files` when the .md files are at hand. */
export async function planShowdocInfo(info: Obj, files: ArchiveFiles | undefined, layout: 'info.json' | 'prefix_info.json', env: ReaderEnv): Promise<ImportPlan> {
  const skipped: Skip[] = [];
  const w: Walk = { files, env, skipped, assets: new Map(), used: new Set(), pages: 0 };
  const root = emptyCatalog();
  const tree = Array.isArray(info.pages) ? { pages: info.pages } : isObj(info.pages) ? info.pages : {};
  // the older layout's .md copies are named by hashes: its text is only in the info file
  await fill(root, tree, layout === 'info.json' && files ? '' : undefined, w, 0);
  if (files) {
    for (const p of files.paths()) {
      if (w.used.has(p) || w.assets.has(p) || INFO_FILES.includes(p as (typeof INFO_FILES)[number])) continue;
      if (layout === 'prefix_info.json' && /^prefix_/.test(p)) continue;
      if (/^(prefix_)?readme\.md$/i.test(p)) continue;
      skipped.push({ name: p, reason: say(env.lang, 'Not listed in {file}', { file: layout }) });
    }
  }
  return {
    format: 'showdoc',
    formatLabel: `ShowDoc export (${layout})`,
    item: {
      name: unescapeShowdoc(str(info.item_name)).trim() || 'ShowDoc',
      description: unescapeShowdoc(str(info.item_description)),
      itemType: itemTypeOf(info.item_type, w.pages, env, skipped),
      password: passwordOf(info.password),
    },
    root,
    assets: w.assets,
    skipped,
  };
}

export async function planShowdocZip(files: ArchiveFiles, layout: 'info.json' | 'prefix_info.json', env: ReaderEnv): Promise<ImportPlan> {
  const { text } = decodeText(await files.read(layout, IMPORT_LIMITS.textEntryBytes));
  const info = parseJson(text, layout);
  checkTreeSize(info, layout);
  if (!isShowdocInfo(info)) throw refuse('{name} is not a ShowDoc export: it has no item and no pages', { name: layout });
  return planShowdocInfo(info, files, layout, env);
}

// Attachments: ShowDoc's upload_file rows and their files under Public/Uploads, and which pages
// use them (file_page). Files keep their sign, so visitFile links keep working; a sign that a
// Quire file already has gets another (the same one on every run: pages written by an earlier,
// interrupted run point at it). Bytes go to the storage new uploads go to; a row whose file is
// missing is imported and reported. Types are decided from the content, as for uploads.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as repo from '../../../db/repos/showdocImport';
import { uploadStorage } from '../../../storage';
import { checkFile, cleanDisplayName, extensionOf } from '../../attachments/fileRules';
import { Skip } from '../copy';
import { uploadPathOf, type FileLinks } from '../links';
import { num, str, type SourceRow } from '../sourceDb';
import type { StepContext } from './context';

const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex').slice(0, 32);

/** Decides every file's Quire sign before pages are written (their links name it). */
export async function planFileLinks(ctx: Pick<StepContext, 'deps' | 'run' | 'src'>, siteUrl: string): Promise<FileLinks> {
  const { deps, run, src } = ctx;
  const map = await run.map('upload_file');
  const rows = [...src.raw('upload_file')].map((r) => ({ id: num(r.file_id), sign: str(r.sign).trim(), path: uploadPathOf(str(r.real_url)) }));
  // files an earlier run imported: their sign is whatever it stored
  const importedIds = rows.map((r) => map.get(String(r.id))).filter((id): id is number => id !== undefined);
  const storedSign = await repo.signsOfFiles(deps.db, importedIds);
  const inUse = await repo.signsInUse(deps.db, rows.filter((r) => !map.has(String(r.id)) && r.sign).map((r) => r.sign));
  const links: FileLinks = { signs: new Map(), paths: new Map(), siteUrl };
  for (const r of rows) {
    const done = map.get(String(r.id));
    const sign = done !== undefined ? storedSign.get(done) : !r.sign || inUse.has(r.sign) ? sha(`showdoc-file:${r.id}:${r.sign}`) : r.sign;
    if (!sign) continue;
    if (r.sign) links.signs.set(r.sign, sign);
    if (r.path) links.paths.set(r.path, sign);
  }
  return links;
}

/** the file's place on disk, only inside the uploads folder */
function fileIn(uploadsDir: string, rel: string): string | null {
  const root = path.resolve(uploadsDir);
  const p = path.resolve(root, rel);
  return p.startsWith(root + path.sep) ? p : null;
}

async function sizeOf(p: string): Promise<number | null> {
  try {
    const st = await fs.lstat(p);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}

export async function copyFiles(ctx: StepContext) {
  const { run, src, deps } = ctx;
  const { driver, prefix } = await uploadStorage(deps);
  await run.copy<SourceRow>({
    source: 'upload_file',
    targetName: 'attachments',
    idColumn: 'file_id',
    idField: 'fileId',
    rows: src.raw('upload_file'),
    key: (f) => str(f.file_id),
    sourceId: (f) => num(f.file_id),
    conflictReason: 'Its sign is used by another file',
    async convert(f) {
      const id = num(f.file_id);
      const showdocSign = str(f.sign).trim();
      const rel = uploadPathOf(str(f.real_url));
      const sign = (showdocSign && ctx.links.signs.get(showdocSign)) || (rel && ctx.links.paths.get(rel)) || sha(`showdoc-file:${id}:${showdocSign}`);
      const displayName = cleanDisplayName(str(f.display_name)) || (rel ? path.basename(rel) : `file-${id}`);
      const ext = (extensionOf(displayName) || (rel ? extensionOf(rel) : '')).replace(/[^a-z0-9]/g, '').slice(0, 8);
      // the same key on every run: a rerun overwrites what a killed run stored
      const key = `${prefix || 'showdoc/'}${sha(`showdoc-key:${id}:${showdocSign}`)}${ext ? '.' + ext : ''}`;
      const onDisk = rel && ctx.uploadsDir ? fileIn(ctx.uploadsDir, rel) : null;
      const size = onDisk ? await sizeOf(onDisk) : null;
      let fileType = 'application/octet-stream';
      let realUrl = '';
      if (onDisk && size !== null) {
        if (!run.dryRun) {
          const checked = size > 0 ? await checkFile(displayName, { filepath: onDisk, size }, { imagesOnly: false }) : null;
          if (checked && 'mime' in checked) fileType = checked.mime;
          realUrl = (await driver.put(key, { path: onDisk, size }, fileType)).realUrl;
        }
      } else {
        run.missingFile(rel ?? str(f.real_url));
      }
      const page = num(f.page_id);
      return {
        sign,
        displayName,
        fileType,
        fileSize: size ?? num(f.file_size),
        uid: run.idOf('user', num(f.uid)) ?? ctx.fallbackOwner.uid,
        itemId: run.idOf('item', num(f.item_id)) ?? 0,
        pageId: page > 0 ? (run.idOf('page', page) ?? 0) : 0,
        storageDriver: driver.name,
        storageKey: key,
        realUrl,
        visitTimes: num(f.visit_times),
        addtime: num(f.addtime),
        lastVisitTime: num(f.last_visit_time),
      };
    },
    extraMap: (f, id) => {
      const rel = uploadPathOf(str(f.real_url));
      return rel ? [['upload_path', rel, id]] : [];
    },
  });
  await run.copy<SourceRow>({
    source: 'file_page',
    targetName: 'attachment_pages',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('file_page'),
    key: (b) => str(b.id),
    conflictReason: 'The file is bound to this page already',
    convert(b) {
      const fileId = run.idOf('upload_file', num(b.file_id));
      const pageId = run.idOf('page', num(b.page_id));
      const itemId = run.idOf('item', num(b.item_id));
      if (fileId === undefined || pageId === undefined || itemId === undefined) return new Skip('Its file or page was not imported');
      return { fileId, pageId, itemId, addtime: num(b.addtime) };
    },
  });
}

// The item's stored files an export copies: those its pages link to (visitFile links carry the
// file's random sign), read through server/storage from the disk or object storage they live
// on. Nothing is ever fetched from a URL: a link to another site stays a link (no requests to
// hosts a page author chose).
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../deps';
import * as repo from '../../db/repos/exports';
import type { StoredFileRow } from '../../db/repos/exports';
import { storageOf } from '../../storage';
import type { ExportScope } from './scope';

export type ExportFile = StoredFileRow;

/** `…visitFile&sign=<32 hex>` (attachment/ or common/, any site address) */
const VISIT_LINK = /visit_?file[^\s"'<>()]*?[?&]sign=([0-9a-f]{32})(?![0-9a-f])/.source;

/** The sign of an attachment link, or null. */
export function signOfUrl(url: string): string | null {
  const m = new RegExp(VISIT_LINK, 'i').exec(url);
  return m ? m[1].toLowerCase() : null;
}

/** Every attachment sign a page's text links to. */
export function signsIn(text: string): string[] {
  if (!/visit_?file/i.test(text)) return [];
  return [...new Set(Array.from(text.matchAll(new RegExp(VISIT_LINK, 'gi')), (m) => m[1].toLowerCase()))];
}

/** The files of these signs the export may copy (the scope decides each). */
export async function embeddableFiles(deps: Pick<AppDeps, 'db'>, scope: ExportScope, signs: Iterable<string>): Promise<Map<string, ExportFile>> {
  const wanted = [...new Set(signs)];
  const out = new Map<string, ExportFile>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await repo.filesBySigns(deps.db, wanted.slice(i, i + 500));
    const bindings = await repo.bindingsOf(deps.db, rows.map((r) => r.fileId));
    for (const row of rows) {
      const mine = bindings.filter((b) => b.fileId === row.fileId).map((b) => ({ itemId: b.itemId, catId: b.catId }));
      if (scope.mayEmbed({ uid: row.uid, itemId: row.itemId, bindings: mine })) out.set(row.sign.toLowerCase(), row);
    }
  }
  return out;
}

/** The file's bytes as a stream, or null when storage no longer has them. */
export async function openFile(deps: AppDeps, file: ExportFile): Promise<Readable | null> {
  const driver = await storageOf(deps, file.storageDriver);
  const obj = await driver.get(file.storageKey);
  return obj?.body ?? null;
}

/** The file's bytes, or null when missing or larger than `max`. */
export async function readFile(deps: AppDeps, file: ExportFile, max: number): Promise<Buffer | null> {
  if (file.fileSize > max) return null;
  const body = await openFile(deps, file);
  if (!body) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += b.length;
    if (size > max) {
      body.destroy();
      return null;
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** A whole attachment link: the address up to the sign and whatever follows it. */
const VISIT_URL = /[^\s()"'<>[\]]*visit_?file[^\s()"'<>]*?[?&]sign=([0-9a-f]{32})(?![0-9a-f])[^\s()"'<>]*/gi;

/** Replaces attachment links by what `to` gives for their sign (links it answers null for stay). */
export function rewriteFileLinks(text: string, to: (sign: string) => string | null): string {
  if (!/visit_?file/i.test(text)) return text;
  return text.replace(VISIT_URL, (url, sign: string) => to(sign.toLowerCase()) ?? url);
}

// Serving a stored file: only raster images (type decided from content at upload) are shown
// inline; everything else, SVG included, is a download. Always nosniff and a sandboxing CSP.
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../deps';
import { storageOf } from '../../storage';
import { INLINE_IMAGE_TYPES } from './fileRules';
import type { AttachmentRow } from './store';

const INLINE = new Set(Object.values(INLINE_IMAGE_TYPES));

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ ()-]/g, '_') || 'file';
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

export interface ServedFile {
  type: string;
  body: Readable;
  headers: Record<string, string>;
}

export async function openForServing(deps: AppDeps, row: AttachmentRow): Promise<ServedFile | null> {
  const driver = await storageOf(deps, row.storageDriver);
  const obj = await driver.get(row.storageKey);
  if (!obj) return null;
  const inline = INLINE.has(row.fileType);
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', row.displayName),
    'Cache-Control': 'private, max-age=300',
  };
  const size = obj.size ?? row.fileSize;
  if (Number.isFinite(size)) headers['Content-Length'] = String(size);
  return { type: inline ? row.fileType : 'application/octet-stream', body: obj.body, headers };
}

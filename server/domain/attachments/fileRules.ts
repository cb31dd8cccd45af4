// What may be uploaded: an allow-list of extensions (ShowDoc's, minus nothing it lacked:
// SVG/HTML/PHP/XML are never allowed), each checked against the bytes (magic numbers via
// file-type). User file names never reach the filesystem; they are only cleaned for display.
import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { IMAGE_EXTENSIONS } from '../../../shared/limits';

/** extension → file-type results that may carry it; [] = a text format (no magic number, no NUL bytes) */
const RULES: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  webp: ['webp'],
  ico: ['ico', 'cur'],
  mp3: ['mp3'],
  wav: ['wav'],
  mp4: ['mp4', 'm4v', 'm4a', 'm4p', 'm4b', 'f4v', '3gp', '3g2', 'mov'],
  mov: ['mov', 'mp4', 'm4v', 'qt'],
  flac: ['flac'],
  mkv: ['mkv', 'webm'],
  zip: ['zip'],
  tar: ['tar'],
  gz: ['gz'],
  tgz: ['gz'],
  ipa: ['zip'],
  apk: ['apk', 'zip', 'jar'],
  rar: ['rar'],
  iso: ['iso'],
  pdf: ['pdf'],
  epub: ['epub', 'zip'],
  xps: ['xps', 'zip'],
  doc: ['cfb', 'doc'],
  xls: ['cfb', 'xls'],
  ppt: ['cfb', 'ppt'],
  wps: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  psd: ['psd'],
  txt: [],
  csv: [],
  json: [],
  css: [],
  pub: [],
};

/** certificates come as PEM text or DER binary */
const ANY_CONTENT = new Set(['cer']);

/** Raster images served inline; everything else is a download. */
export const INLINE_IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

export const ALLOWED_EXTENSIONS = [...Object.keys(RULES), ...ANY_CONTENT];
export const imageExtensions: readonly string[] = IMAGE_EXTENSIONS;

const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  css: 'text/css',
  pub: 'text/plain',
};

export interface Checked {
  /** cleaned display name */
  displayName: string;
  /** lower-case extension used for the storage key */
  ext: string;
  /** MIME type decided from the content */
  mime: string;
  /** a raster image that may be shown inline */
  inlineImage: boolean;
}

export type Refusal = { refused: string; vars?: Record<string, string | number> };

/** Display name: last path segment, no control characters, at most 200 characters. Not decoded. */
export function cleanDisplayName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const noCtl = last.replace(/[\u0000-\u001f\u007f<>"]/g, '').trim();
  return noCtl.length > 200 ? noCtl.slice(noCtl.length - 200) : noCtl;
}

export function extensionOf(name: string): string {
  const m = /\.([^.]+)$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

/** Text formats: no NUL byte in the first 64 KiB. */
async function looksText(filepath: string): Promise<boolean> {
  const fh = await fs.promises.open(filepath, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return !buf.subarray(0, bytesRead).includes(0);
  } finally {
    await fh.close();
  }
}

/**
 * Checks a file against the allow-list and its content. `imagesOnly` for the editor's image
 * upload. A nameless paste ('blob', '') takes the extension of the image it contains.
 */
export async function checkFile(
  originalName: string,
  file: { filepath: string; size: number },
  opts: { imagesOnly: boolean },
): Promise<Checked | Refusal> {
  let displayName = cleanDisplayName(originalName);
  const detected = file.size > 0 ? await fileTypeFromFile(file.filepath) : undefined;
  if ((displayName === '' || displayName === 'blob') && opts.imagesOnly && detected && detected.ext in INLINE_IMAGE_TYPES) {
    displayName = `${displayName || 'image'}.${detected.ext}`;
  }
  if (!displayName) return { refused: 'The file has no name' };
  const ext = extensionOf(displayName);
  const allowed = opts.imagesOnly ? imageExtensions : ALLOWED_EXTENSIONS;
  if (!ext || !allowed.includes(ext)) {
    return opts.imagesOnly
      ? { refused: 'Only images may be uploaded here ({types})', vars: { types: imageExtensions.join(', ') } }
      : { refused: 'This file type is not allowed: {ext}', vars: { ext: ext || '(none)' } };
  }
  if (file.size === 0) return { refused: 'The file is empty' };

  let mime: string;
  if (ANY_CONTENT.has(ext)) {
    mime = detected?.mime ?? ((await looksText(file.filepath)) ? 'text/plain' : 'application/octet-stream');
  } else {
    const rule = RULES[ext];
    if (rule.length === 0) {
      if (detected || !(await looksText(file.filepath))) return { refused: 'The file content does not match its extension .{ext}', vars: { ext } };
      mime = TEXT_TYPES[ext] ?? 'text/plain';
    } else {
      if (!detected || !rule.includes(detected.ext)) return { refused: 'The file content does not match its extension .{ext}', vars: { ext } };
      mime = detected.mime;
    }
  }
  const inlineImage = !!detected && detected.ext in INLINE_IMAGE_TYPES && mime === INLINE_IMAGE_TYPES[detected.ext];
  return { displayName, ext, mime, inlineImage };
}

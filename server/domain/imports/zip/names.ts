// Entry names of zip files. The format says names are CP437 unless flag bit 11 marks them UTF-8,
// but in practice: most tools write UTF-8 without the flag, Windows' "Send to compressed folder"
// on a Chinese system writes GBK, and old Western tools write CP437. We read the flag (and the
// Info-ZIP Unicode path field) first, then guess: valid UTF-8, then GBK when every non-ASCII
// byte pair lies in the common GB2312 range, else CP437. A name that still decodes to control
// characters is refused with a message that says how to re-create the zip.
import { crc32 } from 'node:zlib';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gbk = new TextDecoder('gbk', { fatal: true });

/** CP437 code points for bytes 0x80–0xFF */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

export function decodeCp437(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80];
  return s;
}

const isAscii = (bytes: Uint8Array) => bytes.every((b) => b < 0x80);

/** Every non-ASCII byte is part of a pair with both bytes in 0xA1–0xFE (GB2312's common characters). */
function looksGb2312(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    const a = bytes[i];
    const b = bytes[i + 1];
    if (a < 0xa1 || a > 0xfe || b === undefined || b < 0xa1 || b > 0xfe) return false;
    i++;
  }
  return true;
}

function tryDecode(d: TextDecoder, bytes: Uint8Array): string | null {
  try {
    return d.decode(bytes);
  } catch {
    return null;
  }
}

/** The Info-ZIP Unicode Path extra field (0x7075): a UTF-8 name, valid while its CRC matches the raw name. */
function unicodePathField(extra: Uint8Array, raw: Uint8Array): string | null {
  const view = Buffer.from(extra.buffer, extra.byteOffset, extra.byteLength);
  for (let p = 0; p + 4 <= view.length; ) {
    const id = view.readUInt16LE(p);
    const size = view.readUInt16LE(p + 2);
    if (id === 0x7075 && size >= 5 && p + 4 + size <= view.length && view[p + 4] === 1) {
      if (view.readUInt32LE(p + 5) === crc32(raw)) return tryDecode(utf8, view.subarray(p + 9, p + 4 + size));
    }
    p += 4 + size;
  }
  return null;
}

export type NameEncoding = 'utf-8' | 'gbk' | 'cp437';

export function decodeEntryName(raw: Uint8Array, flags: number, extra: Uint8Array): { name: string; encoding: NameEncoding } | null {
  if (flags & 0x800) {
    const s = tryDecode(utf8, raw);
    return s === null ? null : { name: s, encoding: 'utf-8' };
  }
  const unicode = unicodePathField(extra, raw);
  if (unicode !== null) return { name: unicode, encoding: 'utf-8' };
  if (isAscii(raw)) return { name: Buffer.from(raw).toString('latin1'), encoding: 'utf-8' };
  const asUtf8 = tryDecode(utf8, raw);
  if (asUtf8 !== null) return { name: asUtf8, encoding: 'utf-8' };
  if (looksGb2312(raw)) {
    const asGbk = tryDecode(gbk, raw);
    if (asGbk !== null) return { name: asGbk, encoding: 'gbk' };
  }
  return { name: decodeCp437(raw), encoding: 'cp437' };
}

/** C0/C1 controls, the replacement character, and bidi overrides have no place in a file name. */
export const UNREADABLE_NAME = /[\u0000-\u001f\u007f-\u009f\ufffd\u202a-\u202e\u2066-\u2069]/;

export type PathProblem = 'absolute' | 'parent' | 'unreadable';

/**
 * The entry's path inside the archive, '/'-separated without empty, '.' or trailing parts;
 * or why it cannot be used: an absolute path (/x, C:\x, \\server\x) or one that climbs out of
 * the archive with '..' (zip slip).
 */
export function safeEntryPath(name: string): { path: string; isDir: boolean } | { problem: PathProblem } {
  if (UNREADABLE_NAME.test(name)) return { problem: 'unreadable' };
  const unified = name.replace(/\\/g, '/');
  if (unified.startsWith('/') || /^[A-Za-z]:/.test(unified)) return { problem: 'absolute' };
  const parts = unified.split('/');
  const isDir = unified.endsWith('/');
  const kept: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') return { problem: 'parent' };
    kept.push(p);
  }
  return { path: kept.join('/'), isDir };
}

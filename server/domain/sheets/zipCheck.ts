// What an uploaded "xlsx" really is, read from its bytes before any parser sees it: an old
// binary .xls (OLE compound file), not a zip at all, or a zip whose parts would unpack past the
// limits (a zip bomb). Only the zip's central directory is read: sizes as the archive declares
// them; the parser (exceljs) then stops at the same limits if a part lies about its size.
import fs from 'node:fs/promises';
import { XLSX_MAX_PARTS, XLSX_MAX_RATIO, XLSX_MAX_UNZIPPED_BYTES } from '../../../shared/sheet/limits';

export type ZipVerdict = { ok: true; parts: number; unzipped: number } | { ok: false; why: 'xls' | 'not-zip' | 'zip-bomb' | 'too-many-parts' };

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const EOCD = 0x06054b50;
const CDH = 0x02014b50;

export function checkXlsxBytes(buf: Buffer): ZipVerdict {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(OLE)) return { ok: false, why: 'xls' };
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return { ok: false, why: 'not-zip' };
  // the end-of-central-directory record: in the last 22 + 65,535 bytes
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, why: 'not-zip' };
  const entries = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) return { ok: false, why: 'zip-bomb' }; // ZIP64: far past our limits
  if (entries > XLSX_MAX_PARTS) return { ok: false, why: 'too-many-parts' };
  let at = cdOffset;
  let unzipped = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CDH) return { ok: false, why: 'not-zip' };
    const packed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    if (size === 0xffffffff || packed === 0xffffffff) return { ok: false, why: 'zip-bomb' };
    unzipped += size;
    if (unzipped > XLSX_MAX_UNZIPPED_BYTES) return { ok: false, why: 'zip-bomb' };
    if (size > 1024 * 1024 && size > Math.max(1, packed) * XLSX_MAX_RATIO) return { ok: false, why: 'zip-bomb' };
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return { ok: true, parts: entries, unzipped };
}

export async function checkXlsxFile(path: string): Promise<ZipVerdict> {
  return checkXlsxBytes(await fs.readFile(path));
}

// A zip reader for untrusted uploads. It reads the central directory itself (no library that
// extracts to disk or trusts the sizes in the headers) and refuses the whole archive when any
// entry is unsafe: a path climbing out with '..' (zip slip), an absolute path, a symbolic link,
// an encrypted entry, a name in no readable encoding, or more entries than allowed. Entries are
// inflated one at a time on demand, each with an output cap equal to what is left of the
// archive's budget: a zip bomb stops at the cap, whatever its headers claim.
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { ApiError } from '../../../errors';
import { ErrorCode } from '../../../../shared/errors';
import { decodeEntryName, safeEntryPath, type NameEncoding } from './names';

const inflate = promisify(inflateRaw);

const SIG_EOCD = 0x06054b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const MiB = 1024 * 1024;

export interface ZipEntry {
  /** '/'-separated path inside the archive, checked by safeEntryPath */
  path: string;
  isDir: boolean;
  encoding: NameEncoding;
  method: number;
  compressedSize: number;
  /** what the header claims; never trusted for allocation */
  declaredSize: number;
  crc: number;
  localOffset: number;
}

export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);
const damaged = () => refuse('The zip file is damaged or incomplete; create it again and re-upload it');
export const tooMuchUnpacked = (limit: number) =>
  refuse('The zip file unpacks to more than {mb} MB; split it into smaller files', { mb: Math.round(limit / MiB) });

/** Random access to an archive's bytes: a Buffer in memory, or a file read piece by piece (extract.ts). */
export interface ZipSource {
  readonly size: number;
  /** `length` bytes at `offset` (fewer only past the end) */
  bytes(offset: number, length: number): Buffer;
}

export const bufferSource = (buf: Buffer): ZipSource => ({ size: buf.length, bytes: (offset, length) => buf.subarray(offset, offset + length) });

/** The end-of-central-directory record's offset in the archive, or -1. */
function findEndOfCentralDirectory(src: ZipSource): number {
  const tailStart = Math.max(0, src.size - 22 - 0xffff);
  const tail = src.bytes(tailStart, src.size - tailStart);
  for (let p = tail.length - 22; p >= 0; p--) if (tail.readUInt32LE(p) === SIG_EOCD) return tailStart + p;
  return -1;
}

/** Sizes and offset from the ZIP64 extra field (0x0001), for the header fields saturated at 0xFFFFFFFF. */
function zip64Values(extra: Buffer, want: { size: boolean; csize: boolean; offset: boolean }): { size?: number; csize?: number; offset?: number } {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const len = extra.readUInt16LE(p + 2);
    if (p + 4 + len > extra.length) break;
    if (id === 0x0001) {
      const out: { size?: number; csize?: number; offset?: number } = {};
      let q = p + 4;
      const take = () => {
        if (q + 8 > p + 4 + len) throw damaged();
        const v = Number(extra.readBigUInt64LE(q));
        q += 8;
        return v;
      };
      if (want.size) out.size = take();
      if (want.csize) out.csize = take();
      if (want.offset) out.offset = take();
      return out;
    }
    p += 4 + len;
  }
  throw damaged();
}

/**
 * Parses and checks the central directory: every entry's path, kind and sizes, before a byte is
 * unpacked. Throws a clear ApiError for an unsafe or broken archive.
 */
export function readCentralDirectory(src: ZipSource, limits: ZipLimits): ZipEntry[] {
  const eocd = findEndOfCentralDirectory(src);
  if (eocd < 0) throw damaged();
  const end = src.bytes(eocd, 22);
  let count = end.readUInt16LE(10);
  let cdSize = end.readUInt32LE(12);
  let cdOffset = end.readUInt32LE(16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    const locator = loc < 0 ? null : src.bytes(loc, 20);
    if (!locator || locator.readUInt32LE(0) !== SIG_EOCD64_LOCATOR) throw damaged();
    const rec = Number(locator.readBigUInt64LE(8));
    if (rec < 0 || rec + 56 > src.size) throw damaged();
    const record = src.bytes(rec, 56);
    if (record.readUInt32LE(0) !== SIG_EOCD64) throw damaged();
    count = Number(record.readBigUInt64LE(32));
    cdSize = Number(record.readBigUInt64LE(40));
    cdOffset = Number(record.readBigUInt64LE(48));
  }
  if (cdOffset + cdSize > src.size) throw damaged();
  if (count > limits.maxEntries) throw tooManyEntries(limits.maxEntries);
  // the directory alone, read at once (offsets below are within it)
  const buf = src.bytes(cdOffset, cdSize);

  const entries: ZipEntry[] = [];
  let p = 0;
  while (p < buf.length) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== SIG_CENTRAL) throw damaged();
    if (entries.length >= limits.maxEntries) throw tooManyEntries(limits.maxEntries);
    const madeBy = buf.readUInt16LE(p + 4);
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    let csize = buf.readUInt32LE(p + 20);
    let size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const external = buf.readUInt32LE(p + 38);
    let offset = buf.readUInt32LE(p + 42);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > buf.length) throw damaged();
    const rawName = buf.subarray(p + 46, p + 46 + nameLen);
    const extra = buf.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen);
    if (csize === 0xffffffff || size === 0xffffffff || offset === 0xffffffff) {
      const z = zip64Values(extra, { size: size === 0xffffffff, csize: csize === 0xffffffff, offset: offset === 0xffffffff });
      size = z.size ?? size;
      csize = z.csize ?? csize;
      offset = z.offset ?? offset;
    }
    const decoded = decodeEntryName(rawName, flags, extra);
    const shown = decoded?.name ?? rawName.toString('latin1');
    if (!decoded) throw refuse('The zip file marks the name of an entry as UTF-8 but it is not; create the zip again with another tool');
    const safe = safeEntryPath(decoded.name);
    if ('problem' in safe) {
      if (safe.problem === 'parent') throw refuse('The zip file contains a path that leads outside it ({name}); it was refused', { name: shown });
      if (safe.problem === 'absolute') throw refuse('The zip file contains an absolute path ({name}); it was refused', { name: shown });
      throw refuse('The zip file names its entries in an encoding Quire cannot read; create it again with UTF-8 file names (7-Zip: -mcu=on; zip on Linux or macOS does this)');
    }
    // Unix "made by" (3) keeps the file mode in the high half of the external attributes
    const mode = madeBy >> 8 === 3 ? external >>> 16 : 0;
    if ((mode & 0o170000) === 0o120000) throw refuse('The zip file contains a symbolic link ({name}); it was refused', { name: safe.path });
    if (flags & 0x1) throw refuse('The zip file is encrypted; create it without a password');
    const isDir = safe.isDir || (mode & 0o170000) === 0o040000 || (external & 0x10) !== 0;
    if (safe.path !== '') {
      entries.push({ path: safe.path, isDir, encoding: decoded.encoding, method, compressedSize: csize, declaredSize: size, crc, localOffset: offset });
    }
    p = next;
  }
  return entries;
}

export class ZipArchive {
  private unpacked = 0;

  private constructor(
    private readonly buf: Buffer,
    readonly entries: ZipEntry[],
    private readonly limits: ZipLimits,
  ) {}

  /** Parses and checks the central directory; throws a clear ApiError for an unsafe or broken archive. */
  static open(buf: Buffer, limits: ZipLimits): ZipArchive {
    return new ZipArchive(buf, readCentralDirectory(bufferSource(buf), limits), limits);
  }

  /** Bytes unpacked so far. */
  get unpackedBytes(): number {
    return this.unpacked;
  }

  /**
   * The entry's bytes. Refused when the archive's unpacking budget (or `maxBytes` for this entry)
   * would be exceeded: the inflater stops at the cap, so the bytes never exist in memory.
   */
  async read(entry: ZipEntry, maxBytes = Infinity): Promise<Buffer> {
    const b = this.buf;
    const lh = entry.localOffset;
    if (lh + 30 > b.length || b.readUInt32LE(lh) !== SIG_LOCAL) throw damaged();
    const start = lh + 30 + b.readUInt16LE(lh + 26) + b.readUInt16LE(lh + 28);
    if (start + entry.compressedSize > b.length) throw damaged();
    const data = b.subarray(start, start + entry.compressedSize);
    const left = this.limits.maxUnpackedBytes - this.unpacked;
    const cap = Math.min(left, maxBytes);
    let out: Buffer;
    if (entry.method === 0) {
      out = data;
    } else if (entry.method === 8) {
      try {
        out = await inflate(data, { maxOutputLength: Math.max(1, cap + 1) });
      } catch (e: any) {
        if (e?.code !== 'ERR_BUFFER_TOO_LARGE' && !(e instanceof RangeError)) throw damaged();
        throw cap >= left ? tooMuchUnpacked(this.limits.maxUnpackedBytes) : entryTooLarge(entry.path, maxBytes);
      }
    } else {
      throw refuse('The zip entry {name} uses a compression method Quire cannot read; create the zip again with standard (deflate) compression', { name: entry.path });
    }
    if (out.length > cap) {
      if (cap >= left) throw tooMuchUnpacked(this.limits.maxUnpackedBytes);
      throw entryTooLarge(entry.path, maxBytes);
    }
    if (crc32(out) !== entry.crc) throw damaged();
    this.unpacked += out.length;
    return out;
  }
}

export const tooManyEntries = (max: number) => refuse('The zip file holds more than {max} files and folders; split it into smaller files', { max });

/** One entry over the size its use allows (the archive as a whole may still be fine). */
export class EntryTooLarge extends ApiError {}

const entryTooLarge = (name: string, max: number) =>
  new EntryTooLarge(ErrorCode.GENERIC, 'The file {name} in the zip is larger than {mb} MB', { name, mb: Math.round((max / MiB) * 10) / 10 });

/** Zip files begin with a local header, or (empty archive) the end record. */
export const isZip = (buf: Buffer) => buf.length >= 4 && (buf.readUInt32LE(0) === SIG_LOCAL || buf.readUInt32LE(0) === SIG_EOCD);

// Unpacks an untrusted zip file on disk into a folder, for archives too large to hold in memory
// (a ShowDoc site's Public/Uploads, several GB). The same checks as reader.ts: the whole central
// directory is read and checked first, so an archive with one unsafe entry ('..', an absolute
// path, a symbolic link, encryption, too many entries) is refused before anything is written.
// Entries are then streamed one at a time, each through a counter that stops the inflater when the
// archive's unpacking budget is spent (a zip bomb stops at the cap, whatever its headers claim),
// and each checked against its CRC.
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, crc32 } from 'node:zlib';
import { ApiError } from '../../../errors';
import { ErrorCode } from '../../../../shared/errors';
import { readCentralDirectory, tooMuchUnpacked, type ZipEntry, type ZipLimits, type ZipSource } from './reader';

const SIG_LOCAL = 0x04034b50;

const damaged = () => new ApiError(ErrorCode.GENERIC, 'The zip file is damaged or incomplete; create it again and re-upload it');

/** The archive file, read piece by piece with positioned reads. */
function fileSource(fd: number, size: number): ZipSource {
  return {
    size,
    bytes(offset, length) {
      const n = Math.max(0, Math.min(length, size - offset));
      const out = Buffer.alloc(n);
      let got = 0;
      while (got < n) {
        const r = fs.readSync(fd, out, got, n - got, offset + got);
        if (r === 0) break;
        got += r;
      }
      return out.subarray(0, got);
    },
  };
}

/** Counts what passes, refuses past `left` bytes, and keeps the CRC-32 of it. */
class Budget extends Transform {
  crc = 0;
  bytes = 0;
  constructor(private readonly left: number, private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.left) return done(tooMuchUnpacked(this.limit));
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }
}

export interface ExtractOptions {
  signal?: AbortSignal;
  /** after each entry: entries done and their count */
  onEntry?(done: number, total: number): Promise<void> | void;
}

/**
 * Unpacks `zipFile` into `dir` (created when missing). Throws a clear ApiError for an unsafe,
 * broken or over-budget archive; nothing is written when the central directory is refused.
 */
export async function extractZipFile(zipFile: string, dir: string, limits: ZipLimits, opts: ExtractOptions = {}): Promise<{ files: number; bytes: number }> {
  const root = path.resolve(dir);
  const fd = fs.openSync(zipFile, 'r');
  try {
    const src = fileSource(fd, fs.fstatSync(fd).size);
    const entries = readCentralDirectory(src, limits);
    await fs.promises.mkdir(root, { recursive: true });
    let unpacked = 0;
    let files = 0;
    for (const [i, entry] of entries.entries()) {
      opts.signal?.throwIfAborted();
      const target = path.resolve(root, entry.path);
      // safeEntryPath already refused '..' and absolute names; this keeps it true whatever comes
      if (!target.startsWith(root + path.sep)) throw damaged();
      if (entry.isDir) {
        await fs.promises.mkdir(target, { recursive: true });
      } else {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        unpacked += await extractEntry(zipFile, src, entry, target, limits.maxUnpackedBytes - unpacked, limits.maxUnpackedBytes, opts.signal);
        files++;
      }
      await opts.onEntry?.(i + 1, entries.length);
    }
    return { files, bytes: unpacked };
  } finally {
    fs.closeSync(fd);
  }
}

async function extractEntry(zipFile: string, src: ZipSource, entry: ZipEntry, target: string, left: number, limit: number, signal?: AbortSignal): Promise<number> {
  const header = src.bytes(entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== SIG_LOCAL) throw damaged();
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > src.size) throw damaged();
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ApiError(ErrorCode.GENERIC, 'The zip entry {name} uses a compression method Quire cannot read; create the zip again with standard (deflate) compression', { name: entry.path });
  }
  const budget = new Budget(left, limit);
  // createReadStream cannot read a zero-length range (an empty stored file)
  const input = entry.compressedSize > 0 ? fs.createReadStream(zipFile, { start, end: start + entry.compressedSize - 1 }) : Readable.from([]);
  const out = fs.createWriteStream(target, { mode: 0o640 });
  try {
    if (entry.method === 8) await pipeline(input, createInflateRaw(), budget, out, { signal });
    else await pipeline(input, budget, out, { signal });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (signal?.aborted) throw e;
    // the inflater's own errors: a broken deflate stream
    throw damaged();
  }
  if (budget.crc !== entry.crc) throw damaged();
  return budget.bytes;
}

/** Checks a zip file's central directory (paths, links, entries) without unpacking anything. */
export function checkZipFile(zipFile: string, limits: ZipLimits): ZipEntry[] {
  const fd = fs.openSync(zipFile, 'r');
  try {
    return readCentralDirectory(fileSource(fd, fs.fstatSync(fd).size), limits);
  } finally {
    fs.closeSync(fd);
  }
}

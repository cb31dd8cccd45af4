// Gzip for an answer made of small fresh pieces around large cached fragments (item/info's
// 200 KB menu compresses to about a tenth): the fragments' deflate blocks were made once, the
// fresh pieces go in as stored blocks, and the CRC is combined from the parts' own CRCs — so an
// answer costs no compression at all and a tenth of the socket writes.
import { crc32 } from 'node:zlib';
import { crc32Combine } from '../lib/crc32Combine';
import { JsonFragment, type SplicedJson } from '../lib/jsonFragment';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** a final, empty stored block */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;

/** raw bytes as non-final stored deflate blocks (each: header byte, LEN, ~LEN, the bytes) */
function storedBlocks(bytes: Buffer, out: Buffer[]): void {
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    out.push(head, chunk);
  }
}

export function gzipSpliced(answer: SplicedJson): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const part of answer.parts) {
    if (part instanceof JsonFragment) {
      const d = part.deflated;
      out.push(d.blocks);
      crc = crc32Combine(crc, d.crc, d.crcShift);
      length += d.length;
    } else if (part.length) {
      storedBlocks(part, out);
      crc = crc32(part, crc);
      length += part.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(LAST_BLOCK, trailer);
  return Buffer.concat(out);
}

// Large answers read far more often than they change (item/info's 200 KB menu) are kept ready as
// bytes: the whole envelope as one Buffer, and its gzip and brotli forms made on the first request
// that asks for each. An entry is found by the answer's own content — the cached fragments it
// splices in (one object per menu version) and the exact bytes around them (item fields, the
// caller's rights, unread count, default page) — so two callers whose answers differ in any byte
// never share an entry or an ETag. The ETag is a digest of those bytes: a reader who already has
// them gets 304. Access is decided before an action calls this: it only encodes what was decided.
import type Koa from 'koa';
import { createHash } from 'node:crypto';
import { brotliCompress, constants } from 'node:zlib';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import { JsonFragment, SplicedJson, stringifyWithFragments, type WithFragments } from '../lib/jsonFragment';
import { gzipSpliced } from './gzipSplice';
import { rawReply, type RawReply } from './action';

const brotli = promisify(brotliCompress);
const JSON_TYPE = 'application/json; charset=utf-8';
/** as the envelope: answers with smaller fragments go uncompressed */
const COMPRESS_FROM_BYTES = 8 * 1024;
/** memory the ready answers may hold: their bytes, compressed forms and the fragments they keep alive */
const MAX_BYTES = 48 * 1024 * 1024;
/** quality 5: a 200 KB menu in a few milliseconds, within a few percent of quality 11's size */
const BROTLI_QUALITY = 5;

class ReadyAnswer {
  readonly identity: Buffer;
  readonly etag: string;
  #gzip: Buffer | undefined;
  #br: Promise<Buffer> | undefined;
  constructor(private readonly spliced: SplicedJson) {
    this.identity = spliced.toBuffer();
    // weak: the gzip and brotli forms carry the same JSON
    this.etag = `W/"${createHash('sha256').update(this.identity).digest('base64url').slice(0, 27)}"`;
  }

  get fragmentBytes(): number {
    return this.spliced.fragmentBytes;
  }

  get compressible(): boolean {
    return this.fragmentBytes >= COMPRESS_FROM_BYTES;
  }

  get gzip(): Buffer {
    // the fragments' deflate blocks are made once per fragment (gzipSplice)
    return (this.#gzip ??= gzipSpliced(this.spliced));
  }

  get br(): Promise<Buffer> {
    this.#br ??= brotli(this.identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length },
    });
    return this.#br;
  }
}

const ready = new LRUCache<string, ReadyAnswer>({
  maxSize: MAX_BYTES,
  // a quarter more for the compressed forms; a fragment (shared by the answers built on it) is
  // counted in each, as its text and its bytes: the bound errs on the safe side
  sizeCalculation: (a) => Math.ceil(a.identity.length * 1.25 + 3 * a.fragmentBytes) + 256,
});

/** a number per fragment object: a fragment is one version of a cached part (a new version is a new object) */
const serials = new WeakMap<JsonFragment, number>();
let nextSerial = 1;
function serialOf(f: JsonFragment): number {
  let n = serials.get(f);
  if (n === undefined) serials.set(f, (n = nextSerial++));
  return n;
}

/** the entry's key: each fragment by its serial, every other byte as it is */
function keyOf(spliced: SplicedJson): string {
  return spliced.parts.map((p) => (p instanceof JsonFragment ? `\u0000${serialOf(p)}\u0000` : p.toString('latin1'))).join('');
}

/** If-None-Match names this ETag (weak comparison, as for GET) */
function notModified(ctx: Koa.Context, etag: string): boolean {
  const header = ctx.get('if-none-match');
  if (!header) return false;
  const opaque = etag.slice(2);
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === opaque || tag === `W/${opaque}`;
  });
}

/**
 * The envelope {error_code: 0, data} as the ready bytes of its answer, in the encoding the caller
 * accepts, or 304 when the caller's If-None-Match names it. Byte for byte the answer sendData writes.
 */
export async function readyAnswer(ctx: Koa.Context, data: WithFragments): Promise<RawReply> {
  const body = stringifyWithFragments({ error_code: 0, data });
  if (!(body instanceof SplicedJson)) return rawReply({ type: JSON_TYPE, body });
  const key = keyOf(body);
  let answer = ready.get(key);
  if (!answer) ready.set(key, (answer = new ReadyAnswer(body)));
  const headers: Record<string, string> = { Vary: 'Accept-Encoding', ETag: answer.etag };
  if (notModified(ctx, answer.etag)) return rawReply({ status: 304, type: JSON_TYPE, body: '', headers });
  const encoding = answer.compressible ? ctx.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  if (encoding === 'br') return rawReply({ type: JSON_TYPE, body: await answer.br, headers: { ...headers, 'Content-Encoding': 'br' } });
  if (encoding === 'gzip') return rawReply({ type: JSON_TYPE, body: answer.gzip, headers: { ...headers, 'Content-Encoding': 'gzip' } });
  return rawReply({ type: JSON_TYPE, body: answer.identity, headers });
}

// A piece of an answer that is already JSON text (a large menu serialised once and reused): the
// envelope splices it in instead of serialising the same objects on every request, and can
// gzip the answer without compressing the piece again (see gzipSplice.ts). An action whose
// answer holds fragments returns it wrapped in withFragments().
import { randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { crc32ShiftFor } from './crc32Combine';

/** a fragment deflated once: raw deflate blocks ending byte-aligned and not final, so they can stand anywhere in a stream */
export interface DeflatedFragment {
  blocks: Buffer;
  crc: number;
  crcShift: number;
  length: number;
}

export class JsonFragment {
  /**
   * The whole answer `{"error_code":0,"data":<this>}`, encoded once: a hot read (page/info) writes
   * it as is. Its own memory, not a slice of Node's shared pool: a kept fragment would otherwise
   * hold the pool's 8 KB around it.
   */
  readonly okAnswer: Buffer;
  /** the fragment's UTF-8 bytes: a view into okAnswer, so a kept fragment holds its text once (not also as a string) */
  readonly bytes: Buffer;
  #deflated: DeflatedFragment | undefined;
  constructor(json: string) {
    const length = Buffer.byteLength(json, 'utf8');
    const whole = Buffer.allocUnsafeSlow(OK_PREFIX.length + length + OK_SUFFIX.length);
    OK_PREFIX.copy(whole, 0);
    whole.write(json, OK_PREFIX.length, 'utf8');
    OK_SUFFIX.copy(whole, OK_PREFIX.length + length);
    this.okAnswer = whole;
    this.bytes = whole.subarray(OK_PREFIX.length, OK_PREFIX.length + length);
  }

  get deflated(): DeflatedFragment {
    // a fresh compressor never refers back before its own start, so the blocks are valid after any prefix
    this.#deflated ??= {
      blocks: deflateRawSync(this.bytes, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
      crc: crc32(this.bytes),
      crcShift: crc32ShiftFor(this.bytes.length),
      length: this.bytes.length,
    };
    return this.#deflated;
  }
}

/** the success envelope around an answer's data */
export const OK_PREFIX = Buffer.from('{"error_code":0,"data":');
export const OK_SUFFIX = Buffer.from('}');

export const jsonFragment = (value: unknown) => new JsonFragment(JSON.stringify(value));

/** An answer with JsonFragments in it: only these pay for the splicing (a JSON.stringify replacer is slow). */
export class WithFragments {
  constructor(readonly value: unknown) {}
}

export const withFragments = (value: unknown) => new WithFragments(value);

/**
 * An answer of type T in which large parts are pre-serialised fragments: its shape is checked where
 * the presenter builds it (see presenters/pageAnswer.ts), not by the action's return type.
 */
export type JsonWithFragments<T> = WithFragments & { readonly __answer?: T };

/** An answer assembled from small freshly serialised pieces and large pre-serialised fragments. */
export class SplicedJson {
  constructor(readonly parts: (Buffer | JsonFragment)[]) {}

  get fragmentBytes(): number {
    return this.parts.reduce((n, p) => n + (p instanceof JsonFragment ? p.bytes.length : 0), 0);
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.parts.map((p) => (p instanceof JsonFragment ? p.bytes : p)));
  }
}

// placeholders carry a NUL and a per-process secret: no stored text can spell one
const MARK = `\u0000${randomBytes(8).toString('hex')}:`;
const QUOTED_MARK = JSON.stringify(MARK).slice(1, -1);

const PLACEHOLDER = new RegExp(`"${QUOTED_MARK.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g');

/** JSON.stringify that writes each JsonFragment where it stands: a string, or the spliced pieces when there were fragments. */
export function stringifyWithFragments(value: unknown): string | SplicedJson {
  if (!containsMarked(value)) return JSON.stringify(value);
  const fragments: JsonFragment[] = [];
  const text = JSON.stringify(value, (_key, raw: unknown) => {
    const v = raw instanceof WithFragments ? raw.value : raw;
    if (!(v instanceof JsonFragment)) return v;
    fragments.push(v);
    return `${MARK}${fragments.length - 1}`;
  });
  if (!fragments.length) return text;
  const parts: (Buffer | JsonFragment)[] = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    parts.push(Buffer.from(text.slice(at, m.index), 'utf8'), fragments[Number(m[1])]);
    at = m.index! + m[0].length;
  }
  parts.push(Buffer.from(text.slice(at), 'utf8'));
  return new SplicedJson(parts);
}

/** a WithFragments at the top or one level down (the envelope's data) */
function containsMarked(value: unknown): boolean {
  if (value instanceof WithFragments) return true;
  return typeof value === 'object' && value !== null && Object.values(value).some((v) => v instanceof WithFragments);
}

// A piece of an answer that is already JSON text (a large menu serialised once and reused): the
// envelope splices it in instead of serialising the same objects on every request.
import { randomBytes } from 'node:crypto';

export class JsonFragment {
  /** UTF-8 bytes, encoded once: a large answer is then assembled with one copy */
  readonly bytes: Buffer;
  constructor(readonly json: string) {
    this.bytes = Buffer.from(json, 'utf8');
  }
}

export const jsonFragment = (value: unknown) => new JsonFragment(JSON.stringify(value));

// placeholders carry a NUL and a per-process secret: no stored text can spell one
const MARK = `\u0000${randomBytes(8).toString('hex')}:`;
const QUOTED_MARK = JSON.stringify(MARK).slice(1, -1);

const PLACEHOLDER = new RegExp(`"${QUOTED_MARK.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g');

/** JSON.stringify that writes each JsonFragment where it stands: a string, or UTF-8 bytes when fragments were spliced. */
export function stringifyWithFragments(value: unknown): string | Buffer {
  const fragments: JsonFragment[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof JsonFragment)) return v;
    fragments.push(v);
    return `${MARK}${fragments.length - 1}`;
  });
  if (!fragments.length) return text;
  const parts: Buffer[] = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    parts.push(Buffer.from(text.slice(at, m.index), 'utf8'), fragments[Number(m[1])].bytes);
    at = m.index! + m[0].length;
  }
  parts.push(Buffer.from(text.slice(at), 'utf8'));
  return Buffer.concat(parts);
}

// A piece of an answer that is already JSON text (a large menu serialised once and reused): the
// envelope splices it in instead of serialising the same objects on every request.
import { randomBytes } from 'node:crypto';

export class JsonFragment {
  constructor(readonly json: string) {}
}

export const jsonFragment = (value: unknown) => new JsonFragment(JSON.stringify(value));

// placeholders carry a NUL and a per-process secret: no stored text can spell one
const MARK = `\u0000${randomBytes(8).toString('hex')}:`;
const QUOTED_MARK = JSON.stringify(MARK).slice(1, -1);

/** JSON.stringify that writes each JsonFragment's text where it stands. */
export function stringifyWithFragments(value: unknown): string {
  const fragments: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof JsonFragment)) return v;
    fragments.push(v.json);
    return `${MARK}${fragments.length - 1}`;
  });
  if (!fragments.length) return text;
  return text.replace(new RegExp(`"${QUOTED_MARK.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g'), (_m, i: string) => fragments[Number(i)]);
}

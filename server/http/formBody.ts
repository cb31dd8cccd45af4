// Form bodies read the way ShowDoc's PHP reads them: a pair's name ends at its first '='. The qs
// parser ends a name at ']=' when the pair has one (for names like a[b=c]), and that cut the
// unencoded bodies showdoc_api.sh posts ('@url /api/batch?ids[]=1') in two. Names keep qs's
// nesting (a[b], a.b) as before.
import type Koa from 'koa';
import coBody from 'co-body';
import qs from 'qs';
import { readDeclaredBody } from './declaredBody';

/** Encodes every '=' after a pair's first, so only that one separates name and value. */
export function firstEqualsSplits(body: string): string {
  if (!body.includes(']=')) return body;
  return body
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? pair : pair.slice(0, at + 1) + pair.slice(at + 1).replaceAll('=', '%3D');
    })
    .join('&');
}

export async function parseFormBody(ctx: Koa.Context, limit: number): Promise<Record<string, unknown>> {
  const text = (await readDeclaredBody(ctx.req, limit)) ?? (await coBody.text(ctx, { limit, encoding: 'utf8' }));
  // kept for the actions that read a field the PHP way (rawFormField)
  ctx.state.formText = text;
  return parseForm(text);
}

/** allowDots as co-body (which koa-body used) sets it */
const QS_OPTIONS = { allowDots: true };

/** a name qs keeps as it is: no nesting (brackets, dots), nothing an Object already has */
const PLAIN_NAME = /^[A-Za-z0-9_-]+$/;

/** qs's value decoding ('+' a space, %XX as UTF-8; a malformed escape leaves the value as it is) */
function qsDecode(s: string): string {
  if (!s.includes('%')) return s.includes('+') ? s.replaceAll('+', ' ') : s;
  // qs turns escaped brackets into brackets before anything else (it matters when the rest is malformed)
  const spaced = s.replace(/%5B/gi, '[').replace(/%5D/gi, ']').replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * A form body as qs parses it. The common body — plain names, each once, no ']=' — is split here
 * (qs's general parser was a tenth of a small API call's time); anything else goes to qs itself.
 */
export function parseForm(text: string): Record<string, unknown> {
  const plain = text.includes(']=') ? null : plainForm(text);
  return plain ?? (qs.parse(firstEqualsSplits(text), QS_OPTIONS) as Record<string, unknown>);
}

/** null when some pair needs qs (a nested or repeated name, an Object property's name, too many pairs) */
function plainForm(text: string): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  if (text === '') return out;
  const pairs = text.split('&');
  // qs reads the first 1,000 pairs only
  if (pairs.length > 1000) return null;
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const name = at < 0 ? pair : pair.slice(0, at);
    // qs drops pairs without a name
    if (name === '') continue;
    if (!PLAIN_NAME.test(name) || name in out || name in Object.prototype) return null;
    out[name] = at < 0 ? '' : qsDecode(pair.slice(at + 1));
  }
  return out;
}

const HEX = /^[0-9a-fA-F]{2}$/;

/**
 * PHP's urldecode: '+' is a space, each valid %XX one byte, anything else (a bare '%', '%zz') kept as
 * it is; the bytes are UTF-8. qs decodes a value all at once and gives up on the whole value at the
 * first bad '%' ("100%"), leaving every other %XX undecoded.
 */
export function phpUrlDecode(s: string): string {
  if (!s.includes('%') && !s.includes('+')) return s;
  const bytes = Buffer.from(s.replaceAll('+', ' '), 'utf8');
  const out = Buffer.alloc(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x25 && i + 2 < bytes.length && HEX.test(bytes.toString('latin1', i + 1, i + 3))) {
      out[n++] = parseInt(bytes.toString('latin1', i + 1, i + 3), 16);
      i += 2;
    } else {
      out[n++] = bytes[i];
    }
  }
  return out.toString('utf8', 0, n);
}

/**
 * A field of the request's form body read as PHP reads it (pairs split at '&', the name ending at the
 * first '=', the last pair of a name winning, PHP's urldecode): for open/fromComments, whose
 * showdoc_api.sh bodies are hand-built and not URL-encoded. Undefined when the body was no form.
 */
export function rawFormField(ctx: Koa.Context, name: string): string | undefined {
  const text = ctx.state.formText;
  if (typeof text !== 'string') return undefined;
  let value: string | undefined;
  for (const pair of text.split('&')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    if (phpUrlDecode(pair.slice(0, at)) === name) value = phpUrlDecode(pair.slice(at + 1));
  }
  return value;
}

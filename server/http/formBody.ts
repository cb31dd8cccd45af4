// Form bodies read the way ShowDoc's PHP reads them: a pair's name ends at its first '='. The qs
// parser ends a name at ']=' when the pair has one (for names like a[b=c]), and that cut the
// unencoded bodies showdoc_api.sh posts ('@url /api/batch?ids[]=1') in two. Names keep qs's
// nesting (a[b], a.b) as before.
import type Koa from 'koa';
import coBody from 'co-body';
import qs from 'qs';

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
  const text = await coBody.text(ctx, { limit, encoding: 'utf8' });
  // allowDots as co-body (which koa-body used) sets it
  return qs.parse(firstEqualsSplits(text), { allowDots: true }) as Record<string, unknown>;
}

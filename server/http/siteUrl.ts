import type Koa from 'koa';
import type { AppDeps } from '../deps';

/** Base URL for links we hand out (mails, attachment URLs): PUBLIC_URL, the site_url setting, or the request's origin. */
export async function siteUrl(deps: AppDeps, ctx: Koa.Context): Promise<string> {
  if (deps.config.publicUrl) return deps.config.publicUrl;
  const s = await deps.settings.get();
  if (s.site_url) return s.site_url.replace(/\/+$/, '');
  return `${ctx.protocol}://${ctx.host}`;
}

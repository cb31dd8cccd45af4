import type Koa from 'koa';
import type { AppDeps } from '../deps';
import { configuredSiteUrl } from '../domain/siteUrl';

/** Base URL for links we hand out (attachment URLs): PUBLIC_URL, the site_url setting, or the request's origin. */
export async function siteUrl(deps: AppDeps, ctx: Koa.Context): Promise<string> {
  return (await configuredSiteUrl(deps)) ?? `${ctx.protocol}://${ctx.host}`;
}

import type Koa from 'koa';
import type { AppDeps } from '../deps';
import { configuredSiteUrl } from '../domain/siteUrl';

/** Base URL for links we hand out (attachment URLs): PUBLIC_URL, the site_url setting, or the request's origin. */
export async function siteUrl(deps: AppDeps, ctx: Koa.Context): Promise<string> {
  return (await configuredSiteUrl(deps)) ?? `${ctx.protocol}://${ctx.host}`;
}

/**
 * Base of the file links the web editor writes into pages: the configured site URL (PUBLIC_URL or
 * site_url), else '' — a site-relative link, which keeps working under any address the site is
 * reached at (the request's Host would freeze `http://localhost:<port>` into the text).
 */
export async function pageLinkBase(deps: AppDeps): Promise<string> {
  return (await configuredSiteUrl(deps)) ?? '';
}

/** Where the OAuth2 / OpenID Connect provider sends the browser back: the form's redirectUri, or ours. */
export async function ssoCallbackUrl(deps: AppDeps, ctx: Koa.Context, redirectUri: string): Promise<string> {
  return redirectUri || `${await siteUrl(deps, ctx)}/api/extLogin/oauth2`;
}

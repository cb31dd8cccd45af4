// The site's configured base URL, and what mails may link to.
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';

/** PUBLIC_URL or the site_url setting; null when neither is set. */
export async function configuredSiteUrl(deps: AppDeps): Promise<string | null> {
  if (deps.config.publicUrl) return deps.config.publicUrl;
  const s = await deps.settings.get();
  return s.site_url ? s.site_url.replace(/\/+$/, '') : null;
}

export const NO_SITE_URL_FOR_MAIL =
  'This site cannot send links by mail until an administrator sets the site URL (PUBLIC_URL or the site URL in the admin settings)';

/**
 * Base URL for links in mails (password reset, email confirmation): only the configured site URL,
 * never the request's Host header, which whoever sends the request chooses (link poisoning).
 */
export async function mailLinkBase(deps: AppDeps): Promise<string> {
  const base = await configuredSiteUrl(deps);
  if (!base) throw new ApiError(ErrorCode.GENERIC, NO_SITE_URL_FOR_MAIL);
  return base;
}

// /api/extLogin/*: sign-in through another system (showdoc-behaviour §7.6). Answers are redirects.
import { endpoint } from './contract';
import { text } from './fields';

/**
 * ShowDoc's OAuth2 entry and callback in one address: without `code` it sends the browser to the
 * provider (`redirect` = where to land afterwards, a path on this site); the provider sends it back
 * here with `code` and `state` (or `error`).
 */
export const oauth2 = endpoint<never>()('extLogin/oauth2', {
  redirect: text({ max: 2000 }),
  code: text({ raw: true, max: 4000 }),
  state: text({ raw: true, max: 500 }),
  error: text({ max: 200 }),
});

/** Why a sign-in came back to the login page (`/user/login?sso_error=<reason>`); the client words each one. */
export const SSO_ERROR_REASONS = ['off', 'provider', 'state', 'denied', 'token', 'account'] as const;
export type SsoErrorReason = (typeof SSO_ERROR_REASONS)[number];

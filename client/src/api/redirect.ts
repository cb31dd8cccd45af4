// Redirect targets from query strings: shared with the server (its sign-in redirects), shared/sameSitePath.ts.
export { safeRedirect, sameSitePath } from '@shared/sameSitePath';

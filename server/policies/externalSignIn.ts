// Who a sign-in link minted by another system (extLogin/bySecretKey) may open. ShowDoc's rule,
// kept: never an administrator — whoever holds the secret key (an intranet portal, its operators)
// must not become an administrator of this site by writing a link.
export function maySignInByLink(user: { groupid: number }): boolean {
  return user.groupid !== 1;
}

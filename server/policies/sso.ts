// Which local account a single sign-on (OAuth2 / OpenID Connect) may open besides the one already
// linked to the provider's subject.

export interface EmailLinkCandidate {
  groupid: number;
  status: string;
  /** > 0: the address was confirmed on this site */
  emailVerify: number;
}

/**
 * A first sign-in whose address (confirmed by the provider) belongs to an existing account links to
 * it only when that account is an active non-administrator whose address was confirmed here too:
 * whoever controls that mailbox can already reset that account's password by mail, so the link
 * gives them nothing new. An administrator is never opened by an address match (a provider that
 * mis-states email_verified must not hand out the site), and an unconfirmed address may be a
 * squatter's account waiting for its victim (pre-hijacking).
 */
export function mayLinkByEmail(account: EmailLinkCandidate, providerVerifiedEmail: boolean): boolean {
  return providerVerifiedEmail && account.groupid !== 1 && account.status === 'active' && account.emailVerify > 0;
}

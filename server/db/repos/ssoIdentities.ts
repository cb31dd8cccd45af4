// Provider accounts linked to local users (OAuth2 / OpenID Connect sign-in, domain/sso).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { ssoIdentities } from '../schema';

export async function findUid(db: DbOrTx, issuer: string, subject: string): Promise<number | undefined> {
  const [r] = await db
    .select({ uid: ssoIdentities.uid })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return r?.uid;
}

/** Links the subject to the user; answers false when another request linked it first. */
export async function link(db: DbOrTx, uid: number, issuer: string, subject: string, now: number): Promise<boolean> {
  const rows = await db.insert(ssoIdentities).values({ uid, issuer, subject, addtime: now, lastLoginTime: now }).onConflictDoNothing().returning({ id: ssoIdentities.id });
  return rows.length > 0;
}

export async function touch(db: DbOrTx, issuer: string, subject: string, now: number): Promise<void> {
  await db
    .update(ssoIdentities)
    .set({ lastLoginTime: now })
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
}

// Per-user settings (ShowDoc's `user_setting`): one row per (uid, key_name).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { userSettings } from '../schema';

export async function get(db: DbOrTx, uid: number, keyName: string): Promise<string | null> {
  const [row] = await db
    .select({ v: userSettings.keyValue })
    .from(userSettings)
    .where(and(eq(userSettings.uid, uid), eq(userSettings.keyName, keyName)))
    .limit(1);
  return row ? row.v : null;
}

export async function set(db: DbOrTx, uid: number, keyName: string, keyValue: string, now: number): Promise<void> {
  await db
    .insert(userSettings)
    .values({ uid, keyName, keyValue, addtime: now })
    .onConflictDoUpdate({ target: [userSettings.uid, userSettings.keyName], set: { keyValue } });
}

export async function remove(db: DbOrTx, uid: number, keyName: string): Promise<void> {
  await db.delete(userSettings).where(and(eq(userSettings.uid, uid), eq(userSettings.keyName, keyName)));
}

// Site settings (ShowDoc's `options`): name/value rows; domain/settings.ts gives them types.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { settings } from '../schema';

export type SettingRow = typeof settings.$inferSelect;

export function all(db: DbOrTx): Promise<SettingRow[]> {
  return db.select().from(settings);
}

export async function names(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ name: settings.name }).from(settings);
  return rows.map((r) => r.name);
}

export async function upsert(db: DbOrTx, name: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ name, value })
    .onConflictDoUpdate({ target: settings.name, set: { value } });
}

/** Stores the value unless the name has one; answers the value kept (the first writer's). */
export async function insertOnce(db: DbOrTx, name: string, value: string): Promise<string> {
  await db.insert(settings).values({ name, value }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.name, name));
  return row.value;
}

// The recycle bin of an item, newest first.
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recycle } from '../../db/schema';

export function recycleList(db: DbOrTx, itemId: number) {
  return db.select().from(recycle).where(eq(recycle.itemId, itemId)).orderBy(desc(recycle.delTime), desc(recycle.id));
}

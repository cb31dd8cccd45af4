// The recycle bin of an item, newest first.
import type { DbOrTx } from '../../db/client';
import * as recycleRepo from '../../db/repos/recycle';
import type { RecycleRow } from '../../db/repos/recycle';

export function recycleList(db: DbOrTx, itemId: number): Promise<RecycleRow[]> {
  return recycleRepo.listOfItem(db, itemId);
}

// The item change log is written from domain events, in the process where the change was made
// (copies heard from other processes over Redis are not recorded twice), in batches (writer.ts).
import type { AppDeps } from '../deps';
import { isRemote } from '../events';
import { entryOfCatalogEdit, entryOfPageDeletion, entryOfSave } from '../domain/changeLog/record';
import { ChangeLogWriter } from '../domain/changeLog/writer';

/** Writers with entries on their way: the answer to a change does not wait for its log entry. */
const writers = new Set<ChangeLogWriter>();

/** Resolves once the entries already begun are written (tests that compare tables before and after). */
export async function changeLogWritten(): Promise<void> {
  await Promise.all([...writers].map((w) => w.written()));
}

export function registerChangeLogListeners(deps: AppDeps): () => void {
  const writer = new ChangeLogWriter(deps.db, deps.log);
  writers.add(writer);
  const write = (entry: ReturnType<typeof entryOfSave>) => {
    if (entry) writer.add({ ...entry, optime: deps.now() });
  };
  const offs = [
    deps.events.on('page.saved', (e) => void (isRemote(e) ? undefined : write(entryOfSave(e)))),
    deps.events.on('page.deleted', (e) => void (isRemote(e) ? undefined : write(entryOfPageDeletion(e)))),
    deps.events.on('catalog.changed', (e) => void (isRemote(e) ? undefined : write(entryOfCatalogEdit(e.itemId, e.edit)))),
  ];
  return () => {
    offs.forEach((off) => off());
    void writer.written().then(() => writers.delete(writer));
  };
}

// The item change log is written from domain events, in the process where the change was made
// (copies heard from other processes over Redis are not recorded twice).
import type { AppDeps } from '../deps';
import { isRemote } from '../events';
import { entryOfCatalogEdit, entryOfPageDeletion, entryOfSave, recordChange } from '../domain/changeLog/record';

/** Entries being written: the answer to the change does not wait for its log entry. */
const writing = new Set<Promise<void>>();

/** Resolves once the entries already begun are written (tests that compare tables before and after). */
export async function changeLogWritten(): Promise<void> {
  while (writing.size) await Promise.allSettled([...writing]);
}

export function registerChangeLogListeners(deps: AppDeps): () => void {
  const fail = (event: string) => (err: unknown) => deps.log.warn('change log entry not written', { event, err: (err as Error)?.message ?? String(err) });
  const write = (event: string, entry: Parameters<typeof recordChange>[1]) => {
    const w: Promise<void> = recordChange(deps, entry)
      .catch(fail(event))
      .finally(() => writing.delete(w));
    writing.add(w);
  };
  const offs = [
    deps.events.on('page.saved', (e) => void (isRemote(e) ? undefined : write('page.saved', entryOfSave(e)))),
    deps.events.on('page.deleted', (e) => void (isRemote(e) ? undefined : write('page.deleted', entryOfPageDeletion(e)))),
    deps.events.on('catalog.changed', (e) => void (isRemote(e) ? undefined : write('catalog.changed', entryOfCatalogEdit(e.itemId, e.edit)))),
  ];
  return () => offs.forEach((off) => off());
}

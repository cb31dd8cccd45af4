// The item change log is written from domain events, in the process where the change was made
// (copies heard from other processes over Redis are not recorded twice).
import type { AppDeps } from '../deps';
import { isRemote } from '../events';
import { entryOfCatalogEdit, entryOfPageDeletion, entryOfSave, recordChange } from '../domain/changeLog/record';

export function registerChangeLogListeners(deps: AppDeps): () => void {
  const fail = (event: string) => (err: unknown) => deps.log.warn('change log entry not written', { event, err: (err as Error)?.message ?? String(err) });
  const offs = [
    deps.events.on('page.saved', (e) => void (isRemote(e) ? undefined : recordChange(deps, entryOfSave(e)).catch(fail('page.saved')))),
    deps.events.on('page.deleted', (e) => void (isRemote(e) ? undefined : recordChange(deps, entryOfPageDeletion(e)).catch(fail('page.deleted')))),
    deps.events.on('catalog.changed', (e) => void (isRemote(e) ? undefined : recordChange(deps, entryOfCatalogEdit(e.itemId, e.edit)).catch(fail('catalog.changed')))),
  ];
  return () => offs.forEach((off) => off());
}

// The item change log's entries, made from what the domain already announces (server/events.ts):
// a page created, edited, recovered or deleted; a catalog created, renamed, deleted; a drag in
// the catalog editor. Imports and bulk moves with a catalog are not itemised (ShowDoc neither).
import type { CatalogEdit, DomainEvents } from '../../events';
import type { ChangeLogInsert } from '../../db/repos/itemChangeLogs';

type Entry = Omit<ChangeLogInsert, 'optime'>;

/** page.saved → create / update / recover of the page (open API writes too, with uid 0). */
export function entryOfSave(e: DomainEvents['page.saved']): Entry | undefined {
  if (e.source === 'import') return undefined;
  const action = e.created ? 'create' : e.source === 'recover' ? 'recover' : 'update';
  return { itemId: e.itemId, uid: e.uid, opActionType: action, opObjectType: 'page', opObjectId: e.pageId, opObjectName: e.title };
}

/** page.deleted by a person (a page deleted with its catalog is logged as the catalog's deletion). */
export function entryOfPageDeletion(e: DomainEvents['page.deleted']): Entry | undefined {
  if (!e.by) return undefined;
  return { itemId: e.itemId, uid: e.by, opActionType: 'delete', opObjectType: 'page', opObjectId: e.pageId, opObjectName: e.title ?? '' };
}

/** catalog.changed with what a person did. */
export function entryOfCatalogEdit(itemId: number, edit: CatalogEdit | undefined): Entry | undefined {
  if (!edit) return undefined;
  return { itemId, uid: edit.uid, opActionType: edit.action, opObjectType: edit.object, opObjectId: edit.id, opObjectName: edit.name, remark: edit.moved ?? '' };
}

// Who may import into and export a table item's spreadsheet: importing replaces the workbook
// (an edit: the item's editors, and the page's catalog limit), exporting reads it (whoever may
// read the page). Only table items (type 4) have a spreadsheet.
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { ITEM_TYPE } from '../../shared/limits';
import { firstLivePageOfItem } from '../db/repos/pagePlace';
import { requireEdit, requireVisit, type ItemAccess } from './itemAccess';
import { canEditPage } from './pages';
import { accessToItemId, readablePage, type Asker } from './request';

export const isSheetItem = (a: ItemAccess) => a.item.itemType === ITEM_TYPE.table;

export function requireSheetItem(a: ItemAccess): void {
  if (!isSheetItem(a)) throw new ApiError(ErrorCode.GENERIC, 'Only table items have a spreadsheet to import or export');
}

export function requireSheetImport(a: ItemAccess): void {
  requireEdit(a);
  requireSheetItem(a);
}

export function requireSheetExport(a: ItemAccess): void {
  requireVisit(a);
  requireSheetItem(a);
}

/** The table item's page the caller may import into or export, with the access that allowed it. */
export async function sheetPageFor(req: Asker, itemIdOrDomain: string | number, need: 'import' | 'export'): Promise<{ pageId: number; itemId: number }> {
  const itemAccess = await accessToItemId(req, itemIdOrDomain);
  if (need === 'import') requireSheetImport(itemAccess);
  else requireSheetExport(itemAccess);
  const place = await firstLivePageOfItem(req.deps.db, itemAccess.item.itemId);
  if (!place) throw new ApiError(ErrorCode.GENERIC, 'The spreadsheet page no longer exists');
  // the page itself, with the member's catalog limit
  const { access, place: where } = await readablePage(req, place.pageId);
  if (need === 'import' && !canEditPage(access, where)) throw new ApiError(ErrorCode.NO_PERMISSION, 'You do not have permission to edit this item');
  return { pageId: place.pageId, itemId: itemAccess.item.itemId };
}

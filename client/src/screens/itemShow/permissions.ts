// What the operation bar offers (spec §6): ItemPermn governs editing, ItemCreator the settings;
// read-only display items (type 3) and archived items never offer edits.
import { ITEM_TYPE } from '@shared/limits';
import { flag } from '../../api';
import type { ItemInfo } from '@shared/api/item';

export interface ItemPermissions {
  canEdit: boolean;
  isCreator: boolean;
  loggedIn: boolean;
}

export function itemPermissions(info: ItemInfo, loggedInHint: boolean): ItemPermissions {
  const readOnlyType = Number(info.item_type) === ITEM_TYPE.readOnlyDisplay;
  const archived = flag(info.is_archived);
  const canEdit = !readOnlyType && !archived && flag(info.ItemPermn ?? info.item_edit);
  // archived items report ItemCreator false (as ShowDoc): their managers still reach the settings
  const isCreator = info.can_manage !== undefined ? flag(info.can_manage) : !readOnlyType && flag(info.ItemCreator ?? info.item_manage);
  const loggedIn = info.is_login !== undefined ? flag(info.is_login) : loggedInHint;
  return { canEdit, isCreator, loggedIn };
}

export type Operation = 'newPage' | 'newCatalog' | 'edit' | 'copy' | 'history' | 'export' | 'share' | 'delete' | 'attachments' | 'settings' | 'exit' | 'login';

/** The buttons of a regular item's operation bar, in order. */
export function regularOperations(p: ItemPermissions, hasPage: boolean): Operation[] {
  const ops: Operation[] = [];
  if (p.canEdit) {
    ops.push('newPage', 'newCatalog');
    if (hasPage) ops.push('edit', 'copy');
  }
  if (hasPage) ops.push('history');
  if (p.canEdit) ops.push('export');
  // spec §6: guests see login and history only
  if (hasPage && p.loggedIn) ops.push('share');
  if (p.canEdit && hasPage) ops.push('delete');
  if (p.isCreator) ops.push('settings');
  else if (p.loggedIn) ops.push('exit');
  if (!p.loggedIn) ops.push('login');
  return ops;
}

/** A single-page item (type 2): share, edit, export, settings (spec §2). */
export function singlePageOperations(p: ItemPermissions, hasPage: boolean): Operation[] {
  const ops: Operation[] = [];
  if (hasPage && p.loggedIn) ops.push('share');
  if (p.canEdit && hasPage) ops.push('edit', 'history');
  if (p.canEdit) ops.push('export');
  if (p.isCreator) ops.push('settings');
  else if (p.loggedIn) ops.push('exit');
  if (!p.loggedIn) ops.push('login');
  return ops;
}

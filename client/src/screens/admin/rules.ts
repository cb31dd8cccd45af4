import type { Id } from '../../api';

export type AdminSection = 'users' | 'items' | 'attachments' | 'announcements' | 'settings' | 'signInLinks' | 'sso' | 'showdoc' | 'update';

/** Administrators (groupid 1) cannot be deleted from the list (spec §5). */
export function canDeleteUser(u: { groupid: Id }): boolean {
  return Number(u.groupid) !== 1;
}

/** The sections of the console; "system update" only when an update is flagged. */
export function adminSections(update: boolean): AdminSection[] {
  const always: AdminSection[] = ['users', 'items', 'attachments', 'announcements', 'settings', 'signInLinks', 'sso', 'showdoc'];
  return update ? [...always, 'update'] : always;
}

import { flag, type Flag } from '../../api';
import type { ItemDetail } from '@shared/api/item';

export type SettingTab = 'info' | 'members' | 'advanced' | 'openApi' | 'recycle' | 'changeLog';

const ALL: SettingTab[] = ['info', 'members', 'advanced', 'openApi', 'recycle', 'changeLog'];

/** The settings tabs (spec §2); none until the item detail (manager only) has loaded. */
export function settingTabs(item: ItemDetail | undefined): SettingTab[] {
  return item ? ALL : [];
}

/** Archived items are read-only: base info cannot change and they cannot be archived again. */
export function isArchived(item: { is_archived?: Flag }): boolean {
  return flag(item.is_archived);
}

/** An item is private when it has a visit password. */
export function isPrivateItem(item: { password?: string; is_private?: Flag }): boolean {
  return !!item.password || flag(item.is_private);
}

/**
 * item/update parameters from the base-info form: an open item sends an empty password (spec §5); a
 * private one sends what the field holds — item/detail's placeholder (ITEM_PASSWORD_PLACEHOLDER)
 * when the manager did not type a new password, which the server keeps as "unchanged".
 */
export function updatePayload(
  itemId: string,
  v: { item_name: string; item_description?: string; item_domain?: string; is_private: boolean; password?: string },
): { item_id: string; item_name: string; item_description: string; item_domain: string; password: string } {
  return {
    item_id: itemId,
    item_name: v.item_name.trim(),
    item_description: (v.item_description ?? '').trim(),
    item_domain: (v.item_domain ?? '').trim(),
    password: v.is_private ? (v.password ?? '') : '',
  };
}

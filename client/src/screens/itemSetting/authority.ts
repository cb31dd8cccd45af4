import { MEMBER_GROUP } from '../../../../shared/limits';
import type { Id } from '../../api';
import type { CatalogRow } from '../catalog/catalogRow';

export type Translate = (key: string, opts?: Record<string, unknown>) => string;

/** Member authority choices (1 edit, 0 read-only, 2 manage). */
export function authorityOptions(t: Translate) {
  return [
    { value: MEMBER_GROUP.edit, label: t('itemSetting.members.edit') },
    { value: MEMBER_GROUP.readOnly, label: t('itemSetting.members.readOnly') },
    { value: MEMBER_GROUP.manage, label: t('itemSetting.members.manage') },
  ];
}

export function authorityLabel(t: Translate, group: Id | undefined): string {
  const n = Number(group);
  if (n === MEMBER_GROUP.readOnly) return t('itemSetting.members.readOnly');
  if (n === MEMBER_GROUP.manage) return t('itemSetting.members.manage');
  return t('itemSetting.members.edit');
}

/** Catalog restriction choices: all catalogs (0) or one first-level catalog (per-catalog rights exist only there). */
export function catalogOptions(t: Translate, rows: readonly CatalogRow[] | undefined) {
  return [
    { value: '0', label: t('itemSetting.members.allCatalogs') },
    ...(rows ?? []).map((r) => ({ value: String(r.cat_id), label: r.cat_name })),
  ];
}

export function catalogLabel(t: Translate, rows: readonly CatalogRow[] | undefined, catId: Id | undefined, catName?: string): string {
  // the server names the catalogs of a limit (several when cat_ids holds more than one)
  if (catName) return catName;
  if (!catId || String(catId) === '0') return t('itemSetting.members.allCatalogs');
  const row = (rows ?? []).find((r) => String(r.cat_id) === String(catId));
  return row?.cat_name ?? catName ?? String(catId);
}

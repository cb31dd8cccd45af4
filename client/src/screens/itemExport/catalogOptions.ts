import type { Id } from '../../api';
import type { CatalogRow } from '../catalog/catalogRow';

export interface CatalogOption {
  value: string;
  /** nested names joined by ' / ' (spec: the Export screen's catalog list) */
  label: string;
}

/** Every catalog of the tree, parents first, labelled with its path. */
export function catalogOptions(rows: CatalogRow[] | undefined, prefix: string[] = []): CatalogOption[] {
  return (rows ?? []).flatMap((c) => {
    const path = [...prefix, c.cat_name];
    return [{ value: String(c.cat_id as Id), label: path.join(' / ') }, ...catalogOptions(c.sub, path)];
  });
}

import type { Id } from '../../api';

/**
 * A catalog as the catalog screens read it (the catListGroup and catListName answers, @shared/api/catalog)
 * and build it (the batUpdate payload): looser than the answer shapes, ids in either spelling.
 */
export interface CatalogRow {
  cat_id: Id;
  cat_name: string;
  parent_cat_id?: Id;
  level?: Id;
  s_number?: Id;
  sub?: CatalogRow[];
}

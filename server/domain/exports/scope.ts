// What an export may hold, as the export code asks it. The decisions are made in server/policies
// (policies/exportScope.ts builds this object for the caller, or for a job's user when it runs);
// the export code only asks, page by page and file by file.

export interface ExportItem {
  itemId: number;
  itemName: string;
  itemDescription: string;
  itemType: number;
}

/** A stored file as the scope is asked about it. */
export interface FileToEmbed {
  uid: number;
  itemId: number;
  /** the pages it is bound to: their item, and their catalog (null when the page is gone) */
  bindings: { itemId: number; catId: number | null }[];
}

export interface ExportScope {
  item: ExportItem;
  /** whether the pages of this catalog (0 = the item's root) go into the export */
  includesCatalog(catId: number): boolean;
  /** whether this stored file may be copied into the export */
  mayEmbed(file: FileToEmbed): boolean;
}

/** What to export: the whole item, one catalog (with its sub-catalogs), or one page. */
export type ExportTarget = { kind: 'item' } | { kind: 'catalog'; catId: number } | { kind: 'page'; pageId: number };

export type ExportFormat = 'word' | 'markdown' | 'html';

/** Interface language of the texts an export adds (title page, contents, README). */
export type ExportLang = 'en' | 'zh';

// Exports (Word, Markdown zip, offline HTML): who may export an item, and which of its pages and
// stored files an export may hold. The HTTP actions and the export jobs (which ask again when
// they run) use these, so an export never holds more than its user may read.
import type { ItemAccess } from './itemAccess';
import { requireEdit } from './itemAccess';
import { canReadPage, type PagePlace } from './pages';

/**
 * Exporting is the item editor's right (spec §6: ItemPermn governs export): members with edit
 * rights, managers, the owner, administrators. Archived and read-only-display items report no
 * ItemPermn, so they are refused as well, with the same messages as an edit.
 */
export function canExportItem(access: ItemAccess): boolean {
  return access.canVisit && access.canEdit;
}

/** Throws the refusal for an export (10307 for a private item without its password, else 10103). */
export function requireExport(access: ItemAccess): void {
  requireEdit(access);
}

/** A page goes into its exporter's export when they may read it: catalog limits apply, and root pages are outside any limit. */
export function canExportPage(access: ItemAccess, place: PagePlace): boolean {
  return canExportItem(access) && canReadPage(access, place);
}

/** Where a stored file belongs, as visitFile's rule sees it, from the exported item's side. */
export interface FilePlaces {
  uploaderUid: number;
  /** the item it was uploaded to */
  uploadedTo: number;
  /** the places of the pages of the exported item it is bound to */
  boundHere: PagePlace[];
  /** bound to pages of other items (only) */
  boundElsewhere: boolean;
}

/**
 * A stored file may be copied into an export when its exporter could download it through
 * visitFile, judged inside the exported item: its uploader, administrators, and readers of a page
 * of this item it is bound to. A file of this item bound only to other items' pages belongs to
 * the item as a whole (no catalog limit may apply). A file bound to no page (an orphan) is its
 * uploader's alone; files of other items are never copied.
 */
export function canExportFile(access: ItemAccess, file: FilePlaces): boolean {
  if (!canExportItem(access)) return false;
  if (access.isAdmin || (access.viewer !== null && file.uploaderUid === access.viewer.uid)) return true;
  if (file.boundHere.some((place) => canReadPage(access, place))) return true;
  return file.boundHere.length === 0 && file.boundElsewhere && file.uploadedTo === access.item.itemId && access.catIds === null;
}

// What every step of the ShowDoc import shares: the run (copying, maps, report), the source, and
// the facts decided before copying (file links, the skipped items, who owns ownerless items).
import type { AppDeps } from '../../../deps';
import type { ImportRun } from '../copy';
import type { FileLinks } from '../links';
import type { ShowdocSourceDb } from '../sourceDb';

export interface StepContext {
  deps: AppDeps;
  run: ImportRun;
  src: ShowdocSourceDb;
  uploadsDir: string | null;
  links: FileLinks;
  /** ShowDoc items not imported (whiteboards, kanbans): their rows are skipped with the item */
  skippedItems: Set<number>;
  /** the account that owns what lost its ShowDoc owner (the first administrator) */
  fallbackOwner: { uid: number; username: string };
}

/** 'Item {item} was not imported' and friends: a row whose parent did not come along */
export const parentMissing = (what: 'item' | 'page' | 'user' | 'team' | 'template' | 'file', id: number) => ({
  reason: `Its ${what} ({id}) was not imported`,
  vars: { id },
});

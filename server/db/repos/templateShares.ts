// Templates shared with items (template_items): which items a template is shared with, and
// which templates an item is offered.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { items, templateItems, templates } from '../schema';
import type { TemplateRow } from './templates';

export type TemplateShareRow = typeof templateItems.$inferSelect & { itemName: string };

/** The items these templates are shared with (live items only), with their names. */
export async function sharesOf(db: DbOrTx, templateIds: number[]): Promise<TemplateShareRow[]> {
  if (!templateIds.length) return [];
  const rows = await db
    .select({ share: templateItems, itemName: items.itemName })
    .from(templateItems)
    .innerJoin(items, and(eq(items.itemId, templateItems.itemId), eq(items.isDel, 0)))
    .where(inArray(templateItems.templateId, templateIds))
    .orderBy(asc(templateItems.id));
  return rows.map((r) => ({ ...r.share, itemName: r.itemName }));
}

/** The templates shared with an item, newest first. */
export async function sharedWith(db: DbOrTx, itemId: number): Promise<TemplateRow[]> {
  const rows = await db
    .select({ t: templates })
    .from(templateItems)
    .innerJoin(templates, eq(templates.id, templateItems.templateId))
    .where(eq(templateItems.itemId, itemId))
    .orderBy(desc(templates.addtime), desc(templates.id));
  return rows.map((r) => r.t);
}

/** Replaces the items a template is shared with. */
export async function replaceShares(db: DbOrTx, share: { templateId: number; itemIds: number[]; uid: number; username: string; now: number }): Promise<void> {
  await db.delete(templateItems).where(eq(templateItems.templateId, share.templateId));
  if (!share.itemIds.length) return;
  await db
    .insert(templateItems)
    .values(share.itemIds.map((itemId) => ({ templateId: share.templateId, itemId, uid: share.uid, username: share.username, createdAt: share.now })))
    .onConflictDoNothing();
}

export async function forgetTemplate(db: DbOrTx, templateId: number): Promise<void> {
  await db.delete(templateItems).where(eq(templateItems.templateId, templateId));
}

export function findTemplate(db: DbOrTx, id: number): Promise<TemplateRow | undefined> {
  return db
    .select()
    .from(templates)
    .where(eq(templates.id, id))
    .limit(1)
    .then((r) => r[0]);
}

// Page templates (per user): the SQL of the templates area.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { templates } from '../schema';
import { deleteAny } from './rows';

export type TemplateRow = typeof templates.$inferSelect;

export function listByOwner(db: DbOrTx, uid: number): Promise<TemplateRow[]> {
  return db.select().from(templates).where(eq(templates.uid, uid)).orderBy(desc(templates.addtime), desc(templates.id));
}

export async function insert(db: DbOrTx, row: { uid: number; username: string; title: string; content: string; addtime: number }): Promise<TemplateRow> {
  const [created] = await db
    .insert(templates)
    .values({ uid: row.uid, username: row.username, templateTitle: row.title, templateContent: row.content, addtime: row.addtime })
    .returning();
  return created;
}

/** Updates a template of this owner; undefined when it is not theirs (or gone). */
export async function updateOwn(db: DbOrTx, uid: number, id: number, title: string, content: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(templates)
    .set({ templateTitle: title, templateContent: content })
    .where(and(eq(templates.id, id), eq(templates.uid, uid)))
    .returning();
  return row;
}

/** Deletes a template of this owner; false when it is not theirs (or gone). */
export function deleteOwn(db: DbOrTx, uid: number, id: number): Promise<boolean> {
  return deleteAny(db, templates, and(eq(templates.id, id), eq(templates.uid, uid)));
}

// Per-user page templates: list, save (create, or update one's own), delete (owner only).
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { templates } from '../../db/schema';

export type TemplateRow = typeof templates.$inferSelect;

export function listTemplates(deps: AppDeps, uid: number): Promise<TemplateRow[]> {
  return deps.db.select().from(templates).where(eq(templates.uid, uid)).orderBy(desc(templates.addtime), desc(templates.id));
}

export async function createTemplate(deps: AppDeps, owner: { uid: number; username: string }, title: string, content: string): Promise<TemplateRow> {
  const [row] = await deps.db
    .insert(templates)
    .values({ uid: owner.uid, username: owner.username, templateTitle: title, templateContent: content, addtime: deps.now() })
    .returning();
  return row;
}

/** Updates a template of this owner; undefined when it is not theirs (or gone). */
export async function updateTemplate(deps: AppDeps, uid: number, id: number, title: string, content: string): Promise<TemplateRow | undefined> {
  const [row] = await deps.db
    .update(templates)
    .set({ templateTitle: title, templateContent: content })
    .where(and(eq(templates.id, id), eq(templates.uid, uid)))
    .returning();
  return row;
}

export async function deleteTemplate(deps: AppDeps, uid: number, id: number): Promise<boolean> {
  const rows = await deps.db
    .delete(templates)
    .where(and(eq(templates.id, id), eq(templates.uid, uid)))
    .returning({ id: templates.id });
  return rows.length > 0;
}

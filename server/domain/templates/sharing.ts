// Sharing one's templates with items: everyone who may edit the item is offered them in the
// editor. The caller's right to each item is decided by the policies before these run.
import type { AppDeps } from '../../deps';
import * as shareRepo from '../../db/repos/templateShares';
import * as repo from '../../db/repos/templates';

export type { TemplateShareRow } from '../../db/repos/templateShares';

export const findTemplate = (deps: AppDeps, id: number) => shareRepo.findTemplate(deps.db, id);

/** The owner's templates with the items each is shared with. */
export async function myTemplatesWithShares(deps: AppDeps, uid: number) {
  const list = await repo.listByOwner(deps.db, uid);
  const shares = await shareRepo.sharesOf(
    deps.db,
    list.map((t) => t.id),
  );
  return list.map((t) => ({ template: t, shares: shares.filter((s) => s.templateId === t.id) }));
}

export const sharesOfTemplate = (deps: AppDeps, templateId: number) => shareRepo.sharesOf(deps.db, [templateId]);

export const templatesSharedWith = (deps: AppDeps, itemId: number) => shareRepo.sharedWith(deps.db, itemId);

/** Shares a template with exactly these items (none: shared with no item). */
export function shareTemplate(deps: AppDeps, templateId: number, owner: { uid: number; username: string }, itemIds: number[]): Promise<void> {
  return deps.db.transaction((tx) => shareRepo.replaceShares(tx, { templateId, itemIds, uid: owner.uid, username: owner.username, now: deps.now() }));
}

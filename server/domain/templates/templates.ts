// Per-user page templates: list, save (create, or update one's own), delete (owner only).
import type { AppDeps } from '../../deps';
import * as repo from '../../db/repos/templates';
import * as shareRepo from '../../db/repos/templateShares';

export type { TemplateRow } from '../../db/repos/templates';

export const listTemplates = (deps: AppDeps, uid: number) => repo.listByOwner(deps.db, uid);

export const createTemplate = (deps: AppDeps, owner: { uid: number; username: string }, title: string, content: string) =>
  repo.insert(deps.db, { uid: owner.uid, username: owner.username, title, content, addtime: deps.now() });

/** Updates a template of this owner; undefined when it is not theirs (or gone). */
export const updateTemplate = (deps: AppDeps, uid: number, id: number, title: string, content: string) => repo.updateOwn(deps.db, uid, id, title, content);

/** Deletes a template of this owner, and its shares; false when it is not theirs (or gone). */
export const deleteTemplate = (deps: AppDeps, uid: number, id: number) =>
  deps.db.transaction(async (tx) => {
    const gone = await repo.deleteOwn(tx, uid, id);
    if (gone) await shareRepo.forgetTemplate(tx, id);
    return gone;
  });

// Who may download a file. Design choice: a file
// belongs to the item it was uploaded to and to every item whose pages it is bound to. It is
// served to its uploader, to administrators, and to anyone who may visit at least one of those
// items (private items need membership or the item password / grant cookie, as for pages).
// A file bound to no item at all is reachable by whoever holds its unguessable sign.
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../http/action';
import { accessForViewer, type PasswordProofs } from '../../policies/request';
import { findItem } from '../../policies/load';
import { itemIdsOf } from './queries';
import type { AttachmentRow } from './store';

export type VisitDecision = 'allow' | 'password' | 'deny';

export async function decideFileVisit(deps: AppDeps, user: SessionUser | null, row: AttachmentRow, proofs: PasswordProofs): Promise<VisitDecision> {
  if (user && (user.isAdmin || user.uid === row.uid)) return 'allow';
  const itemIds = await itemIdsOf(deps, row);
  if (!itemIds.length) return 'allow';
  let needsPassword = false;
  for (const id of itemIds) {
    const item = await findItem(deps.db, id);
    if (!item) continue;
    const access = await accessForViewer(deps, user, item, proofs);
    if (access.canVisit) return 'allow';
    if (access.needsPassword) needsPassword = true;
  }
  return needsPassword ? 'password' : 'deny';
}

// Who may ask about the AI assistant (ShowDoc's rules, kept although Quire has no AI): a
// site-wide question needs a signed-in user; a question about an item needs the right to visit it.
import { notLoggedIn } from '../errors';
import { accessToItemId, type Asker } from './request';
import { requireVisit, type ItemAccess } from './itemAccess';

/** The item's access when item_id is given (visit required), else undefined; anonymous without an item → 10102. */
export async function requireAgentScope(req: Asker, itemId: number): Promise<ItemAccess | undefined> {
  if (itemId <= 0) {
    if (!req.user) throw notLoggedIn();
    return undefined;
  }
  const access = await accessToItemId(req, itemId);
  requireVisit(access);
  return access;
}

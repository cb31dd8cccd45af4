// page.saved → "a page you wrote was edited", told only to an earlier author who may still read
// the page (the policies decide; the domain writes the notice).
import type { AppDeps } from '../deps';
import type { DomainEvents } from '../events';
import { findUserById, sessionOf } from '../domain/accounts';
import { noticedPage, noticePageEdited } from '../domain/notices/pageEdited';
import { mayBeToldAboutPage, pageEditedFor } from '../policies/notices';

export async function tellEarlierAuthor(deps: AppDeps, e: DomainEvents['page.saved']): Promise<void> {
  const authorUid = pageEditedFor(e);
  if (!authorUid) return;
  const page = await noticedPage(deps, e.pageId);
  if (!page || page.isDel || page.itemId !== e.itemId) return;
  const author = await findUserById(deps, authorUid);
  if (!author || !(await mayBeToldAboutPage(deps, sessionOf(author), page))) return;
  await noticePageEdited(deps, { toUid: authorUid, editorUid: e.uid, page, title: e.title });
}

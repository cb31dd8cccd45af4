// Reactions to domain events, registered once where the app's deps are built. Listeners run after
// the publisher's commit; a failing one is logged, never thrown back at the publisher.
import type { AppDeps } from '../deps';
import { isRemote } from '../events';
import { noticeItemAttorned } from '../domain/notices/itemAttorned';
import { noticeJobProgress } from '../domain/notices/jobFinished';
import { tellEarlierAuthor } from './pageEditNotices';
import { tellAboutComment, tellWatchers } from './aroundPageNotices';
import { queueNoticePush } from '../domain/notices/webhook';

/** Notices: an item transferred to you, your page edited by someone else, your job finished; their webhook. */
export function registerNoticeListeners(deps: AppDeps): () => void {
  const fail = (event: string) => (err: unknown) => deps.log.warn('notice not created', { event, err: (err as Error)?.message ?? String(err) });
  const offs = [
    deps.events.on('item.attorned', (e) => void noticeItemAttorned(deps, e).catch(fail('item.attorned'))),
    deps.events.on('page.saved', (e) => void tellEarlierAuthor(deps, e).catch(fail('page.saved'))),
    // issue #23: comments and watched pages
    deps.events.on('page.commented', (e) => void tellAboutComment(deps, e).catch(fail('page.commented'))),
    deps.events.on('page.saved', (e) => void tellWatchers(deps, e).catch(fail('page.saved'))),
    // the process where the job ran tells its user; the copies other processes hear over Redis do not
    // a notice to a user with a webhook: its delivery is queued once, by the process that created it
    deps.events.on('notice.created', (e) => void (isRemote(e) ? undefined : queueNoticePush(deps, e).catch(fail('notice.created')))),
    deps.events.on('job.progress', (e) => void (isRemote(e) ? undefined : noticeJobProgress(deps, e).catch(fail('job.progress')))),
  ];
  return () => offs.forEach((off) => off());
}

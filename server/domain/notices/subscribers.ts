// Every domain event that makes a notice, registered once where the app's deps are built.
// Handlers run after the publisher's commit; a failing handler is logged, never thrown back.
import type { AppDeps } from '../../deps';
import { isRemote } from '../../events';
import { onItemAttorned } from './onItemAttorned';
import { onPageSaved } from './onPageSaved';
import { onJobProgress } from './onJobFinished';

export function registerNoticeSubscribers(deps: AppDeps): () => void {
  const fail = (event: string) => (err: unknown) => deps.log.warn('notice not created', { event, err: (err as Error)?.message ?? String(err) });
  const offs = [
    deps.events.on('item.attorned', (e) => void onItemAttorned(deps, e).catch(fail('item.attorned'))),
    deps.events.on('page.saved', (e) => void onPageSaved(deps, e).catch(fail('page.saved'))),
    // the process where the job ran tells its user; the copies other processes hear over Redis do not
    deps.events.on('job.progress', (e) => void (isRemote(e) ? undefined : onJobProgress(deps, e).catch(fail('job.progress')))),
  ];
  return () => offs.forEach((off) => off());
}

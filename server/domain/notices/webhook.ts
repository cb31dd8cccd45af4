// The notice webhook (ShowDoc's push_url, #23): a user may give one http(s) address; each notice
// they get is also POSTed there as JSON, for a chat bot. The address is checked when it is saved
// and again, resolved and pinned, each time something is sent (server/net/publicHttp.ts).
// Sending is a background job ('notice.push', enqueued by the process that created the notice):
// at most PUSH_ATTEMPTS tries, PUSH_TIMEOUT_MS each, with a growing pause; never more.
import type { AppDeps } from '../../deps';
import type { JobHandler } from '../../jobs/types';
import { enqueueJob } from '../../jobs/enqueue';
import * as settingRepo from '../../db/repos/userSettings';
import * as noticeRepo from '../../db/repos/notices';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { localize } from '../../../shared/messages';
import { checkPublicUrl, postJsonToPublicUrl, RefusedUrl, type PublicRequestOptions } from '../../net/publicHttp';
import type { NoticeRow } from './create';

export const PUSH_URL_KEY = 'push_url';
export const PUSH_TIMEOUT_MS = 5000;
export const PUSH_ATTEMPTS = 3;
/** pause before the 2nd and 3rd attempt */
export const PUSH_BACKOFF_MS = [2000, 8000];

export interface PushJobData {
  noticeId: number;
  toUid: number;
}

/** what the test allowance lets through (config.testWebhookAllow exists only when NODE_ENV=test) */
const requestOptions = (deps: AppDeps): PublicRequestOptions => ({ allow: deps.config.testWebhookAllow });

export async function getPushUrl(deps: AppDeps, uid: number): Promise<string> {
  return (await settingRepo.get(deps.db, uid, PUSH_URL_KEY)) ?? '';
}

/** Saves (or, when empty, removes) the user's address; a refused address changes nothing. */
export async function savePushUrl(deps: AppDeps, uid: number, raw: string): Promise<void> {
  const value = raw.trim();
  if (!value) {
    await settingRepo.remove(deps.db, uid, PUSH_URL_KEY);
    return;
  }
  try {
    await checkPublicUrl(value, requestOptions(deps));
  } catch (e) {
    if (e instanceof RefusedUrl) throw new ApiError(ErrorCode.GENERIC, e.reason, e.vars);
    throw e;
  }
  await settingRepo.set(deps.db, uid, PUSH_URL_KEY, value, deps.now());
}

/** A new notice: queue its delivery when its user has an address (announcements are not pushed). */
export async function queueNoticePush(deps: AppDeps, e: { toUid: number; noticeId: number }): Promise<void> {
  if (e.toUid <= 0) return;
  if (!(await getPushUrl(deps, e.toUid))) return;
  // a system job (uid 0): not in anyone's Downloads list, and its end makes no notice of its own
  await enqueueJob<PushJobData>(deps, 'notice.push', { noticeId: e.noticeId, toUid: e.toUid }, { uid: 0 });
}

/** The text of one language block of a notice's stored HTML (content.ts writes both). */
export function noticeText(html: string, lang: 'en' | 'zh'): string {
  const block = html.match(lang === 'zh' ? /<div lang="zh-CN">([\s\S]*?)<\/div>/ : /<div lang="en">([\s\S]*?)<\/div>/);
  const text = (block ? block[1] : html)
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text.trim().slice(0, 4000);
}

export function pushPayload(n: NoticeRow) {
  return {
    notice_id: n.noticeId,
    notice_type: n.noticeType,
    title: localize(n.noticeTitle, 'en'),
    content: noticeText(n.noticeContent, 'en'),
    title_zh: localize(n.noticeTitle, 'zh'),
    content_zh: noticeText(n.noticeContent, 'zh'),
    from_name: n.fromName,
    notice_time: n.noticeTime,
  };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/** whether another attempt may help: network errors, timeouts, 408, 429 and 5xx */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/** The 'notice.push' job: sends one notice to its user's current address, a few times at most. */
export const pushNoticeHandler: JobHandler<PushJobData> = async (deps, data, ctx) => {
  const notice = await noticeRepo.findById(deps.db, data.noticeId);
  // the notice was deleted, or the job names someone else's notice: nothing to send
  if (!notice || notice.toUid !== data.toUid) return { summary: { sent: false, reason: 'no such notice' } };
  const url = await getPushUrl(deps, data.toUid);
  if (!url) return { summary: { sent: false, reason: 'no address' } };
  const payload = pushPayload(notice);
  let last = '';
  for (let attempt = 1; attempt <= PUSH_ATTEMPTS && !ctx.signal.aborted; attempt++) {
    if (attempt > 1) await pause(PUSH_BACKOFF_MS[attempt - 2] ?? PUSH_BACKOFF_MS[PUSH_BACKOFF_MS.length - 1], ctx.signal);
    try {
      const { status } = await postJsonToPublicUrl(url, payload, PUSH_TIMEOUT_MS, requestOptions(deps));
      if (status >= 200 && status < 300) return { summary: { sent: true, status, attempts: attempt } };
      last = `HTTP ${status}`;
      if (!retryable(status)) break;
    } catch (e) {
      // a refused address (private, redirect) stays refused: no second try
      if (e instanceof RefusedUrl) throw new ApiError(ErrorCode.GENERIC, e.reason, e.vars);
      last = (e as Error).message || String(e);
    }
  }
  throw new ApiError(ErrorCode.GENERIC, 'The notice could not be delivered to your webhook: {reason}', { reason: last.slice(0, 300) });
};

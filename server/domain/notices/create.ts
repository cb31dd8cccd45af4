// Writing notices. Callers insert them inside their own transaction (so a membership and its
// notice commit together) and publish 'notice.created' only after the commit.
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import * as noticeRepo from '../../db/repos/notices';
import type { NoticeRow } from '../../db/repos/notices';

export type { NoticeRow } from '../../db/repos/notices';

export type NoticeType =
  | 'member_added'
  | 'team_added'
  | 'item_attorned'
  | 'team_attorned'
  | 'page_edited'
  | 'job_done'
  | 'job_failed'
  // issue #23: comments and watched pages
  | 'comment_mention'
  | 'comment_reply'
  | 'page_commented'
  | 'page_changed';

export interface NoticeInput {
  toUid: number;
  fromUid: number;
  fromName: string;
  noticeType: NoticeType;
  /** an English title from shared/messages/notices.ts (translated when listed) */
  title: string;
  /** HTML from content.ts (user values escaped) */
  content: string;
  objectType: string;
  objectId: number;
}

export function insertNotices(db: DbOrTx, rows: NoticeInput[], now: number): Promise<NoticeRow[]> {
  return noticeRepo.insert(
    db,
    rows.map((r) => ({
      toUid: r.toUid,
      fromUid: r.fromUid,
      fromName: r.fromName.slice(0, 200),
      noticeType: r.noticeType,
      noticeTitle: r.title,
      noticeContent: r.content,
      objectType: r.objectType,
      objectId: r.objectId,
      noticeTime: now,
    })),
  );
}

/** Tells the realtime gateway (and anyone else) about committed notices. */
export function publishNotices(deps: AppDeps, rows: NoticeRow[]): void {
  for (const r of rows) deps.events.emit('notice.created', { toUid: r.toUid, noticeId: r.noticeId, title: r.noticeTitle });
}

/** One-shot: insert in a transaction, then publish. */
export async function createNotices(deps: AppDeps, rows: NoticeInput[]): Promise<NoticeRow[]> {
  if (!rows.length) return [];
  const created = await deps.db.transaction((tx) => insertNotices(tx, rows, deps.now()));
  publishNotices(deps, created);
  return created;
}

// page_comment/*: comments under a page. The page decides the item (readablePage); who may add,
// delete and mention is asked of policies/aroundPage.ts.
import { action, controller } from '../http/action';
import * as api from '../../shared/api/pageComment';
import { readablePage } from '../policies/request';
import { mayBeToldAboutPage } from '../policies/notices';
import { canDeleteComment, commentsOn, mayComment, mayMention, requireDeleteComment, requireMayComment } from '../policies/aroundPage';
import { addComment, deleteComment, listComments, liveComment } from '../domain/pageComments/comments';
import { itemPeople } from '../domain/pageComments/mentions';
import { findUserById, sessionOf } from '../domain/accounts';
import { presentThread } from '../presenters/aroundPage';
import { localize } from '../../shared/messages';

const getList = action(api.getList, {
  auth: 'optional',
  async run(req, p) {
    const { page, access } = await readablePage(req, p.page_id);
    if (!commentsOn(access.item)) return { total: 0, page: p.page, comments: [], can_comment: false };
    const { total, threads } = await listComments(req.deps, page.pageId, p.page, p.count);
    const canDelete = (row: { uid: number }) => canDeleteComment(access, row);
    const viewerUid = req.user?.uid ?? 0;
    return { total, page: p.page, comments: threads.map((t) => presentThread(t, viewerUid, canDelete)), can_comment: mayComment(access) };
  },
});

const add = action(api.add, {
  auth: 'required',
  async run(req, p) {
    const { page, access } = await readablePage(req, p.page_id);
    requireMayComment(access);
    const me = req.me();
    const row = await addComment(req.deps, {
      page: { pageId: page.pageId, itemId: page.itemId, authorUid: page.authorUid },
      item: { itemId: access.item.itemId, uid: access.item.uid },
      user: { uid: me.uid, username: me.username },
      content: p.content,
      parentId: p.parent_id,
      mentions: mayMention(access),
    });
    return { comment_id: row.commentId, message: localize('Comment posted', req.lang) };
  },
});

/** By the comment's author or a manager of the page's item, while they may read the page. */
const remove = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    const comment = await liveComment(req.deps, p.comment_id);
    const { access } = await readablePage(req, comment.pageId);
    requireDeleteComment(access, comment);
    await deleteComment(req.deps, comment);
    return { message: localize('Comment deleted', req.lang) };
  },
});

/** The item's people who may read the page, for @mention suggestions: only for the item's own people. */
const mentionable = action(api.mentionable, {
  auth: 'required',
  async run(req, p) {
    const { page, access } = await readablePage(req, p.page_id);
    if (!mayMention(access)) return [];
    const out: api.Mentionable[] = [];
    for (const person of await itemPeople(req.deps.db, access.item)) {
      const user = await findUserById(req.deps, person.uid);
      if (user && (await mayBeToldAboutPage(req.deps, sessionOf(user), page))) out.push(person);
    }
    return out;
  },
});

export default controller('pageComment', { getList, add, delete: remove, mentionable });

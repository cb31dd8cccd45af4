// The comments under a page: threads of a comment and its replies (two levels, as ShowDoc), a
// composer with @mention suggestions of the item's members, delete for the author or a manager.
import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Mentions } from 'antd';
import { CommentOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import * as api from '../../../api/endpoints/aroundPage';
import type { Id } from '../../../api';
import type { Mentionable, PageComment, PageCommentList, PageCommentThread } from '@shared/api/pageComment';
import { COMMENT_MAX_CHARS } from '@shared/limits';
import { useApiAction } from '../../../hooks/useApiAction';
import { confirmDelete, toast } from '../../../ui/confirm';
import { realtimeSocket } from '../../../realtime/socket';

/** the text with its @names marked (text nodes only: comments are never HTML) */
function withMentions(text: string) {
  return text.split(/(@[^\s@,，。:：;；!?！？()（）<>"'`]+)/u).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="quire-mention">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

function Composer({ pageId, parent, people, onPosted, onCancel }: { pageId: Id; parent?: PageComment; people: Mentionable[]; onPosted(): void; onCancel?(): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { busy, run } = useApiAction();
  const post = () =>
    run(async () => {
      await api.addComment({ page_id: pageId, content: text, parent_id: parent?.comment_id ?? 0 });
      setText('');
      toast('success', t('aroundPage.posted'));
      onPosted();
    });
  return (
    <div className="quire-comment-composer" data-testid={parent ? 'reply-composer' : 'comment-composer'}>
      <Mentions
        value={text}
        onChange={setText}
        autoSize={{ minRows: parent ? 1 : 2, maxRows: 6 }}
        maxLength={COMMENT_MAX_CHARS}
        placeholder={parent ? t('aroundPage.replyPlaceholder', { name: parent.username }) : t('aroundPage.placeholder')}
        options={people.map((p) => ({ value: p.username, label: p.name ? `${p.username} (${p.name})` : p.username, key: String(p.uid) }))}
        data-testid={parent ? 'reply-input' : 'comment-input'}
        autoFocus={!!parent}
      />
      <div className="quire-comment-composer-actions">
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            {t('aroundPage.cancel')}
          </Button>
        )}
        <Button size="small" type="primary" loading={busy} disabled={!text.trim()} onClick={() => void post()} data-testid={parent ? 'reply-post' : 'comment-post'}>
          {t('aroundPage.post')}
        </Button>
      </div>
    </div>
  );
}

function CommentView({ c, onReply, onDelete }: { c: PageComment; onReply?(): void; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <div className="quire-comment" data-testid="comment" data-comment-id={c.comment_id}>
      <div className="quire-comment-head">
        <strong>{c.username}</strong>
        <span className="quire-comment-time">{c.addtime_text}</span>
      </div>
      <div className="quire-comment-body">{withMentions(c.content)}</div>
      <div className="quire-comment-actions">
        {onReply && (
          <Button type="link" size="small" icon={<CommentOutlined />} onClick={onReply} data-testid="comment-reply">
            {t('aroundPage.reply')}
          </Button>
        )}
        {c.can_delete && (
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={onDelete} data-testid="comment-delete">
            {t('aroundPage.delete')}
          </Button>
        )}
      </div>
    </div>
  );
}

export function CommentsPanel({ pageId, signedIn }: { pageId: Id; signedIn: boolean }) {
  const { t } = useTranslation();
  const [list, setList] = useState<PageCommentList | null>(null);
  const [pages, setPages] = useState(1);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [people, setPeople] = useState<Mentionable[]>([]);

  const load = useCallback(
    async (upTo: number) => {
      const first = await api.comments(pageId, 1);
      const rest = await Promise.all(Array.from({ length: upTo - 1 }, (_, i) => api.comments(pageId, i + 2)));
      setList({ ...first, comments: [first, ...rest].flatMap((l) => l.comments) });
    },
    [pageId],
  );
  const reload = useCallback(() => void load(pages).catch(() => {}), [load, pages]);

  useEffect(() => {
    void load(1).catch(() => {});
  }, [load]);
  // a notice pushed to this user (a comment for them: a reply, a mention, on a page they wrote or
  // watch) brings new comments in without a reload; the socket is the one LiveNotices opened
  useEffect(() => {
    if (!signedIn) return;
    const socket = realtimeSocket();
    const onNotice = () => reload();
    socket.on('notice', onNotice);
    return () => {
      socket.off('notice', onNotice);
    };
  }, [signedIn, reload]);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    api
      .mentionable(pageId)
      .then((p) => current && setPeople(p))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [pageId, signedIn]);

  if (!list) return null;
  const remove = (c: PageComment) =>
    confirmDelete({ title: t('aroundPage.deleteConfirm'), doneText: t('aroundPage.deleted'), remove: () => api.deleteComment(c.comment_id), onDone: reload });
  const thread = (th: PageCommentThread) => (
    <li key={th.comment_id} className="quire-comment-thread">
      <CommentView c={th} onReply={list.can_comment ? () => setReplyTo(th.comment_id) : undefined} onDelete={() => remove(th)} />
      {(th.replies.length > 0 || replyTo === th.comment_id) && (
        <ul className="quire-comment-replies">
          {th.replies.map((r) => (
            <li key={r.comment_id}>
              <CommentView c={r} onDelete={() => remove(r)} />
            </li>
          ))}
          {replyTo === th.comment_id && (
            <li>
              <Composer
                pageId={pageId}
                parent={th}
                people={people}
                onCancel={() => setReplyTo(null)}
                onPosted={() => {
                  setReplyTo(null);
                  reload();
                }}
              />
            </li>
          )}
        </ul>
      )}
    </li>
  );

  return (
    <div className="quire-comments" data-testid="comments-panel">
      <h3 className="quire-comments-title">
        {t('aroundPage.comments')} <span className="quire-comments-count">{t('aroundPage.commentsCount', { count: list.total })}</span>
      </h3>
      {list.can_comment ? (
        <Composer pageId={pageId} people={people} onPosted={reload} />
      ) : (
        !signedIn && (
          <p className="quire-comments-login">
            <Link to={`/user/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`}>{t('aroundPage.loginToComment')}</Link>
          </p>
        )
      )}
      {list.comments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('aroundPage.noComments')} />
      ) : (
        <ul className="quire-comment-list">{list.comments.map(thread)}</ul>
      )}
      {list.comments.length < list.total && (
        <Button
          type="link"
          onClick={() => {
            setPages(pages + 1);
            void load(pages + 1).catch(() => {});
          }}
          data-testid="comments-more"
        >
          {t('aroundPage.more')}
        </Button>
      )}
    </div>
  );
}

// "Was this page helpful?" Yes / No: one vote per user (guests: per browser); the same vote again
// takes it back. The counts come back only for the page's editors.
import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import * as api from '../../../api/endpoints/aroundPage';
import type { Id } from '../../../api';
import type { FeedbackStat } from '@shared/api/pageFeedback';
import { useApiAction } from '../../../hooks/useApiAction';
import { toast } from '../../../ui/confirm';

const CLIENT_KEY = 'quire.feedbackClient';

/** a guest browser's id for its votes (kept in localStorage; signed-in votes count by account) */
function browserId(): string {
  try {
    let id = localStorage.getItem(CLIENT_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(CLIENT_KEY, id);
    }
    return id;
  } catch {
    return '';
  }
}

export function FeedbackBar({ pageId }: { pageId: Id }) {
  const { t } = useTranslation();
  const [stat, setStat] = useState<FeedbackStat | null>(null);
  const { busy, run } = useApiAction();
  const clientId = browserId();

  useEffect(() => {
    let current = true;
    api
      .feedbackStat(pageId, clientId)
      .then((s) => current && setStat(s))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [pageId, clientId]);

  if (!stat) return <span />;
  const vote = (type: 1 | 2) =>
    run(async () => {
      const next = await api.submitFeedback({ page_id: pageId, feedback_type: type, client_id: clientId });
      setStat(next);
      if (next.user_feedback) toast('success', t('aroundPage.thanks'));
    });
  const count = (n: number) => (stat.counts_visible ? <span className="quire-feedback-count">{n}</span> : null);
  return (
    <div className="quire-feedback" data-testid="page-feedback">
      <span>{t('aroundPage.helpfulQuestion')}</span>
      <Button
        size="small"
        type={stat.user_feedback === 1 ? 'primary' : 'default'}
        icon={<LikeOutlined />}
        disabled={busy}
        onClick={() => void vote(1)}
        aria-pressed={stat.user_feedback === 1}
        data-testid="feedback-helpful"
      >
        {t('aroundPage.helpful')}
        {count(stat.helpful_count)}
      </Button>
      <Button
        size="small"
        type={stat.user_feedback === 2 ? 'primary' : 'default'}
        icon={<DislikeOutlined />}
        disabled={busy}
        onClick={() => void vote(2)}
        aria-pressed={stat.user_feedback === 2}
        data-testid="feedback-unhelpful"
      >
        {t('aroundPage.unhelpful')}
        {count(stat.unhelpful_count)}
      </Button>
      {stat.counts_visible && (
        <Tooltip title={t('aroundPage.countsHint')}>
          <span className="quire-feedback-hint" data-testid="feedback-counts-hint">
            ⓘ
          </span>
        </Tooltip>
      )}
    </div>
  );
}

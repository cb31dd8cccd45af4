import type { ReactNode } from 'react';
import { ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageInfo } from '@shared/api/page';
import { MarkdownBody } from '../../markdown/MarkdownBody';
import { formatTime } from '../../ui/time';

/** A page as readers see it: title, author and time, rendered Markdown (with a searched keyword marked); `footer` under it. */
export function DocArticle({ page, html, meta, highlight, footer }: { page: PageInfo; html: string; meta?: ReactNode; highlight?: string; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article className="doc-article" data-testid="doc-article">
      <h1 className="doc-title" data-testid="page-title">
        {page.page_title}
      </h1>
      <div className="doc-meta">
        {page.author_username && (
          <span>
            <UserOutlined /> {page.author_username}
          </span>
        )}
        {page.addtime && (
          <span title={t('doc.updated')}>
            <ClockCircleOutlined /> {formatTime(page.addtime)}
          </span>
        )}
        {meta}
      </div>
      <MarkdownBody html={html} highlight={highlight} />
      {footer}
    </article>
  );
}

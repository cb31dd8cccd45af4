import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Id } from '../../api';
import type { SearchHitPage } from '@shared/api/item/search';
import { excerpt } from './menuTree';

export type SearchHit = SearchHitPage & { page_content?: string };

/** Marks the keyword inside plain text (React escapes everything: no HTML from the page gets in). */
function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  const k = keyword.trim();
  if (!k) return <>{text}</>;
  const lower = text.toLowerCase();
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (let i = lower.indexOf(k.toLowerCase()); i >= 0 && parts.length < 20; i = lower.indexOf(k.toLowerCase(), at)) {
    parts.push(text.slice(at, i), <mark key={i}>{text.slice(i, i + k.length)}</mark>);
    at = i + k.length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/** Pages of the item matching the keyword (item/search). */
export function SearchResults({
  hits,
  keyword,
  pageId,
  onOpenPage,
  hasMore,
  busy,
  onMore,
}: {
  hits: SearchHit[];
  keyword: string;
  pageId: Id | null;
  onOpenPage: (id: string) => void;
  hasMore: boolean;
  busy: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  if (!hits.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('itemShow.noResults')} data-testid="search-empty" />;
  return (
    <>
      <ul className="search-results" data-testid="search-results">
        {hits.map((h) => (
          <li key={String(h.page_id)}>
            <a
              href={`?page_id=${h.page_id}`}
              className={String(h.page_id) === String(pageId) ? 'active' : undefined}
              onClick={(e) => {
                e.preventDefault();
                onOpenPage(String(h.page_id));
              }}
              data-testid="search-hit"
            >
              <Highlighted text={h.page_title} keyword={keyword} />
              {(h.search_content || h.page_content) && (
                <span className="snippet">
                  <Highlighted text={excerpt(h.search_content || h.page_content, keyword)} keyword={keyword} />
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className="search-more">
          <Button type="link" loading={busy} onClick={onMore} data-testid="search-more">
            {t('itemShow.moreResults')}
          </Button>
        </div>
      )}
    </>
  );
}

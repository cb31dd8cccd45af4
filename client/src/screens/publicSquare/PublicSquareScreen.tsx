import '../../i18n/managementTexts';
import { useEffect, useState } from 'react';
import { Empty, Input, Pagination, Radio, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api';
import { publicItems } from '../../api/endpoints/square';
import { ErrorCode } from '@shared/errors';
import { AppHeader } from '../../layout/AppHeader';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { avatarLetter, itemAvatarColor, itemTypeKey } from '../item/itemLook';

const PAGE_SIZE = 20;
type Answer = Awaited<ReturnType<typeof publicItems>>;
type SearchType = 'title' | 'content';

/** The public square (#23): every public item of the site, searched by name or by page text, 20 a page. */
export default function PublicSquareScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('square.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('keyword') ?? '';
  const searchType: SearchType = params.get('search_type') === 'content' ? 'content' : 'title';
  const [typed, setTyped] = useState(keyword);
  const [data, setData] = useState<Answer | null>(null);
  const [off, setOff] = useState(false);

  useEffect(() => {
    let live = true;
    setData(null);
    publicItems({ page, count: PAGE_SIZE, keyword, search_type: searchType })
      .then((r) => live && setData(r))
      .catch((e) => {
        if (live && e instanceof ApiError && e.code === ErrorCode.PUBLIC_SQUARE_OFF) setOff(true);
      });
    return () => {
      live = false;
    };
  }, [page, keyword, searchType]);

  const go = (next: { page?: number; keyword?: string; search_type?: SearchType }) => {
    const q = { page: String(next.page ?? 1), keyword: next.keyword ?? keyword, search_type: next.search_type ?? searchType };
    setParams(Object.fromEntries(Object.entries(q).filter(([k, v]) => v && !(k === 'page' && v === '1') && !(k === 'search_type' && v === 'title'))));
  };

  return (
    <>
      <AppHeader />
      <div className="page-container" data-testid="public-square">
        <div className="page-title-row">
          <h1>{t('square.title')}</h1>
        </div>
        {off ? (
          <Result status="info" title={t('square.off')} data-testid="public-square-off" />
        ) : (
          <>
            <p className="manage-hint">{t('square.intro')}</p>
            <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', margin: '8px 0 16px' }}>
              <Input.Search
                allowClear
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                onSearch={(v) => go({ keyword: v.trim() })}
                placeholder={searchType === 'content' ? t('square.searchContent') : t('square.searchTitle')}
                enterButton
                style={{ flex: '1 1 280px', maxWidth: 480 }}
                maxLength={200}
                data-testid="square-search"
              />
              <Radio.Group
                optionType="button"
                value={searchType}
                onChange={(e) => go({ search_type: e.target.value as SearchType })}
                options={[
                  { value: 'title', label: t('square.byTitle') },
                  { value: 'content', label: t('square.byContent') },
                ]}
                data-testid="square-search-type"
              />
            </div>
            {data === null ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : data.items.length === 0 ? (
              <Empty description={keyword ? t('square.noMatch') : t('square.empty')} style={{ padding: '48px 0' }} data-testid="square-empty" />
            ) : (
              <>
                <div className="manage-hint" data-testid="square-total">
                  {t('square.total', { count: Number(data.total) })}
                </div>
                <div className="item-grid" data-testid="square-grid">
                  {data.items.map((item) => (
                    <SquareCard key={String(item.item_id)} item={item} />
                  ))}
                </div>
                {Number(data.total) > PAGE_SIZE && (
                  <Pagination
                    style={{ marginTop: 24, textAlign: 'center' }}
                    current={page}
                    pageSize={PAGE_SIZE}
                    total={Number(data.total)}
                    showSizeChanger={false}
                    onChange={(p) => go({ page: p })}
                    data-testid="square-pages"
                  />
                )}
              </>
            )}
          </>
        )}
      </div>
    </>
  );
}

function SquareCard({ item }: { item: Answer['items'][number] }) {
  const { t } = useTranslation();
  const type = itemTypeKey(item.item_type);
  return (
    <Link to={`/${encodeURIComponent(String(item.item_domain || item.item_id))}`} className="item-card" style={{ color: 'inherit' }} data-testid="square-card">
      <div className="item-card-head">
        <div className="item-avatar" style={{ background: itemAvatarColor(item.item_name) }} aria-hidden="true">
          {avatarLetter(item.item_name)}
        </div>
        <div className="item-name" style={{ flex: 1, minWidth: 0 }}>
          {item.item_name}
        </div>
      </div>
      <div className="item-desc">{item.item_description || t('square.noDescription')}</div>
      <div className="item-card-foot" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, marginTop: 'auto' }}>
        <span className="manage-hint">{t('square.updated', { time: item.last_update_time })}</span>
        {type !== 'regular' && <Tag color="blue">{t(`itemTypes.${type}`)}</Tag>}
      </div>
    </Link>
  );
}

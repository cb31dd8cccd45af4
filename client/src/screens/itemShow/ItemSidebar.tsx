import { Empty, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Id } from '../../api';
import type { ItemMenu } from '@shared/api/item';
import { CatalogMenu } from './CatalogMenu';
import { SearchResults } from './SearchResults';
import type { useItemSearch } from './useItemSearch';

interface Props {
  menu: ItemMenu;
  pageId: Id | null;
  search: ReturnType<typeof useItemSearch>;
  onOpenPage: (id: string) => void;
}

/** Search box over the catalog menu; while a search is active, its results replace the menu. */
export function ItemSidebar({ menu, pageId, search, onOpenPage }: Props) {
  const { t } = useTranslation();
  const empty = !(menu.pages?.length || menu.catalogs?.length);
  return (
    <>
      <div className="sidebar-search">
        <Input.Search
          allowClear
          placeholder={t('itemShow.searchPlaceholder')}
          loading={search.busy}
          onSearch={(v) => void search.run(v)}
          onChange={(e) => !e.target.value && search.clear()}
          data-testid="item-search-input"
        />
        {search.tooShort && (
          <span className="hint-text">{t('itemShow.searchTooShort')}</span>
        )}
      </div>
      <div className="sidebar-scroll">
        {search.hits ? (
          <SearchResults
            hits={search.hits}
            keyword={search.keyword}
            pageId={pageId}
            onOpenPage={onOpenPage}
            hasMore={search.hasMore}
            busy={search.busy}
            onMore={() => void search.more()}
          />
        ) : empty ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('itemShow.noPages')} />
        ) : (
          <CatalogMenu menu={menu} pageId={pageId} onOpenPage={onOpenPage} />
        )}
      </div>
    </>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FullscreenExitOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ItemInfo } from '@shared/api/item';
import { BREAKPOINTS, useViewportWidth } from '../../hooks/useViewportWidth';
import { DocumentPane } from './DocumentPane';
import { ItemSidebar } from './ItemSidebar';
import { ItemTopBar } from './ItemTopBar';
import { locatePage, pageToShow } from './menuTree';
import { regularOperations, type ItemPermissions } from './permissions';
import { useItemSearch } from './useItemSearch';
import { useCatalogCollapsed } from './useCatalogCollapsed';

// the menu drawer is for narrow screens only: it loads the first time it opens
const Drawer = lazy(() => import('antd/es/drawer'));

interface Props {
  info: ItemInfo;
  perms: ItemPermissions;
  itemPath: string;
  onMenuChanged: () => void;
}

/** Regular and read-only display items: the catalog tree on the left (collapsible; a drawer under 960 px), the page on the right. */
export function RegularItemView({ info, perms, itemPath, onMenuChanged }: Props) {
  const { t } = useTranslation();
  const width = useViewportWidth();
  const [params, setParams] = useSearchParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [fullPage, setFullPage] = useState(false);
  const search = useItemSearch(info.item_id);
  const [collapsed, toggleCollapsed] = useCatalogCollapsed();
  const drawer = width < BREAKPOINTS.itemMobile;
  const menuWidth = width >= BREAKPOINTS.wideMenu ? 300 : 250;
  const showSidebar = !drawer && !collapsed && !fullPage;
  // the page lays itself out in the width the tree leaves it
  const paneWidth = showSidebar ? width - menuWidth : width;
  const pageId = pageToShow(info.menu, params.get('page_id'), info.default_page_id);
  const location = locatePage(info.menu, pageId);

  useEffect(() => {
    if (!fullPage) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFullPage(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullPage]);

  const openPage = (id: string) => {
    setParams({ page_id: id });
    setDrawerOpen(false);
    window.scrollTo({ top: 0 });
  };

  const sidebar = <ItemSidebar menu={info.menu} pageId={pageId} search={search} onOpenPage={openPage} />;
  return (
    <div className={`item-show${fullPage ? ' full-page' : ''}`} data-testid="item-show">
      {!fullPage && (
        <ItemTopBar
          info={info}
          compact={width < 700}
          menu={drawer ? { kind: 'drawer', onClick: () => (setDrawerUsed(true), setDrawerOpen(true)) } : { kind: 'sidebar', shown: !collapsed, onClick: toggleCollapsed }}
        />
      )}
      <div className="item-body" style={fullPage ? { minHeight: '100vh' } : undefined}>
        {showSidebar && (
          <aside className="item-sidebar" style={{ width: menuWidth }} data-testid="item-sidebar">
            {sidebar}
          </aside>
        )}
        <main className="item-main">
          <DocumentPane
            info={info}
            perms={perms}
            pageId={pageId}
            paneWidth={paneWidth}
            highlight={search.hits ? search.keyword : undefined}
            itemPath={itemPath}
            crumbs={(location?.catalogs ?? []).map((c) => c.cat_name)}
            catId={location?.catalogs.at(-1)?.cat_id ?? null}
            operations={(hasPage) => regularOperations(perms, hasPage)}
            fullPage={fullPage}
            onFullPage={setFullPage}
            onMenuChanged={onMenuChanged}
          />
        </main>
      </div>
      {drawer && drawerUsed && (
        <Suspense fallback={null}>
          <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={Math.min(320, width - 40)}
          title={info.item_name}
          className="drawer-sidebar"
          data-testid="menu-drawer"
        >
          {sidebar}
          </Drawer>
        </Suspense>
      )}
      {fullPage && (
        <Tooltip title={t('itemShow.exitFullPage')}>
          <Button className="full-page-exit" shape="circle" icon={<FullscreenExitOutlined />} onClick={() => setFullPage(false)} data-testid="full-page-exit" />
        </Tooltip>
      )}
    </div>
  );
}

import { useState } from 'react';
import type { ItemInfo } from '@shared/api/item';
import { useViewportWidth } from '../../hooks/useViewportWidth';
import { DocumentPane } from './DocumentPane';
import { ItemTopBar } from './ItemTopBar';
import { firstPage, pageToShow } from './menuTree';
import { singlePageOperations, type ItemPermissions } from './permissions';

/** Single-page items (type 2): the one page, full width; share, edit, export, settings. */
export function SinglePageItemView({ info, perms, itemPath, onMenuChanged }: { info: ItemInfo; perms: ItemPermissions; itemPath: string; onMenuChanged: () => void }) {
  const width = useViewportWidth();
  const [fullPage, setFullPage] = useState(false);
  const pageId = pageToShow(info.menu, null, info.default_page_id) ?? firstPage(info.menu)?.page_id ?? null;
  return (
    <div className={`item-show${fullPage ? ' full-page' : ''}`} data-testid="item-show-single">
      {!fullPage && <ItemTopBar info={info} compact={width < 700} />}
      <DocumentPane
        info={info}
        perms={perms}
        pageId={pageId}
        itemPath={itemPath}
        crumbs={[]}
        catId={null}
        operations={(hasPage) => singlePageOperations(perms, hasPage)}
        fullPage={fullPage}
        onFullPage={setFullPage}
        onMenuChanged={onMenuChanged}
      />
    </div>
  );
}

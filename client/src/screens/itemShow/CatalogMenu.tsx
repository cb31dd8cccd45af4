import { useEffect, useMemo, useState } from 'react';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { FileTextOutlined, FolderOutlined } from '@ant-design/icons';
import type { Id } from '../../api';
import type { ItemMenu, MenuCatalog } from '@shared/api/item';
import { locatePage } from './menuTree';

type Items = NonNullable<MenuProps['items']>;

const catKey = (c: MenuCatalog) => `cat-${c.cat_id}`;

function toItems(menu: ItemMenu): Items {
  const pages = (list: ItemMenu['pages'] | undefined): Items =>
    (list ?? []).map((p) => ({
      key: `page-${p.page_id}`,
      icon: <FileTextOutlined />,
      label: <span title={p.page_title} data-testid="menu-page">{p.page_title}</span>,
    }));
  const cats = (list: MenuCatalog[] | undefined): Items =>
    (list ?? []).map((c) => ({
      key: catKey(c),
      icon: <FolderOutlined />,
      label: <span title={c.cat_name} data-testid="menu-catalog">{c.cat_name}</span>,
      children: [...cats(c.catalogs), ...pages(c.pages)],
    }));
  // root pages first, then catalogs (each: sub-catalogs, then its pages)
  return [...pages(menu.pages), ...cats(menu.catalogs)];
}

/** The left menu: catalogs (folders, up to 3 levels) and pages; the open page's catalogs expanded. */
export function CatalogMenu({ menu, pageId, onOpenPage }: { menu: ItemMenu; pageId: Id | null; onOpenPage: (id: string) => void }) {
  const items = useMemo(() => toItems(menu), [menu]);
  const ancestors = useMemo(() => (locatePage(menu, pageId)?.catalogs ?? []).map(catKey), [menu, pageId]);
  const [openKeys, setOpenKeys] = useState<string[]>(ancestors);
  useEffect(() => {
    setOpenKeys((cur) => Array.from(new Set([...cur, ...ancestors])));
  }, [ancestors]);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={pageId !== null ? [`page-${pageId}`] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => key.startsWith('page-') && onOpenPage(key.slice(5))}
      inlineIndent={16}
      data-testid="catalog-menu"
    />
  );
}

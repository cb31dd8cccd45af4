import { afterEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  info: vi.fn(),
  listGroup: vi.fn(),
  batUpdate: vi.fn(async () => true),
}));

vi.mock('../../api', async () => {
  const ids = await vi.importActual<typeof import('../../api/ids')>('../../api/ids');
  return {
    ...ids,
    ApiError: class ApiError extends Error {},
    itemApi: { info: api.info, myList: vi.fn(async () => []) },
    catalogApi: { listGroup: api.listGroup, batUpdate: api.batUpdate, save: vi.fn(), remove: vi.fn(), pagesByCat: vi.fn(async () => []), copy: vi.fn() },
    pageApi: { sort: vi.fn() },
    userApi: { logout: vi.fn() },
  };
});

import CatalogScreen from './CatalogScreen';
import { renderAt, type Rendered } from '../itemSetting/shared/renderForTest';

const tree = [
  { cat_id: 1, cat_name: 'Guides', level: 2, sub: [{ cat_id: 2, cat_name: 'Setup', level: 3, sub: [] }] },
  { cat_id: 3, cat_name: 'API', level: 2, sub: [] },
];
let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  api.info.mockReset();
  api.listGroup.mockReset();
});

const open = () => renderAt('/catalog/9', '/catalog/:item_id', <CatalogScreen />);

describe('catalog management screen', () => {
  it('shows the tree with levels and actions to an editor', async () => {
    api.info.mockResolvedValue({ item_id: 9, item_name: 'Docs', item_type: 1, ItemPermn: 1, menu: { pages: [], catalogs: [] } });
    api.listGroup.mockResolvedValue(tree);
    view = await open();
    expect(api.listGroup).toHaveBeenCalledWith('9');
    expect(view.q('catalog-tree')).not.toBeNull();
    expect(view.q('cat-row-1')?.getAttribute('data-depth')).toBe('0');
    expect(view.q('cat-row-2')?.getAttribute('data-depth')).toBe('1');
    expect(view.q('cat-row-3')?.textContent).toContain('API');
    expect(view.q('catalog-add')).not.toBeNull();
    expect(view.q('cat-delete-2')).not.toBeNull();
    expect(view.q('catalog-no-permission')).toBeNull();
  });

  it('refuses read-only members', async () => {
    api.info.mockResolvedValue({ item_id: 9, item_name: 'Docs', item_type: 1, ItemPermn: 0, menu: { pages: [], catalogs: [] } });
    api.listGroup.mockResolvedValue(tree);
    view = await open();
    expect(view.q('catalog-no-permission')).not.toBeNull();
    expect(view.q('catalog-tree')).toBeNull();
    expect(view.q('catalog-add')).toBeNull();
  });

  it('refuses changes on an archived item even for its editors', async () => {
    api.info.mockResolvedValue({ item_id: 9, item_name: 'Docs', item_type: 1, ItemPermn: 1, is_archived: 1, menu: { pages: [], catalogs: [] } });
    api.listGroup.mockResolvedValue(tree);
    view = await open();
    expect(view.q('catalog-no-permission')).not.toBeNull();
    expect(view.q('cat-row-1')).toBeNull();
  });
});

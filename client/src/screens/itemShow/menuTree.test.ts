import { describe, expect, it } from 'vitest';
import type { ItemInfo, ItemMenu } from '@shared/api/item';
import { excerpt, firstPage, locatePage, pageToShow, pagesInOrder, searchable } from './menuTree';
import { itemPermissions, regularOperations, singlePageOperations } from './permissions';

// ShowDoc-style answers: only the fields the helpers read
const menu = {
  pages: [{ page_id: 1, page_title: 'Root' }],
  catalogs: [
    {
      cat_id: 10,
      cat_name: 'A',
      pages: [{ page_id: 2, page_title: 'A page' }],
      catalogs: [{ cat_id: 11, cat_name: 'A1', pages: [{ page_id: 3, page_title: 'Deep' }], catalogs: [] }],
    },
  ],
} as unknown as ItemMenu;

describe('menu helpers', () => {
  it('orders root pages first, then catalogs depth-first', () => {
    expect(pagesInOrder(menu).map((p) => p.page_id)).toEqual([1, 2, 3]);
    expect(firstPage({ pages: [], catalogs: menu.catalogs })?.page_id).toBe(2);
    expect(firstPage({ pages: [], catalogs: [] })).toBeNull();
  });

  it('locates a page with its catalog path', () => {
    expect(locatePage(menu, '3')?.catalogs.map((c) => c.cat_name)).toEqual(['A', 'A1']);
    expect(locatePage(menu, 99)).toBeNull();
  });

  it('page to show: requested, else default_page_id, else first (spec §2)', () => {
    expect(pageToShow(menu, '3', 2)).toBe('3');
    expect(pageToShow(menu, '99', 2)).toBe(2);
    expect(pageToShow(menu, null, '0')).toBe(1);
    expect(pageToShow(menu, null, 77)).toBe(1);
  });

  it('a one-character search runs only for Chinese (spec §5)', () => {
    expect(searchable('a')).toBe(false);
    expect(searchable('接')).toBe(true);
    expect(searchable(' ab ')).toBe(true);
    expect(searchable('   ')).toBe(false);
  });

  it('excerpts plain text around the keyword', () => {
    const text = `${'x '.repeat(100)}## the **needle** here ${'y '.repeat(100)}`;
    const e = excerpt(text, 'needle', 10);
    expect(e).toContain('needle');
    expect(e.startsWith('…')).toBe(true);
    expect(e).not.toContain('**');
  });
});

describe('operation bar (spec §6)', () => {
  const info = (p: Record<string, unknown>): ItemInfo => ({ item_id: 1, item_name: 'x', item_type: 1, menu, ...p }) as unknown as ItemInfo;

  it('editors and creators get edit controls; read-only members only read, share and exit', () => {
    const owner = itemPermissions(info({ ItemPermn: true, ItemCreator: true, is_login: true }), true);
    expect(regularOperations(owner, true)).toEqual(['newPage', 'newCatalog', 'edit', 'copy', 'history', 'export', 'share', 'delete', 'settings']);
    const reader = itemPermissions(info({ ItemPermn: false, ItemCreator: false, is_login: true }), true);
    expect(regularOperations(reader, true)).toEqual(['history', 'share', 'exit']);
  });

  it('guests see login and history only (spec §6)', () => {
    const guest = itemPermissions(info({ ItemPermn: false, ItemCreator: false, is_login: false }), false);
    expect(regularOperations(guest, true)).toEqual(['history', 'login']);
    expect(regularOperations(guest, false)).toEqual(['login']);
    expect(singlePageOperations(itemPermissions(info({ item_type: 2, is_login: 0 }), false), true)).toEqual(['login']);
  });

  it('archived and read-only display items (type 3) never offer edits', () => {
    expect(itemPermissions(info({ ItemPermn: 1, ItemCreator: 1, is_archived: 1 }), true).canEdit).toBe(false);
    const t3 = itemPermissions(info({ item_type: 3, ItemPermn: '1', ItemCreator: '1' }), true);
    expect(t3).toMatchObject({ canEdit: false, isCreator: false });
  });

  it("an archived item's manager gets its settings, not 'leave item' (ItemCreator is false there, can_manage true)", () => {
    const owner = itemPermissions(info({ ItemPermn: false, ItemCreator: false, can_manage: true, is_archived: '1', is_login: true }), true);
    const ops = regularOperations(owner, true);
    expect(ops).toContain('settings');
    expect(ops).not.toContain('exit');
    const member = itemPermissions(info({ ItemPermn: false, ItemCreator: false, can_manage: false, is_archived: '1', is_login: true }), true);
    expect(regularOperations(member, true)).toContain('exit');
  });

  it('single-page items: share, edit, history, export, settings', () => {
    const owner = itemPermissions(info({ item_type: 2, ItemPermn: 1, ItemCreator: 1, is_login: 1 }), true);
    expect(singlePageOperations(owner, true)).toEqual(['share', 'edit', 'history', 'export', 'settings']);
  });
});

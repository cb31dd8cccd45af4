import { describe, expect, it } from 'vitest';
import en from '../../i18n/management.en';
import zh from '../../i18n/management.zh-CN';
import readerEn from '../../i18n/en';
import type { ItemDetail } from '@shared/api/item';
import { ITEM_PASSWORD_PLACEHOLDER } from '@shared/limits';
import { isArchived, isPrivateItem, settingTabs, updatePayload } from './tabs';
import { authorityLabel, catalogLabel, catalogOptions } from './authority';

const t = (k: string) => k;

describe('item settings', () => {
  it('shows the five tabs once the manager-only detail loaded, none before', () => {
    expect(settingTabs(undefined)).toEqual([]);
    expect(settingTabs({ item_id: 1, item_name: 'x', item_type: 1 } as ItemDetail)).toEqual(['info', 'members', 'advanced', 'openApi', 'recycle', 'changeLog']);
  });

  it('sends an empty password for an open item and keeps it for a private one', () => {
    const base = { item_name: ' Docs ', item_description: ' d ', item_domain: ' abc ', password: 'secret' };
    expect(updatePayload('5', { ...base, is_private: false })).toEqual({ item_id: '5', item_name: 'Docs', item_description: 'd', item_domain: 'abc', password: '' });
    expect(updatePayload('5', { ...base, is_private: true }).password).toBe('secret');
  });

  it('sends item/detail\'s placeholder back untouched for a private item (the server keeps the password)', () => {
    const detail = { item_name: 'Docs', item_description: '', item_domain: '', password: ITEM_PASSWORD_PLACEHOLDER };
    expect(isPrivateItem(detail)).toBe(true);
    expect(updatePayload('5', { ...detail, is_private: true }).password).toBe(ITEM_PASSWORD_PLACEHOLDER);
    expect(updatePayload('5', { ...detail, is_private: false }).password).toBe('');
  });

  it('derives private and archived state', () => {
    expect(isPrivateItem({ password: 'x' })).toBe(true);
    expect(isPrivateItem({ password: '', is_private: 0 })).toBe(false);
    expect(isArchived({ is_archived: '1' })).toBe(true);
    expect(isArchived({ is_archived: 0 })).toBe(false);
  });

  it('labels authority and catalog restriction', () => {
    expect(authorityLabel(t, 0)).toBe('itemSetting.members.readOnly');
    expect(authorityLabel(t, '1')).toBe('itemSetting.members.edit');
    expect(authorityLabel(t, 2)).toBe('itemSetting.members.manage');
    const cats = [{ cat_id: 3, cat_name: 'API' }];
    expect(catalogOptions(t, cats)).toEqual([
      { value: '0', label: 'itemSetting.members.allCatalogs' },
      { value: '3', label: 'API' },
    ]);
    expect(catalogLabel(t, cats, 0)).toBe('itemSetting.members.allCatalogs');
    expect(catalogLabel(t, cats, '3')).toBe('API');
    expect(catalogLabel(t, cats, 9, 'Old')).toBe('Old');
  });
});

describe('management dictionaries', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it('have the same keys in English and Chinese, none empty', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    for (const dict of [en, zh]) {
      for (const k of keys(dict)) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], dict);
        expect(typeof v === 'string' && v.trim().length > 0, k).toBe(true);
      }
    }
  });

  it('cover every literal key the management screens use', async () => {
    const files = import.meta.glob(['../{catalog,itemSetting,notice,team,attachment,userSetting,admin}/**/*.{ts,tsx}', '!**/*.test.*'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    expect(Object.keys(files).length).toBeGreaterThan(20);
    // the words every screen shares (Cancel, Delete…) come from the reader texts' common group
    const all = new Set([...keys(en), ...keys({ common: readerEn.common })].map((k) => k.replace(/_(one|other)$/, '')));
    const missing: string[] = [];
    let used = 0;
    for (const [file, src] of Object.entries(files)) {
      for (const m of src.matchAll(/\bt\(\s*'((?:common|management|itemSetting|catalogAdmin|notice|team|attachment|userSetting|admin)\.[A-Za-z0-9_.]+)'/g)) {
        used++;
        if (!all.has(m[1])) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(used).toBeGreaterThan(150);
    expect(missing).toEqual([]);
  });
});

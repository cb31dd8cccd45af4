import { describe, expect, expectTypeOf, it } from 'vitest';
import { isNumericKey, numbered, type AsShowDoc, type DbNum, type NumericKey, type Numbered } from './dbText';

// every key of the NumericKey type, spelled out once for the pattern
const numericKeys = ['id', 'uid', 'item_id', 'page_id', 'cat_id', 'parent_cat_id', 'author_uid', 'del_by_uid', 'member_group_id', 'default_cat_id2', 'is_del', 'is_archived', 'item_type', 'groupid', 'level', 's_number', 'allow_comment', 'allow_feedback', 'visit_times', 'view_times', 'file_size', 'lock', 'expire_time'] as const satisfies readonly NumericKey[];
const textKeys = ['item_name', 'cat_name', 'page_title', 'username', 'item_domain', 'addtime', 'unique_key', 'password', 'api_key', 'cat_ids', 'file_size_m', 'memberCount'] as const;

describe('dbText', () => {
  it('the runtime pattern says what the NumericKey type says', () => {
    for (const k of numericKeys) expect(isNumericKey(k), k).toBe(true);
    for (const k of textKeys) expect(isNumericKey(k), k).toBe(false);
    expectTypeOf<(typeof textKeys)[number]>().not.toMatchTypeOf<NumericKey>();
  });

  it('numbered reads the text of numeric keys back as numbers, nested, and leaves the rest', () => {
    const answer = {
      item_id: '612',
      item_name: '42',
      default_page_id: '0',
      is_login: true,
      menu: { pages: [{ page_id: '100', page_title: '7' }], catalogs: [{ cat_id: '400', level: '2', pages: [], catalogs: [] }] },
      job_id: '12345678901234567890123456789012',
      item_domain: 'docs',
    };
    expect(numbered(answer)).toEqual({
      item_id: 612,
      item_name: '42',
      default_page_id: 0,
      is_login: true,
      menu: { pages: [{ page_id: 100, page_title: '7' }], catalogs: [{ cat_id: 400, level: 2, pages: [], catalogs: [] }] },
      job_id: '12345678901234567890123456789012',
      item_domain: 'docs',
    });
  });

  it('AsShowDoc and Numbered are inverses for a shape, computed keys staying numbers', () => {
    interface Shape {
      item_id: number;
      is_private: 0 | 1;
      item_name: string;
      cat_id?: number;
      pages: { page_id: number; s_number: number }[];
    }
    type Wire = AsShowDoc<Shape, 'is_private'>;
    expectTypeOf<Wire['item_id']>().toEqualTypeOf<DbNum>();
    expectTypeOf<Wire['is_private']>().toEqualTypeOf<0 | 1>();
    expectTypeOf<Wire['cat_id']>().toEqualTypeOf<DbNum | undefined>();
    expectTypeOf<Wire['pages'][number]['page_id']>().toEqualTypeOf<DbNum>();
    expectTypeOf<Numbered<Wire>>().toEqualTypeOf<Shape>();
  });
});

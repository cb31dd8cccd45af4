import { describe, expect, it } from 'vitest';
import { gunzipSync, crc32 } from 'node:zlib';
import { jsonFragment, SplicedJson, stringifyWithFragments, withFragments } from './jsonFragment';
import { gzipSpliced } from '../http/gzipSplice';
import { crc32Combine, crc32ShiftFor } from './crc32Combine';

const spliced = (value: unknown): SplicedJson => {
  const out = stringifyWithFragments(value);
  if (!(out instanceof SplicedJson)) throw new Error('expected spliced pieces');
  return out;
};

describe('JSON fragments', () => {
  it('splice pre-serialised JSON where they stand, anywhere in the tree', () => {
    const menu = { pages: [{ page_id: 1, page_title: 'A "quoted" <title>' }], catalogs: [] };
    const out = spliced({ error_code: 0, data: withFragments({ item_id: 5, menu: jsonFragment(menu), list: [jsonFragment([1, 2])] }) });
    expect(JSON.parse(out.toBuffer().toString())).toEqual({ error_code: 0, data: { item_id: 5, menu, list: [[1, 2]] } });
  });

  it('hold their text once: the answer in memory of its own, the bytes a view into it', () => {
    const page = { page_id: '3', page_title: '接口 "支付"', page_content: 'x'.repeat(100) };
    const f = jsonFragment(page);
    expect(JSON.parse(f.okAnswer.toString('utf8'))).toEqual({ error_code: 0, data: page });
    expect(JSON.parse(f.bytes.toString('utf8'))).toEqual(page);
    // the same memory: a kept fragment does not carry its text twice
    expect(f.bytes.buffer).toBe(f.okAnswer.buffer);
    // not a slice of Node's 8 KB pool, which a small kept fragment would pin whole
    expect(f.okAnswer.buffer.byteLength).toBe(f.okAnswer.length);
    expect(Object.keys(f)).not.toContain('json');
  });

  it('leave text that looks like a placeholder alone', () => {
    const value = { title: '\u0000abc:0', n: '"\\u0000"' };
    expect(stringifyWithFragments(value)).toBe(JSON.stringify(value));
    expect(spliced({ data: withFragments({ ...value, f: jsonFragment(1) }) }).toBuffer().toString()).toBe(JSON.stringify({ data: { ...value, f: 1 } }));
  });
});

describe('gzip of spliced answers', () => {
  it('decompresses to exactly the identity answer, CRC and length checked by gunzip', () => {
    const pages = Array.from({ length: 3000 }, (_, i) => ({ page_id: i, page_title: `页面 ${i} "title"` }));
    const menu = jsonFragment({ pages });
    // a fresh piece larger than one stored block (64 KB) and the same fragment twice
    const value = { error_code: 0, data: { note: 'x'.repeat(70_000) + '数据库', menu, again: menu, tail: [jsonFragment([])] } };
    const body = spliced(withFragments(value));
    const gz = gzipSpliced(body);
    expect(gunzipSync(gz).equals(body.toBuffer())).toBe(true);
    expect(JSON.parse(gunzipSync(gz).toString())).toEqual(JSON.parse(JSON.stringify({ ...value, data: { ...value.data, menu: { pages }, again: { pages }, tail: [[]] } })));
  });

  it('combines CRCs as if computed over the joined bytes', () => {
    const a = Buffer.from('hello, ');
    for (const b of [Buffer.alloc(0), Buffer.from('world'), Buffer.alloc(100_001, 7)]) {
      expect(crc32Combine(crc32(a), crc32(b), crc32ShiftFor(b.length))).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});

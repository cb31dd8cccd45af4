import { describe, expect, it } from 'vitest';
import { indexTokens, keywordQuery, partStarts } from './tokens';

describe('search tokens', () => {
  it('indexes words whole and by identifier parts, CJK by characters and pairs', () => {
    const t = indexTokens('getUserInfo HTTPServer2 snake_case 数据库');
    expect(t).toEqual(expect.arrayContaining(['getuserinfo', 'userinfo', 'info', 'httpserver2', 'server2', 'snake', 'case', '数', '数据', '据库', '库']));
    expect(t).not.toContain('serinfo');
    expect(partStarts(Array.from('parseJSONValue42'))).toEqual([0, 5, 9, 14]);
  });

  it('indexes neighbouring words as pairs (phrases), with every part of the first', () => {
    const t = indexTokens('call getUserInfo, then retry\nlater');
    expect(t).toEqual(expect.arrayContaining(['call+getuserinfo', 'getuserinfo+then', 'userinfo+then', 'info+then', 'then+retry']));
    expect(t).not.toContain('retry+later');
  });

  it('never splits CJK into a Latin word and caps long words', () => {
    expect(indexTokens('API接口')).toEqual(['api', '接', '接口', '口']);
    expect(Math.max(...indexTokens('x'.repeat(500)).map((s) => s.length))).toBe(40);
  });

  it('builds exact queries for one word or one/two CJK characters only', () => {
    expect(keywordQuery('UserInfo')).toEqual({ tsquery: "'userinfo':*", exact: true });
    expect(keywordQuery('网')).toEqual({ tsquery: "'网'", exact: true });
    expect(keywordQuery('接口')).toEqual({ tsquery: "'接口'", exact: true });
    expect(keywordQuery('数据库')).toEqual({ tsquery: "'数据' & '据库'", exact: false });
    expect(keywordQuery('a-b')).toEqual({ tsquery: "'a+b':*", exact: false });
    expect(keywordQuery('timeout retry now')).toEqual({ tsquery: "'timeout+retry' & 'retry+now':*", exact: false });
    expect(keywordQuery('a      -      b')).toEqual({ tsquery: "'a':* & 'b':*", exact: false });
    expect(keywordQuery(' deploy')).toMatchObject({ exact: false });
    expect(keywordQuery('->')).toBeNull();
    expect(keywordQuery("it's")?.tsquery).toBe("'it+s':*");
  });
});

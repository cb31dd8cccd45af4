import { describe, expect, it } from 'vitest';
import qs from 'qs';
import { firstEqualsSplits, phpUrlDecode } from './formBody';

const parse = (body: string) => qs.parse(firstEqualsSplits(body), { allowDots: true });

describe('form bodies', () => {
  it("end a name at its first '=' (as PHP), keeping nested names", () => {
    expect(parse('content=/api?ids[]=1&a[b]=c&d=e=f')).toEqual({ content: '/api?ids[]=1', a: { b: 'c' }, d: 'e=f' });
    expect(parse('content=x[y]=z&list[]=1&list[]=2')).toEqual({ content: 'x[y]=z', list: ['1', '2'] });
    // what qs alone does with the same pair
    expect(qs.parse('content=x[y]=z')).not.toEqual({ content: 'x[y]=z' });
  });

  it('leaves bodies without "]=" untouched', () => {
    const body = 'a=1&b=%3D&c=x=y';
    expect(firstEqualsSplits(body)).toBe(body);
  });
});

describe("PHP's urldecode", () => {
  it('decodes each valid %XX and +, keeps a bare or broken % as it is', () => {
    expect(phpUrlDecode('100% a+b %E4%B8%AD %zz %')).toBe('100% a b 中 %zz %');
    expect(phpUrlDecode('ids[]%3D1')).toBe('ids[]=1');
    expect(phpUrlDecode('plain 中文')).toBe('plain 中文');
    // what qs does with the same value: gives up on every %XX
    expect(qs.parse('c=100% %E4%B8%AD').c).toBe('100% %E4%B8%AD');
  });
});

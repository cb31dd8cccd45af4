import { describe, expect, it } from 'vitest';
import qs from 'qs';
import { firstEqualsSplits, parseForm, phpUrlDecode } from './formBody';

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

describe('parseForm', () => {
  it('reads every body as qs does (plain bodies are split without it)', () => {
    const bodies = [
      '',
      'a=1',
      'user_token=abc&page_id=12&page_content=%23+Title%0A%E4%B8%AD%E6%96%87+100%25',
      'a=100%&b=%E4%B8%AD&c=%zz&d=a+b+c&e',
      'a=%%5B&b=%5b%5D%&c=%255B+%E4',
      'a=1&a=2',
      'a[b]=1&c=2',
      'a.b=1',
      'a%5Bb%5D=1',
      'a%2Eb=1',
      '=x&&b=2&',
      'toString=1&constructor=2',
      '__proto__=1&x=2',
      'hasOwnProperty=x',
      'content=x[y]=z&list[]=1&list[]=2',
      'd=e=f&g==h',
      'name-with-dash=1&UPPER=2&n_1=3',
      Array.from({ length: 1001 }, (_, i) => `k${i}=${i}`).join('&'),
    ];
    for (const body of bodies) expect(parseForm(body), body.slice(0, 60)).toEqual(qs.parse(firstEqualsSplits(body), { allowDots: true }));
  });
});

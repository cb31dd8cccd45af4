import { describe, expect, it } from 'vitest';
import qs from 'qs';
import { firstEqualsSplits } from './formBody';

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

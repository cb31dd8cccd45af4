import { describe, expect, it } from 'vitest';
import { mentionedNames } from './mentions';

describe('mentionedNames', () => {
  it('reads @names after spaces and punctuation, not inside email addresses', () => {
    expect(mentionedNames('@Ann, see @bob. and mail x@carl.com (@dan)')).toEqual(['ann', 'bob', 'dan']);
    expect(mentionedNames('中文@张三，好的')).toEqual(['张三']);
    expect(mentionedNames('no mentions @ here')).toEqual([]);
  });

  it('keeps at most ten distinct names', () => {
    const text = Array.from({ length: 15 }, (_, i) => `@u${i} @u${i}`).join(' ');
    expect(mentionedNames(text)).toHaveLength(10);
  });
});

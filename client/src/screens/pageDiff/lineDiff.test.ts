import { describe, expect, it } from 'vitest';
import { lineDiff, sideBySide } from './lineDiff';

describe('lineDiff', () => {
  it('finds removed and added lines and pairs them side by side', () => {
    const chunks = lineDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(chunks).toEqual([
      { kind: 'same', lines: ['a'] },
      { kind: 'removed', lines: ['b'] },
      { kind: 'added', lines: ['B'] },
      { kind: 'same', lines: ['c'] },
      { kind: 'added', lines: ['d'] },
    ]);
    expect(sideBySide(chunks)).toEqual([
      { left: { kind: 'same', text: 'a' }, right: { kind: 'same', text: 'a' } },
      { left: { kind: 'removed', text: 'b' }, right: { kind: 'added', text: 'B' } },
      { left: { kind: 'same', text: 'c' }, right: { kind: 'same', text: 'c' } },
      { left: null, right: { kind: 'added', text: 'd' } },
    ]);
  });
});

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

describe('lineDiff and the last line', () => {
  it('a line added after an unterminated last line leaves that line unchanged', () => {
    expect(lineDiff('alpha\nomega', 'alpha\nomega\ngamma')).toEqual([
      { kind: 'same', lines: ['alpha', 'omega'] },
      { kind: 'added', lines: ['gamma'] },
    ]);
  });

  it('identical texts that differ only by a trailing newline or CRLF are the same', () => {
    expect(lineDiff('a\r\nb', 'a\nb\n')).toEqual([{ kind: 'same', lines: ['a', 'b'] }]);
  });

  it('an empty side is all added or all removed', () => {
    expect(lineDiff('', 'x')).toEqual([{ kind: 'added', lines: ['x'] }]);
    expect(lineDiff('x\n', '')).toEqual([{ kind: 'removed', lines: ['x'] }]);
  });
});

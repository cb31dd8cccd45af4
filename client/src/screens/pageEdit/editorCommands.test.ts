import { describe, expect, it } from 'vitest';
import { blockPadding } from './editorCommands';

describe('blockPadding: a block inserted at the cursor stands as its own paragraph', () => {
  it('under a table: a blank line first, so the block is no table row', () => {
    expect(blockPadding('| a |\n|:--|\n| 1 |\n', '')).toEqual({ before: '\n', after: '' });
  });
  it('at the end of a line: the line ends and a blank line follows', () => {
    expect(blockPadding('intro', '\nnext')).toEqual({ before: '\n\n', after: '' });
  });
  it('in the middle of a line: set apart before and after', () => {
    expect(blockPadding('in', 'tro\n')).toEqual({ before: '\n\n', after: '\n' });
  });
  it('nothing at the start of the text or after a blank line', () => {
    expect(blockPadding('', 'text')).toEqual({ before: '', after: '\n' });
    expect(blockPadding('para\n\n', '')).toEqual({ before: '', after: '' });
    expect(blockPadding('para\n  \n', '\n\nmore')).toEqual({ before: '', after: '' });
    expect(blockPadding('\n', '')).toEqual({ before: '', after: '' });
  });
});

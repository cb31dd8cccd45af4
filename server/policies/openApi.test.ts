import { describe, expect, it } from 'vitest';
import { canWriteWithItemKey } from './openApi';

describe('policies/openApi', () => {
  it('an item key writes into its item', () => {
    expect(canWriteWithItemKey({ isArchived: 0 })).toBe(true);
  });

  it('an archived item refuses its key', () => {
    expect(canWriteWithItemKey({ isArchived: 1 })).toBe(false);
  });
});

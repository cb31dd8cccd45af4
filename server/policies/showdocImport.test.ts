import { describe, expect, it } from 'vitest';
import { canImportShowdoc } from './showdocImport';

describe('policies/showdocImport', () => {
  it('an administrator may move a ShowDoc installation', () => {
    expect(canImportShowdoc({ uid: 3, isAdmin: true })).toBe(true);
  });

  it('refused: users, and anonymous callers', () => {
    expect(canImportShowdoc({ uid: 3, isAdmin: false })).toBe(false);
    expect(canImportShowdoc(null)).toBe(false);
    expect(canImportShowdoc({ uid: 0, isAdmin: true })).toBe(false);
  });
});

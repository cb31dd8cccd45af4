import { describe, expect, it } from 'vitest';
import { mayLookUpOldUploadPath } from './oldLinks';

describe('mayLookUpOldUploadPath', () => {
  it("ShowDoc's own paths (day folder, uniqid name) are looked up", () => {
    expect(mayLookUpOldUploadPath('2021-05-01/60a1b2c3d4e5f.png')).toBe(true);
    expect(mayLookUpOldUploadPath('2024-11-30/6749a1b2c3d4e6749a1b2c3d4e6749a1b2c3d4e.pdf')).toBe(true);
  });

  it('paths that climb out of the uploads folder or name another root are refused', () => {
    for (const p of ['', '../x.png', '2021-05-01/../../etc/passwd', '2021-05-01/..', './a.png', '/etc/passwd', '2021-05-01//a.png', '2021-05-01/a.png/', '2021-05-01\\a.png', '..\\..\\win.ini', 'C:/Windows/win.ini', 'a\0.png', 'a/'.repeat(200) + 'b.png']) {
      expect(mayLookUpOldUploadPath(p), JSON.stringify(p)).toBe(false);
    }
  });
});

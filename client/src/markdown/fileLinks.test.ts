import { describe, expect, it } from 'vitest';
import { siteFileLink } from './fileLinks';

const SIGN = '0123456789abcdef0123456789abcdef';
const path = `/server/index.php?s=/api/attachment/visitFile&sign=${SIGN}`;

describe('siteFileLink: loopback attachment links are read as this site\'s files', () => {
  it('localhost, 127.x and [::1] links become site-relative under another address', () => {
    for (const host of ['http://localhost:4999', 'http://127.0.0.1:38099', 'https://[::1]', 'http://LOCALHOST'])
      expect(siteFileLink(host + path, 'https://docs.example.com')).toBe(path);
    expect(siteFileLink(`http://localhost/server/?s=/api/common/visitFile&sign=${SIGN}`, 'https://docs.example.com')).toBe(`/server/?s=/api/common/visitFile&sign=${SIGN}`);
  });
  it('links that already work, or belong to other hosts or other actions, stay', () => {
    expect(siteFileLink(`http://localhost:4999${path}`, 'http://localhost:4999')).toBeNull();
    expect(siteFileLink(`http://showdoc.example.com${path}`, 'https://docs.example.com')).toBeNull();
    expect(siteFileLink(`http://localhost:4999/server/index.php?s=/api/user/logout&sign=${SIGN}`, 'https://docs.example.com')).toBeNull();
    expect(siteFileLink(`http://localhost:4999${path}&x=1`, 'https://docs.example.com')).toBeNull();
    expect(siteFileLink(path, 'https://docs.example.com')).toBeNull();
  });
});

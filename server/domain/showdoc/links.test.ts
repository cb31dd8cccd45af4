import { describe, expect, it } from 'vitest';
import { rewriteFileLinks, uploadPathOf } from './links';

const links = {
  signs: new Map([
    ['a1b2', 'a1b2'],
    ['c3d4', 'ffff'],
  ]),
  paths: new Map([['2021-05-01/x y.png', 'a1b2']]),
};
const url = (s: string) => `/server/index.php?s=/api/attachment/visitFile&sign=${s}`;

describe('ShowDoc file links in page content', () => {
  it('rewrites absolute, relative and Slim visitFile URLs of known files to Quire URLs', () => {
    const md = [
      '![a](http://old.example.com/showdoc/server/index.php?s=/api/attachment/visitFile&sign=a1b2)',
      '<img src="https://old.example.com/server/?s=/api/attachment/visitFile&sign=c3d4">',
      '[f](../server/index.php?s=/api/attachment/visitFile&amp;sign=c3d4#x)',
      'see:http://old/server/index.php?s=/api/attachment/visitFile&sign=zzzz (unknown)',
    ].join('\n');
    expect(rewriteFileLinks(md, links).split('\n')).toEqual([
      `![a](${url('a1b2')})`,
      `<img src="${url('ffff')}">`,
      `[f](${url('ffff')}#x)`,
      'see:http://old/server/index.php?s=/api/attachment/visitFile&sign=zzzz (unknown)',
    ]);
  });

  it('rewrites Public/Uploads paths of recorded files, and leaves other text alone', () => {
    const md = '![p](http://old/Public/Uploads/2021-05-01/x%20y.png) and Public/Uploads/2021-05-01/x y.png and /Public/Uploads/none.png';
    expect(rewriteFileLinks(md, links)).toBe(`![p](${url('a1b2')}) and Public/Uploads/2021-05-01/x y.png and /Public/Uploads/none.png`);
    expect(rewriteFileLinks('plain text, no links', links)).toBe('plain text, no links');
  });

  it("turns links to the old site's pages into Quire routes, when the site's address is known", () => {
    const withSite = { ...links, siteUrl: 'http://docs.example.com/showdoc' };
    const md = '[a](http://docs.example.com/showdoc/web/#/12/345) [b](http://docs.example.com/showdoc/#/page/7) [c](http://docs.example.com/showdoc/web/#/p/abc) [d](http://elsewhere.example.com/web/#/12)';
    expect(rewriteFileLinks(md, withSite)).toBe('[a](/12?page_id=345) [b](/page/7) [c](/p/abc) [d](http://elsewhere.example.com/web/#/12)');
    expect(rewriteFileLinks(md, links)).toBe(md);
  });

  it('finds the upload path of a real_url', () => {
    expect(uploadPathOf('http://h/showdoc/Public/Uploads/2021-05-01/abc.png')).toBe('2021-05-01/abc.png');
    expect(uploadPathOf('https://bucket.oss.example.com/showdoc_abc.png')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { quireRouteOfShowdocHash } from './showdocHashRoute';

describe("ShowDoc's hash routes become Quire's paths", () => {
  it('item (id or domain), page, share link, item + page', () => {
    expect(quireRouteOfShowdocHash('/', '#/12')).toBe('/12');
    expect(quireRouteOfShowdocHash('/', '#/apidocs')).toBe('/apidocs');
    expect(quireRouteOfShowdocHash('/', '#/page/34')).toBe('/page/34');
    expect(quireRouteOfShowdocHash('/', '#/p/0123456789abcdef0123456789abcdef')).toBe('/p/0123456789abcdef0123456789abcdef');
    expect(quireRouteOfShowdocHash('/', '#/12/34')).toBe('/12?page_id=34');
    expect(quireRouteOfShowdocHash('/', '#/apidocs/34')).toBe('/apidocs?page_id=34');
    expect(quireRouteOfShowdocHash('/', '#/12?page_id=34')).toBe('/12?page_id=34');
  });

  it("ShowDoc's other screens keep their path; two renamed ones get ours", () => {
    expect(quireRouteOfShowdocHash('/', '#/item/index')).toBe('/item/index');
    expect(quireRouteOfShowdocHash('/', '#/page/edit/12/34')).toBe('/page/edit/12/34');
    expect(quireRouteOfShowdocHash('/', '#/catalog/12')).toBe('/catalog/12');
    expect(quireRouteOfShowdocHash('/', '#/team/member/5')).toBe('/team/member/5');
    expect(quireRouteOfShowdocHash('/', '#/message/index')).toBe('/notice/index');
    expect(quireRouteOfShowdocHash('/', '#/user/center')).toBe('/user/setting');
    expect(quireRouteOfShowdocHash('/', '#/user/login?redirect=%2F12')).toBe('/user/login?redirect=%2F12');
    expect(quireRouteOfShowdocHash('/', '#/')).toBe('/');
  });

  it('anything else is left alone: other paths, in-page anchors, no hash', () => {
    expect(quireRouteOfShowdocHash('/12', '#/page/34')).toBeNull();
    expect(quireRouteOfShowdocHash('/', '#heading-1')).toBeNull();
    expect(quireRouteOfShowdocHash('/', '')).toBeNull();
    expect(quireRouteOfShowdocHash('/', '#//evil.example/x')).toBeNull();
    expect(quireRouteOfShowdocHash('/', '#/\\evil.example/x')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { redactText, redactUrl } from './logRedaction';

describe('redactUrl', () => {
  it('masks secrets in the query string, the /key/value path form and the ?s= route', () => {
    expect(redactUrl('/api/attachment/visitFile?sign=abc&user_token=T0k&_item_pwd=pw#frag')).toBe('/api/attachment/visitFile?sign=abc&user_token=***&_item_pwd=***');
    expect(redactUrl('/api/export/word/item_id/3/USER_TOKEN/T0k')).toBe('/api/export/word/item_id/3/USER_TOKEN/***');
    expect(redactUrl('/server/index.php?s=/api/open/updatePage/api_key/K/api_token/T&page_title=x')).toBe('/server/index.php?s=/api/open/updatePage/api_key/***/api_token/***&page_title=x');
    expect(redactUrl('/server/index.php?s=%2Fapi%2Fuser%2Finfo%2Fuser_token%2FT0k')).toBe('/server/index.php?s=/api/user/info/user_token/***');
    // percent-encoded names are the same names to the API, so to the log
    expect(redactUrl('/api/user/info?user%5Ftoken=T0k&download%5Fticket=t')).toBe('/api/user/info?user%5Ftoken=***&download%5Fticket=***');
  });

  it('leaves addresses without secrets as they are', () => {
    for (const u of ['/api/page/info?page_id=3', '/server/index.php?s=/api/item/info/item_id/4', '/p/abc', '/api/attachment/visitFile?sign=0123']) {
      expect(redactUrl(u)).toBe(u);
    }
  });
});

describe('redactText', () => {
  it('masks name=value and /name/value in free text, quoted or not', () => {
    expect(redactText('GET https://s3/x?X-Amz-Signature=abc&X-Amz-Credential=AK%2F1 failed')).toBe('GET https://s3/x?X-Amz-Signature=***&X-Amz-Credential=*** failed');
    expect(redactText('token="secret" password=p4ss, api_token/xyz')).toBe('token="***" password=***, api_token/***');
    expect(redactText('user%5Ftoken%3Dabc')).toBe('user%5Ftoken%3D***');
  });

  it('does not touch names that merely end like a secret', () => {
    expect(redactText('my_token=keep csrf_token=keep tokens=keep')).toBe('my_token=keep csrf_token=keep tokens=keep');
  });
});

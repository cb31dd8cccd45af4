// The API client against a stubbed fetch: form encoding, envelopes, spec §8 reactions, failures.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, ClientErrorCode, configureApiClient, encodeParams, quietly } from './http';

const env = {
  navigate: vi.fn(),
  alert: vi.fn(),
  onLoggedOut: vi.fn(),
  currentLocation: () => '/42?page_id=7',
  language: () => 'zh-CN,zh;q=0.9',
  text: (k: string) => `text:${k}`,
  waiting: vi.fn(),
};

function answer(body: unknown, init: ResponseInit = {}) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200, ...init }));
}

beforeEach(() => {
  for (const f of [env.navigate, env.alert, env.onLoggedOut, env.waiting]) f.mockReset();
  configureApiClient(env as any);
});
afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('posts form-encoded parameters with the UI language and resolves with data', async () => {
    const fetch = answer({ error_code: 0, data: { item_id: 5 } });
    vi.stubGlobal('fetch', fetch);
    await expect(call('item/add', { item_name: 'A b', password: '', skip: undefined, sort: { 3: 1 } })).resolves.toEqual({ item_id: 5 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/item/add');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('item_name=A+b&password=&sort=%7B%223%22%3A1%7D');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN,zh;q=0.9');
    expect(init.credentials).toBe('same-origin');
  });

  it('GET calls carry the parameters in the query', async () => {
    const fetch = answer({ error_code: 0, data: [] });
    vi.stubGlobal('fetch', fetch);
    await call('user/logout', { a: 1 }, { method: 'GET' });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/user/logout?a=1');
  });

  it('other codes alert the server message and reject as handled', async () => {
    vi.stubGlobal('fetch', answer({ error_code: 10101, error_message: '项目不存在' }));
    const e = await call('item/detail', { item_id: 1 }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 10101, handled: true });
    expect(env.alert).toHaveBeenCalledWith('项目不存在');
    expect(await quietly(call('item/detail', { item_id: 1 }))).toBeUndefined();
  });

  it('10102 forgets the user and goes to the login screen with the way back', async () => {
    vi.stubGlobal('fetch', answer({ error_code: 10102, error_message: 'login' }));
    await expect(call('item/myList')).rejects.toMatchObject({ code: 10102, handled: true });
    expect(env.onLoggedOut).toHaveBeenCalled();
    expect(env.navigate).toHaveBeenCalledWith('/user/login?redirect=%2F42%3Fpage_id%3D7');
    expect(env.alert).not.toHaveBeenCalled();
  });

  it('10307 on a read goes to the item password screen', async () => {
    vi.stubGlobal('fetch', answer({ error_code: 10307, error_message: 'private' }));
    await expect(call('item/info', { item_id: 42 }, { itemPassword: { itemId: 42, pageId: 7 } })).rejects.toMatchObject({ handled: true });
    expect(env.navigate).toHaveBeenCalledWith('/item/password/42?page_id=7&redirect=%2F42%3Fpage_id%3D7');
  });

  it('expected codes go back to the caller untouched; silent calls never react', async () => {
    vi.stubGlobal('fetch', answer({ error_code: 10206, error_message: 'code' }));
    await expect(call('user/login', {}, { expect: [10206] })).rejects.toMatchObject({ code: 10206, handled: false });
    vi.stubGlobal('fetch', answer({ error_code: 10102 }));
    await expect(call('user/info', {}, { silent: true })).rejects.toMatchObject({ code: 10102 });
    expect(env.alert).not.toHaveBeenCalled();
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('network failures, unreadable answers and timeouts have their own codes and texts', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(call('a/b')).rejects.toMatchObject({ code: ClientErrorCode.NETWORK });
    expect(env.alert).toHaveBeenLastCalledWith('text:network');

    vi.stubGlobal('fetch', answer('<html>gateway</html>'));
    await expect(call('a/b')).rejects.toMatchObject({ code: ClientErrorCode.BAD_RESPONSE });
    vi.stubGlobal('fetch', answer({ nothing: true }));
    await expect(call('a/b')).rejects.toMatchObject({ code: ClientErrorCode.BAD_RESPONSE });

    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    await expect(call('a/b', {}, { timeoutMs: 30 })).rejects.toMatchObject({ code: ClientErrorCode.TIMEOUT });
    expect(env.alert).toHaveBeenLastCalledWith('text:timeout');
  });

  it('a database away (503 + Retry-After): reads and page saves wait and are sent again; other writes fail at once', async () => {
    const away = () => new Response(JSON.stringify({ error_code: 10503, error_message: 'The database is unavailable' }), { status: 503, headers: { 'Retry-After': '1' } });
    const fetch = vi.fn(async () => away());
    fetch.mockImplementationOnce(async () => away()).mockImplementationOnce(async () => new Response(JSON.stringify({ error_code: 0, data: { page_id: '3' } })));
    vi.stubGlobal('fetch', fetch);
    await expect(call('page/save', { page_content: 'kept' })).resolves.toEqual({ page_id: 3 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(env.waiting.mock.calls).toEqual([[true], [false]]);
    expect(env.alert).not.toHaveBeenCalled();

    const create = vi.fn(async () => away());
    vi.stubGlobal('fetch', create);
    await expect(call('item/add', { item_name: 'x' })).rejects.toMatchObject({ code: 10503, handled: true });
    expect(create).toHaveBeenCalledTimes(1);
    expect(env.alert).toHaveBeenCalledWith('The database is unavailable');
  });

  it('a 503 without Retry-After (a busy mock service) is not retried', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error_code: 10503, error_message: 'busy' }), { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    await expect(call('item/info', { item_id: 1 })).rejects.toMatchObject({ code: 10503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('encodes nothing for null/undefined and JSON for objects', () => {
    expect(encodeParams({ a: null, b: undefined, c: 0, d: false, e: [1, 2] }).toString()).toBe('c=0&d=false&e=%5B1%2C2%5D');
  });
});

// The public square (publicSquare/checkEnabled|getPublicItems, admin switch enable_public_square; #23):
// off by default; lists public (password-less), live items only, with ShowDoc's paging and search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: { uid: number; user_token: string };
let owner: { uid: number; user_token: string };
let ids: Record<string, number> = {};

async function addItem(token: string, fields: Record<string, unknown>): Promise<number> {
  const r = await app.call('item/add', { item_type: 1, ...fields }, { token });
  expect(r.error_code, JSON.stringify(r)).toBe(0);
  return Number(r.data.item_id);
}

const square = (params: Record<string, unknown> = {}, token?: string) => app.call('publicSquare/getPublicItems', params, { token });
const setSquare = (on: 0 | 1, extra: Record<string, unknown> = {}) => app.call('adminSetting/saveConfig', { enable_public_square: on, ...extra }, { token: admin.user_token });

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.register('sq_admin');
  owner = await app.register('sq_owner');
  ids = {
    alpha: await addItem(owner.user_token, { item_name: 'Alpha handbook', item_description: 'first public' }),
    beta: await addItem(owner.user_token, { item_name: 'Beta API', item_description: 'about the gateway', item_domain: 'betaapi' }),
    secret: await addItem(owner.user_token, { item_name: 'Alpha secret', item_description: 'private', password: 'hidden-pass-1' }),
    gone: await addItem(owner.user_token, { item_name: 'Alpha gone', item_description: 'deleted' }),
  };
  const page = await app.call('page/save', { item_id: ids.beta, page_title: 'Setup', page_content: 'install the zebrafish module' }, { token: owner.user_token });
  expect(page.error_code).toBe(0);
  expect((await app.call('item/delete', { item_id: ids.gone, password: 'secret-pass-1' }, { token: owner.user_token })).error_code).toBe(0);
});

afterAll(async () => {
  await app?.close();
});

describe('public square switch', () => {
  it('is off by default: checkEnabled says 0 and the list is refused with 10501, for everyone', async () => {
    expect((await app.call('publicSquare/checkEnabled', {})).data).toEqual({ enable: 0 });
    expect((await square()).error_code).toBe(10501);
    expect((await square({}, admin.user_token)).error_code).toBe(10501);
    expect((await app.call('adminSetting/loadConfig', {}, { token: admin.user_token })).data.enable_public_square).toBe(0);
  });

  it('only an administrator switches it', async () => {
    expect((await app.call('adminSetting/saveConfig', { enable_public_square: 1 }, { token: owner.user_token })).error_code).toBe(10103);
    expect((await app.call('adminSetting/saveConfig', { enable_public_square: 1 })).error_code).toBe(10102);
    expect((await app.call('publicSquare/checkEnabled', {})).data.enable).toBe(0);
    const r = await setSquare(1);
    expect(r.error_code).toBe(0);
    expect(r.data.enable_public_square).toBe(1);
    expect((await app.call('publicSquare/checkEnabled', {})).data).toEqual({ enable: 1 });
  });
});

describe('public items', () => {
  it('lists password-less, live items to anyone, newest change first, in ShowDoc types', async () => {
    const r = await square();
    expect(r.error_code).toBe(0);
    const names = r.data.items.map((i: any) => i.item_name);
    expect(names).toContain('Alpha handbook');
    expect(names).toContain('Beta API');
    expect(names).not.toContain('Alpha secret');
    expect(names).not.toContain('Alpha gone');
    expect(r.data.total).toBe(2);
    const beta = r.data.items.find((i: any) => i.item_name === 'Beta API');
    expect(beta).toMatchObject({ item_id: String(ids.beta), item_type: '1', item_domain: 'betaapi', item_description: 'about the gateway' });
    expect(beta.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const alpha = r.data.items.find((i: any) => i.item_name === 'Alpha handbook');
    expect(alpha.item_domain).toBe(String(ids.alpha));
    expect(Object.keys(alpha).sort()).toEqual(['addtime', 'item_description', 'item_domain', 'item_id', 'item_name', 'item_type', 'last_update_time']);
  });

  it('searches names and descriptions, or page text with search_type=content (never private items)', async () => {
    const byTitle = await square({ keyword: 'alpha' });
    expect(byTitle.data.items.map((i: any) => i.item_name)).toEqual(['Alpha handbook']);
    expect((await square({ keyword: 'gateway' })).data.items.map((i: any) => i.item_name)).toEqual(['Beta API']);
    expect((await square({ keyword: 'zebrafish' })).data.total).toBe(0);
    const byContent = await square({ keyword: 'ZEBRAFISH', search_type: 'content' });
    expect(byContent.data.items.map((i: any) => i.item_name)).toEqual(['Beta API']);
    expect((await square({ keyword: '%', search_type: 'title' })).data.total).toBe(0);
  });

  it('pages with page and count', async () => {
    const first = await square({ page: 1, count: 1 });
    const second = await square({ page: 2, count: 1 });
    const third = await square({ page: 3, count: 1 });
    expect(first.data.total).toBe(2);
    expect(first.data.items).toHaveLength(1);
    expect(second.data.items).toHaveLength(1);
    expect(second.data.items[0].item_id).not.toBe(first.data.items[0].item_id);
    expect(third.data.items).toEqual([]);
  });

  it('refuses bad paging and search parameters', async () => {
    for (const p of [{ count: 1000 }, { count: 0 }, { page: 0 }, { page: 'x' }, { search_type: 'sql' }]) {
      const r = await square(p);
      expect(r.error_code, JSON.stringify(p)).not.toBe(0);
    }
  });

  it('needs a login when the site forces one', async () => {
    expect((await setSquare(1, { force_login: 1 })).error_code).toBe(0);
    expect((await square()).error_code).toBe(10312);
    expect((await square({}, owner.user_token)).error_code).toBe(0);
    expect((await app.call('publicSquare/checkEnabled', {})).data.enable).toBe(1);
    expect((await setSquare(1, { force_login: 0 })).error_code).toBe(0);
  });

  it('is refused again once switched off', async () => {
    expect((await setSquare(0)).error_code).toBe(0);
    expect((await square({}, owner.user_token)).error_code).toBe(10501);
  });
});

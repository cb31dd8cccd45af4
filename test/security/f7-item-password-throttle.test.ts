// F7: an item password sent as `_item_pwd` (attachment/visitFile, any API call) is counted by the
// same limiter as item/pwd: wrong guesses anywhere add to item/pwd's failure counter for the item
// and to its per-address limit. Past the limit `_item_pwd` is refused with 10429 — even the right
// password, so guessing gets no signal — until the window passes; item/pwd then wants the captcha.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { buildItem, makeUser, type Actor } from '../helpers/fixtures';
import { PNG, postFile, signOf } from '../helpers/upload';

const PASSWORD = 'vault-pw-7';
/** item/pwd: wrong passwords for one item from one address before the captcha is required (1 hour) */
const FAILURES_PER_ITEM = 5;
/** item/pwd: attempts per address in 5 minutes */
const ATTEMPTS_PER_IP = 60;

let app: TestApp;
let owner: Actor;

/** A private item with one page holding one uploaded file. */
async function vault(name: string) {
  const item = await buildItem(app, owner, { name, password: PASSWORD, rootPages: ['Inside'] });
  const up = await postFile(app, '/api/page/upload', { page_id: item.pages.Inside }, { field: 'file', filename: 'plan.png', bytes: PNG, type: 'image/png' }, owner.token);
  expect(up.json.error_code).toBe(0);
  return { itemId: item.itemId, pageId: item.pages.Inside, sign: signOf(up.json.url) };
}

const visit = (sign: string, pwd: string) => app.fetch(`/api/attachment/visitFile?sign=${sign}&_item_pwd=${encodeURIComponent(pwd)}`);

async function visitCode(sign: string, pwd: string): Promise<{ status: number; code: number; retryAfter: string | null }> {
  const res = await visit(sign, pwd);
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('image/')) {
    await res.arrayBuffer();
    return { status: res.status, code: 0, retryAfter: null };
  }
  const body = (await res.json()) as { error_code: number };
  return { status: res.status, code: body.error_code, retryAfter: res.headers.get('retry-after') };
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await makeUser(app, 'f7owner');
}, 120_000);
afterAll(() => app?.close());

describe('F7: _item_pwd guesses are throttled like item/pwd', () => {
  it('wrong guesses on visitFile lock _item_pwd for that item (10429, even the right one) until the window passes', async () => {
    const v = await vault('Vault');
    expect((await visitCode(v.sign, PASSWORD)).code).toBe(0);
    for (let i = 0; i < FAILURES_PER_ITEM; i++) {
      expect(await visitCode(v.sign, `guess-${i}`)).toMatchObject({ status: 403, code: 10307 });
    }
    const locked = await visitCode(v.sign, PASSWORD);
    expect(locked.code).toBe(10429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    // the same counter guards every other place that takes _item_pwd
    expect((await app.call('page/info', { page_id: v.pageId, _item_pwd: PASSWORD })).error_code).toBe(10429);
    // item/pwd counted the guesses too: the captcha is now required, even for the right password
    expect((await app.call('item/pwd', { item_id: v.itemId, password: PASSWORD })).error_code).toBe(10206);

    app.setNow(Math.floor(Date.now() / 1000) + 3601);
    try {
      expect((await visitCode(v.sign, PASSWORD)).code).toBe(0);
    } finally {
      app.setNow(undefined);
    }
  });

  it('a right password proven through item/pwd with the captcha clears the lock', async () => {
    const v = await vault('Vault 2');
    app.setNow(Math.floor(Date.now() / 1000) + 2 * 3600);
    try {
      for (let i = 0; i < FAILURES_PER_ITEM; i++) await visitCode(v.sign, `guess-${i}`);
      expect((await visitCode(v.sign, PASSWORD)).code).toBe(10429);
      const c = await app.captcha();
      expect((await app.call('item/pwd', { item_id: v.itemId, password: PASSWORD, captcha_id: c.id, captcha: c.answer })).error_code).toBe(0);
      expect((await visitCode(v.sign, PASSWORD)).code).toBe(0);
    } finally {
      app.setNow(undefined);
    }
  });

  it('guesses on visitFile and page/info across many items use up item/pwd\'s per-address limit', async () => {
    const items = [];
    for (let i = 0; i < ATTEMPTS_PER_IP / FAILURES_PER_ITEM; i++) items.push(await vault(`Spread ${i}`));
    const fresh = await vault('Untouched');
    app.setNow(Math.floor(Date.now() / 1000) + 4 * 3600);
    try {
      for (const [n, v] of items.entries()) {
        for (let i = 0; i < FAILURES_PER_ITEM; i++) {
          const code = n % 2 ? (await app.call('page/info', { page_id: v.pageId, _item_pwd: `g${n}-${i}` })).error_code : (await visitCode(v.sign, `g${n}-${i}`)).code;
          expect(code).toBe(10307);
        }
      }
      // an item never guessed at: the address is out of attempts everywhere
      expect((await visitCode(fresh.sign, PASSWORD)).code).toBe(10429);
      expect((await app.call('item/pwd', { item_id: fresh.itemId, password: PASSWORD })).error_code).toBe(10429);
      // the owner (a member) never needs the password and is not affected
      const own = await app.fetch(`/api/attachment/visitFile?sign=${fresh.sign}&_item_pwd=nope`, { headers: { 'X-API-Token': owner.token } });
      expect(own.status).toBe(200);
      await own.arrayBuffer();
    } finally {
      app.setNow(undefined);
    }
  });
});

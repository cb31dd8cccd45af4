// The one-port promise: the built client and the API come from the same server process,
// and a deep link (history URL) gets the app, not a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startE2EServer, TEST_CAPTCHA, type E2EServer } from './helpers/server';
import { launchBrowser, watchErrors } from './helpers/browser';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('shell', () => {
  it('serves the app on the API port, for the root and for deep links', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    for (const url of ['/', '/item/index']) {
      const res = await page.goto(server.url + url);
      expect(res?.status()).toBe(200);
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
      expect(await page.title()).toContain('Quire');
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('registers through the API with the captcha and reads the user back', async () => {
    const captcha = await fetch(`${server.url}/api/common/createCaptcha`, { method: 'POST' }).then((r) => r.json());
    expect(captcha.error_code).toBe(0);
    const reg = await server.api('user/register', {
      username: 'e2e_ann',
      password: 'Secret-123',
      confirm_password: 'Secret-123',
      v_code: TEST_CAPTCHA,
      captcha_id: captcha.data.captcha_id,
    });
    expect(reg.error_code).toBe(0);
    const info = await server.api('user/info', {}, reg.data.user_token);
    expect(info.data.username).toBe('e2e_ann');
  });
});

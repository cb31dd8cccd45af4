// Time from navigation to a rendered page in Chromium on loopback: a 50 KB Markdown page (tables,
// code, headings) opened cold (new context, empty cache) through the item display and a share link.
import type { Browser } from 'playwright-core';
import type { E2EServer } from '../../test/e2e/helpers/server';
import { TEST_CAPTCHA } from '../../test/e2e/helpers/server';

export interface RenderTiming {
  route: string;
  medianMs: number;
  maxMs: number;
  runs: number;
}

async function ok<T>(server: E2EServer, route: string, body: Record<string, string | number>, token?: string): Promise<T> {
  const res = await server.api<T>(route, body, token);
  if (res.error_code !== 0) throw new Error(`${route} → ${res.error_code} ${res.error_message}`);
  return res.data;
}

/** ~`size` characters (50 KB by default) of the Markdown documentation pages are made of */
export function fiftyKbPage(size = 50_000): string {
  const parts: string[] = [];
  for (let i = 1; parts.join('\n').length < size; i++) {
    parts.push(
      `## ${i}. 接口 Endpoint ${i}\n\nReturns the orders of a user. 返回用户的订单列表。\n\n| Parameter | Type | Required | Description |\n|---|---|---|---|\n| uid | int | yes | 用户编号 |\n| page | int | no | page number |\n\n\`\`\`json\n{ "error_code": 0, "data": { "items": [${i}, ${i + 1}] } }\n\`\`\`\n`,
    );
  }
  return `# Orders API\n\n${parts.join('\n')}`;
}

export async function seedReaderItem(server: E2EServer): Promise<{ itemId: number; uniqueKey: string; smallPageId: number }> {
  const captcha = await server.api<{ captcha_id: string }>('common/createCaptcha');
  const password = 'Bench-123456';
  const user = await ok<{ user_token: string }>(server, 'user/register', {
    username: 'bench_reader',
    password,
    confirm_password: password,
    v_code: TEST_CAPTCHA,
    captcha_id: captcha.data.captcha_id,
  });
  const token = user.user_token;
  const item = await ok<{ item_id: number }>(server, 'item/add', { item_type: 1, item_name: 'Bench reader', item_description: '', item_domain: '', password: '' }, token);
  const page = await ok<{ page_id: number }>(
    server,
    'page/save',
    { page_id: 0, item_id: item.item_id, cat_id: 0, page_title: 'Orders API', page_content: encodeURIComponent(fiftyKbPage()), is_urlencode: 1 },
    token,
  );
  const share = await ok<{ unique_key: string }>(server, 'page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, token);
  const small = await ok<{ page_id: number }>(
    server,
    'page/save',
    { page_id: 0, item_id: item.item_id, cat_id: 0, page_title: 'Orders API (short)', page_content: encodeURIComponent(fiftyKbPage(5_000)), is_urlencode: 1 },
    token,
  );
  return { itemId: Number(item.item_id), uniqueKey: share.unique_key, smallPageId: Number(small.page_id) };
}

/** ms from navigation start until the page's Markdown (its first table) is on screen, by the
 * browser's own clock: the frame after the DOM insertion has painted (rAF, then a task), per cold visit */
export async function timeFirstRender(browser: Browser, url: string, route: string, runs: number): Promise<RenderTiming> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __rendered?: number };
      new MutationObserver((_records, observer) => {
        if (document.querySelector('[data-testid=markdown-body] table')) {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (w.__rendered = performance.now()), 0));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __rendered?: number }).__rendered !== undefined, undefined, { timeout: 30_000 });
    times.push(Math.round(await page.evaluate(() => (window as unknown as { __rendered: number }).__rendered)));
    await context.close();
  }
  times.sort((a, b) => a - b);
  return { route, medianMs: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1], runs };
}

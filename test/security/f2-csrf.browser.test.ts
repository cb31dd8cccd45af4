// F2 end to end in real Chromium, the way ShowDoc is commonly deployed: plain HTTP on an intranet
// name that is not localhost. Quire serves on 127.0.0.2 as http://docs.corp.test; an attacker's
// pages are on 127.0.0.3 as http://evil.corp.test (same site: a sibling host) and
// http://attacker.example (another site). On such hosts Chromium sends no Sec-Fetch-* headers and no
// Origin on GET (checked below), so only the method and a proven Origin/Referer can tell our own
// client's requests from ones that stored content or another site makes the admin's browser send.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { startE2EServer, type E2EServer } from '../e2e/helpers/server';
import { launchBrowser, watchErrors } from '../e2e/helpers/browser';
import { appReady, createItem, createPage, registerUser, type TestUser } from '../e2e/helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let evil: http.Server;
let admin: TestUser;
let mallory: TestUser;
let docs: string; // http://docs.corp.test:<port>
let evilSibling: string; // http://evil.corp.test:<port>
let evilSite: string; // http://attacker.example:<port>
let pageId: number;

const setGroupPath = () => `/server/index.php?s=/api/adminUser/setGroup&uid=${mallory.uid}&groupid=1`;

/** The attacker's pages: an image and a link to Quire's admin action, an auto-submitted form, a redirect. */
function evilPage(kind: string): string {
  const target = docs + setGroupPath();
  if (kind === 'img') return `<img src="${target}"><p>cat pictures</p>`;
  if (kind === 'form') {
    return `<form id=f method=post action="${docs}/api/adminUser/setGroup"><input name=uid value=${mallory.uid}><input name=groupid value=1></form><script>f.submit()</script>`;
  }
  if (kind === 'nav') return `<script>location.href=${JSON.stringify(target)}</script>`;
  return 'nothing here';
}

async function malloryGroup(): Promise<number> {
  const info = await server.api<{ groupid: number | string }>('user/info', {}, mallory.token);
  return Number(info.data.groupid);
}

/** Waits for the browser to have sent a request to setGroup and for its answer; returns the headers it sent. */
async function sentSetGroup(page: Page, trigger: () => Promise<unknown>): Promise<Record<string, string>> {
  const seen = page.waitForRequest((r: Request) => r.url().includes('adminUser/setGroup') || r.url().includes('adminuser/setgroup'), { timeout: 20_000 });
  await trigger();
  const req = await seen;
  await req.response();
  return req.allHeaders();
}

beforeAll(async () => {
  server = await startE2EServer({ HOST: '127.0.0.2' });
  docs = `http://docs.corp.test:${server.port}`;
  evil = http.createServer((req, res) => {
    const kind = new URL(req.url ?? '/', 'http://x').searchParams.get('kind') ?? '';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><body>${evilPage(kind)}</body></html>`);
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.3', r));
  const evilPort = (evil.address() as AddressInfo).port;
  evilSibling = `http://evil.corp.test:${evilPort}`;
  evilSite = `http://attacker.example:${evilPort}`;
  browser = await launchBrowser(['--host-resolver-rules=MAP docs.corp.test 127.0.0.2, MAP evil.corp.test 127.0.0.3, MAP attacker.example 127.0.0.3']);
  admin = await registerUser(server, 'csrf_admin'); // the first account is the administrator
  mallory = await registerUser(server, 'csrf_mallory');
  const itemId = await createItem(server, admin, { item_name: 'Runbooks' });
  pageId = await createPage(server, admin, {
    item_id: itemId,
    page_title: 'Harmless looking',
    page_content: `# Status\n\n![chart](${setGroupPath()})\n\n[see details](/api/adminUser/setGroup?uid=${mallory.uid}&groupid=1)\n`,
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (evil ? evil.close(() => r()) : r()));
  await server?.stop();
});

/** The admin logs in through Quire's own login screen on the plain-HTTP intranet name. */
async function adminSession(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${docs}/user/login`);
  await appReady(page);
  await page.getByTestId('login-username').fill(admin.username);
  await page.getByTestId('login-password').fill(admin.password);
  await page.getByTestId('login-submit').click();
  // the item list loads through cookie-authenticated POSTs: our own client works on this host
  await page.waitForURL(/\/item\/index/, { timeout: 20_000 });
  await page.getByText('Runbooks').first().waitFor({ timeout: 20_000 });
  return { context, page, errors };
}

describe('F2 in Chromium on a plain-HTTP intranet name', () => {
  it('an image in a stored page, viewed by the admin, does not make the attacker admin', async () => {
    const { context, page } = await adminSession();
    const headers = await sentSetGroup(page, () => page.goto(`${docs}/page/${pageId}`));
    // what Chromium sends to a plain-HTTP host that is not localhost: no Sec-Fetch-*, no Origin on GET
    expect(headers['sec-fetch-site']).toBeUndefined();
    expect(headers.origin).toBeUndefined();
    expect(headers.cookie).toMatch(/cookie_token=/);
    expect(await malloryGroup()).not.toBe(1);
    // following the link in the page (a top-level GET with the cookie) does not either
    await page.getByText('Harmless looking').first().waitFor();
    await sentSetGroup(page, () => page.getByRole('link', { name: 'see details' }).click());
    expect(await malloryGroup()).not.toBe(1);
    await context.close();
  });

  it('an image, a form and a redirect on another host or site do not make the attacker admin', async () => {
    const { context, page } = await adminSession();
    await sentSetGroup(page, () => page.goto(`${evilSibling}/?kind=img`));
    expect(await malloryGroup()).not.toBe(1);
    const form = await sentSetGroup(page, () => page.goto(`${evilSibling}/?kind=form`));
    expect(form.origin).toBe(evilSibling);
    expect(await malloryGroup()).not.toBe(1);
    const nav = await sentSetGroup(page, () => page.goto(`${evilSite}/?kind=nav`));
    expect(nav.cookie).toMatch(/cookie_token=/); // a top-level GET carries the Lax cookie across sites
    expect(await malloryGroup()).not.toBe(1);
    await context.close();
  });

  it('the admin’s own client still changes data on this host (POST with our Origin)', async () => {
    const { context, page, errors } = await adminSession();
    const headers = await sentSetGroup(page, () =>
      page.evaluate(async (uid) => {
        const r = await fetch('/api/adminUser/setGroup', { method: 'POST', body: new URLSearchParams({ uid: String(uid), groupid: '1' }) });
        return r.json();
      }, mallory.uid),
    );
    expect(headers.origin).toBe(docs);
    expect(await malloryGroup()).toBe(1);
    await server.api('adminUser/setGroup', { uid: mallory.uid, groupid: 2 }, admin.token);
    expect(await malloryGroup()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});

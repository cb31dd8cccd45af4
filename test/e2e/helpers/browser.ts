// Real Chromium (Debian's /usr/bin/chromium) through playwright-core.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** extraArgs: e.g. `--host-resolver-rules=MAP docs.corp.test 127.0.0.2` to reach a server under a non-localhost name */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
}

/** Collects page errors and console errors so a test can assert none happened. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

export const SCREENSHOT_DIR = path.resolve('.tmp/screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Types a keyword into the item's search box and presses Enter; returns the box. */
export async function searchInItem(page: Page, keyword: string): Promise<Locator> {
  // antd puts the test id on the input or on its wrapper depending on the version
  const input = page.locator('input[data-testid="item-search-input"], [data-testid="item-search-input"] input').first();
  await input.fill(keyword);
  await input.press('Enter');
  return input;
}

// The page editor as the browser suites drive it.
import type { Page } from 'playwright-core';

export async function editorReady(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="page-editor"] .cm-content', { timeout: 20_000 });
}

/** The editor's text as rendered: its lines without the remote cursors' carets and name labels. */
export async function docText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.cm-content .cm-line')]
      .map((line) => {
        const copy = line.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.cm-ySelectionCaret, .cm-ySelectionInfo, .cm-widgetBuffer').forEach((n) => n.remove());
        return copy.textContent ?? '';
      })
      .join('\n'),
  );
}

export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text, { delay: 5 });
}

/** Waits until the editor shows every one of the texts. */
export async function editorShows(page: Page, texts: string[], timeout = 15_000): Promise<void> {
  await page.waitForFunction((all) => all.every((t) => document.querySelector('.cm-content')!.textContent!.includes(t)), texts, { timeout });
}

/**
 * Both editors' texts once they agree, or the last pair seen when they do not within `timeout`.
 * Showing both members' words does not mean every keystroke has arrived: a trailing character can
 * still be on its way, so callers compare what this returns instead of one snapshot of each.
 */
export async function settledTexts(a: Page, b: Page, timeout = 10_000): Promise<[string, string]> {
  const until = Date.now() + timeout;
  for (;;) {
    const pair: [string, string] = [await docText(a), await docText(b)];
    if (pair[0] === pair[1] || Date.now() > until) return pair;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

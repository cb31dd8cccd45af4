// npm run bench (client part): the reader route's JavaScript (gzip) and the first render of a
// page in Chromium, against DESIGN.md §7 (≤ 350 KB gzip, ≤ 1 s on loopback). Needs `npm run build`.
import path from 'node:path';
import { launchBrowser } from '../../test/e2e/helpers/browser';
import { startE2EServer } from '../../test/e2e/helpers/server';
import { measureRoute, READER_ROUTES, readManifest } from './readerBundle';
import { seedReaderItem, timeFirstRender } from './firstRender';

const JS_BUDGET_KB = 350;
const RENDER_BUDGET_MS = 1000;
const RUNS = Number(process.env.BENCH_RENDER_RUNS || 7);

async function main(): Promise<void> {
  const dist = path.resolve(process.env.E2E_CLIENT_DIST || 'dist/client');
  const manifest = readManifest(dist);
  const lines = ['| reader route | JS gzip | CSS gzip | chunks | budget | pass |', '|---|---:|---:|---:|---|---|'];
  for (const [route, screen] of Object.entries(READER_ROUTES)) {
    const b = measureRoute(dist, manifest, route, screen);
    lines.push(`| ${route} | ${b.jsGzipKb.toFixed(1)} KB | ${b.cssGzipKb.toFixed(1)} KB | ${b.files} | JS ≤ ${JS_BUDGET_KB} KB | ${b.jsGzipKb <= JS_BUDGET_KB ? 'yes' : 'NO'} |`);
  }

  const server = await startE2EServer();
  const browser = await launchBrowser();
  try {
    const { itemId, uniqueKey, smallPageId } = await seedReaderItem(server);
    lines.push('', `| first render, cold (${RUNS} runs) | median | max | budget | pass |`, '|---|---:|---:|---|---|');
    for (const [route, url] of [
      ['/:item_id — 50 KB page', `${server.url}/${itemId}`],
      ['/:item_id — 5 KB page', `${server.url}/${itemId}?page_id=${smallPageId}`],
      ['/p/:unique_key — 50 KB page', `${server.url}/p/${uniqueKey}`],
    ] as const) {
      const t = await timeFirstRender(browser, url, route, RUNS);
      lines.push(`| ${t.route} | ${t.medianMs} ms | ${t.maxMs} ms | ≤ ${RENDER_BUDGET_MS} ms | ${t.medianMs <= RENDER_BUDGET_MS ? 'yes' : 'NO'} |`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

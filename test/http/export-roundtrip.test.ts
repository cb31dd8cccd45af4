// The round trip: an item exported as Markdown (ShowDoc's layout), the zip imported again
// into a new item (import/auto, through the real job queue) gives the same catalogs, page titles
// and contents, in the same order; pictures come along as the new item's attachments. Once for a
// small export answered at once, once for a large one made by a job and downloaded from job/download.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PNG as PNGJS } from 'pngjs';
import { startTestApp, type TestApp } from '../helpers/app';
import { buildItem, makeUser, type Actor, type BuiltItem } from '../helpers/fixtures';
import { postFile } from '../helpers/upload';
import { sendImport, treeOf, type TreeCatalog } from '../helpers/imports';
import { attachmentPages, attachments, pages } from '../../server/db/schema';
import { waitForJob } from '../../server/jobs/control';

let app: TestApp;
let dataDir: string;
let owner: Actor;

const CONTENTS = [
  '# 概述 Overview',
  '',
  'Plain **bold**, `code`, a [link](https://example.com/docs) and <b>inline HTML</b> & "quotes".',
  '',
  '|参数名|必选|说明|',
  '|:---|:---:|---:|',
  '|user_id|是|用户 ID|',
  '',
  '```js',
  'const answer = 42; // 代码',
  '```',
].join('\n');

function png(width: number, height: number): Buffer {
  const p = new PNGJS({ width, height });
  for (let i = 0; i < p.data.length; i += 4) p.data.set([200, 60, (i / 4) % 255, 255], i);
  return PNGJS.sync.write(p);
}

/** The tree without ids: what a reader sees (catalog names and nesting, page titles and texts, in order). */
function shape(t: TreeCatalog): unknown {
  return { name: t.name, pages: t.pages.map((p) => ({ title: p.title, content: p.content })), catalogs: t.catalogs.map(shape) };
}

async function exportMarkdown(itemId: number): Promise<Buffer> {
  const res = await app.fetch(`/api/export/markdown?item_id=${itemId}&user_token=${owner.token}`, { redirect: 'manual' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  return Buffer.from(await res.arrayBuffer());
}

async function reimport(zip: Buffer): Promise<number> {
  const r = await sendImport(app, owner.token, zip, 'export.zip');
  expect(r.json.error_message ?? '').toBe('');
  expect(r.json.error_code).toBe(0);
  return Number(r.json.data.item_id);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-roundtrip-'));
  app = await startTestApp({ config: { dataDir }, jobs: true });
  await makeUser(app, 'rt_first'); // the first account is an administrator
  owner = await makeUser(app, 'rt_owner');
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('Markdown export, imported back', () => {
  let item: BuiltItem;
  let picture: Buffer;

  beforeAll(async () => {
    item = await buildItem(app, owner, {
      name: 'Round trip 往返',
      rootPages: [
        { title: 'Welcome 欢迎', sNumber: 1, content: CONTENTS },
        { title: 'Second', sNumber: 2, content: 'Root page two.' },
      ],
      catalogs: [
        {
          name: 'Guide 指南',
          sNumber: 1,
          pages: [
            { title: 'Install', sNumber: 1, content: 'Install with care.' },
            { title: 'Configure', sNumber: 2, content: '- one\n- two\n\n> quoted' },
          ],
          children: [{ name: 'Advanced', pages: [{ title: 'Tuning', content: 'Tune it.' }], children: [{ name: 'Internals', pages: [{ title: 'Storage', content: '存储 internals' }] }] }],
        },
        { name: 'API', sNumber: 2, pages: [{ title: 'Endpoints', content: '## Endpoints\n\nGET /users' }] },
        { name: 'Empty', sNumber: 3 },
      ],
    });
    picture = png(64, 32);
    const up = await postFile(app, '/api/page/uploadImg', { page_id: item.pages.Install }, { field: 'editormd-image-file', filename: 'diagram.png', bytes: picture, type: 'image/png' }, owner.token);
    expect(up.json.url).toMatch(/visit_?file.*[?&]sign=[0-9a-f]{32}/i);
    await app.deps.db
      .update(pages)
      .set({ pageContent: `Install with care.\n\n![diagram](${up.json.url})` })
      .where(eq(pages.pageId, item.pages.Install));
    app.deps.events.emit('reads.stale', { itemIds: [item.itemId], pageIds: Object.values(item.pages) });
  });

  it('gives a new item with the same catalogs, titles and contents; the picture becomes its own attachment', async () => {
    const copyId = await reimport(await exportMarkdown(item.itemId));
    expect(copyId).not.toBe(item.itemId);
    const original = await treeOf(app, item.itemId);
    const copy = await treeOf(app, copyId);

    // the page with the picture links to the new item's copy of it; every other text is the same
    const install = (t: TreeCatalog) => t.catalogs[0].pages.find((p) => p.title === 'Install')!;
    const link = /!\[diagram\]\(([^)]+)\)/.exec(install(copy).content);
    expect(link, install(copy).content).not.toBeNull();
    expect(link![1]).not.toBe(/!\[diagram\]\(([^)]+)\)/.exec(install(original).content)![1]);
    const [copied] = await app.deps.db
      .select({ itemId: attachments.itemId, pageId: attachmentPages.pageId })
      .from(attachments)
      .innerJoin(attachmentPages, eq(attachmentPages.fileId, attachments.fileId))
      .where(eq(attachmentPages.pageId, install(copy).pageId));
    expect(copied).toEqual({ itemId: copyId, pageId: install(copy).pageId });
    const served = await app.fetch(link![1].replace(/^https?:\/\/[^/]+/, ''), { headers: { 'X-API-Token': owner.token } });
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);

    install(copy).content = install(original).content;
    expect(shape(copy)).toEqual(shape(original));
    // the empty catalog is kept too
    expect(copy.catalogs.map((c) => c.name)).toEqual(['Guide 指南', 'API', 'Empty']);
  });

  it('a large export (a job, downloaded from job/download) comes back the same', async () => {
    const big = await buildItem(app, owner, {
      name: 'Big 大',
      rootPages: Array.from({ length: 30 }, (_, i) => ({ title: `Root ${i + 1}`, sNumber: i + 1, content: `Root page ${i + 1}\n\n${CONTENTS}` })),
      catalogs: [{ name: 'More', pages: Array.from({ length: 25 }, (_, i) => ({ title: `Page ${i + 1}`, sNumber: i + 1, content: `Text ${i + 1}` })) }],
    });
    const started = await app.call('export/start', { item_id: big.itemId, format: 'markdown' }, { token: owner.token });
    expect(started.data).toMatchObject({ mode: 'job', pages: 55 });
    const jobId = started.data.job_id as string;
    await waitForJob(app.deps, jobId);
    const job = await app.call('job/info', { job_id: jobId }, { token: owner.token });
    expect(job.data).toMatchObject({ state: 'done', error: '' });
    const res = await app.fetch(`${job.data.download_url}&user_token=${owner.token}`);
    expect(res.status).toBe(200);
    const copyId = await reimport(Buffer.from(await res.arrayBuffer()));
    expect(shape(await treeOf(app, copyId))).toEqual(shape(await treeOf(app, big.itemId)));
  });
});

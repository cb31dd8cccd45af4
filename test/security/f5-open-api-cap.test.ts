// F5: one open-API script request must not freeze the server. open/fromComments and
// open/updateDbItem take at most 500 blocks (comment blocks / tables) per request — more is
// refused before anything is written — and while a full request writes, other requests are
// answered (the writer yields between batches; on embedded PGlite a write loop that never
// yields keeps the event loop from serving anyone else until it ends).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { buildItem, makeUser } from '../helpers/fixtures';
import { catalogs, itemTokens, pages, throttles } from '../../server/db/schema';

const KEY = 'f5key'.padEnd(40, '0');
const TOKEN = 'f5token'.padEnd(40, '1');

/** blocks one request may carry (ShowDoc's scripts send one source file at a time) */
const OPEN_API_MAX_BLOCKS = 500;

let app: TestApp;
let itemId: number;
let readerPage: number;

/** `n` showdoc_api.sh comment blocks, spread over a few catalogs */
const blocks = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `/**\n * showdoc\n * @catalog ${tag}/C${i % 5}\n * @title ${tag} ${i}\n * @method post\n * @url /api/${tag}/${i}\n * @param id 必选 int 编号\n */`).join('\n');

const post = (action: string, params: Record<string, string>) =>
  app.fetch(`/server/index.php?s=/api/open/${action}`, {
    method: 'POST',
    body: new URLSearchParams({ api_key: KEY, api_token: TOKEN, ...params }),
  });

/** the envelope of a refusal; a success is ShowDoc's plain-text answer */
async function answer(res: Response): Promise<{ error_code: number; error_message: string }> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return { error_code: 0, error_message: text };
  }
}

const pagesLike = async (prefix: string) => {
  const [r] = await app.deps.db.select({ n: count() }).from(pages).where(and(eq(pages.itemId, itemId), like(pages.pageTitle, `${prefix} %`)));
  return Number(r.n);
};
const catalogsNamed = async (name: string) => (await app.deps.db.select().from(catalogs).where(and(eq(catalogs.itemId, itemId), eq(catalogs.catName, name)))).length;

/** how many open-API calls this key has made (the per-key limiter's counter) */
const keyCalls = async () => {
  const [r] = await app.deps.db.select({ n: throttles.count }).from(throttles).where(eq(throttles.key, `rl:open-key:${KEY}`));
  return r?.n ?? 0;
};

beforeAll(async () => {
  app = await startTestApp();
  const owner = await makeUser(app, 'f5owner');
  const item = await buildItem(app, owner, { name: 'Scripts', rootPages: ['Readme'] });
  itemId = item.itemId;
  readerPage = item.pages.Readme;
  await app.deps.db.insert(itemTokens).values({ itemId, apiKey: KEY, apiToken: TOKEN, addtime: 1 });
}, 120_000);
afterAll(() => app?.close());

describe('F5: open-API script requests are capped and do not freeze the server', () => {
  it(`fromComments with ${OPEN_API_MAX_BLOCKS + 1} blocks is refused with a clear error and writes nothing`, async () => {
    const res = await post('fromComments', { content: blocks(OPEN_API_MAX_BLOCKS + 1, 'over') });
    const body = await answer(res);
    expect(body.error_code).toBe(10100);
    expect(body.error_message).toMatch(/at most 500/);
    expect(body.error_message).toMatch(/501/);
    expect(await pagesLike('over')).toBe(0);
    expect(await catalogsNamed('over')).toBe(0);
  });

  it(`updateDbItem with ${OPEN_API_MAX_BLOCKS + 1} tables is refused the same way`, async () => {
    const names = Array.from({ length: OPEN_API_MAX_BLOCKS + 1 }, (_, i) => `t${i}`);
    const info = ['TABLE_NAME\tTABLE_COMMENT', ...names.map((n) => `${n}\tcomment`)].join('\n');
    const detail = ['TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT', ...names.map((n) => `${n}\tid\tNULL\tNO\tint\tkey`)].join('\n');
    const before = await app.deps.db.select({ n: count() }).from(pages).where(eq(pages.itemId, itemId));
    const res = await post('updateDbItem', { table_info: info, table_detail: detail, cat_name: 'dict' });
    const body = await answer(res);
    expect(body.error_code).toBe(10100);
    expect(body.error_message).toMatch(/at most 500/);
    expect(await app.deps.db.select({ n: count() }).from(pages).where(eq(pages.itemId, itemId))).toEqual(before);
    expect(await catalogsNamed('dict')).toBe(0);
  });

  it(`${OPEN_API_MAX_BLOCKS} blocks are accepted, and a request sent while they are written is answered first`, async () => {
    const calls = await keyCalls();
    const order: string[] = [];
    const big = post('fromComments', { content: blocks(OPEN_API_MAX_BLOCKS, 'full') }).then(async (r) => {
      const text = await r.text();
      order.push('import');
      return text;
    });
    // the import has passed its credential check (a committed counter) and is about to write
    while ((await keyCalls()) === calls) await new Promise((r) => setTimeout(r, 5));
    const small = app.call('page/info', { page_id: readerPage }).then((r) => {
      order.push('page/info');
      return r;
    });
    const [text, info] = await Promise.all([big, small]);
    expect(text).toContain('成功');
    expect(info.error_code).toBe(0);
    expect(order).toEqual(['page/info', 'import']);
    expect(await pagesLike('full')).toBe(OPEN_API_MAX_BLOCKS);
  });
});

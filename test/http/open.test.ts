// Open API: api_key + api_token on every call; page upsert by catalog path; the bodies
// ShowDoc's showdoc_api.sh and showdoc_db.sh post (unencoded, '&' as _this_and_change_).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { catalogs, itemTokens, items, pageHistory, pages } from '../../server/db/schema';

const FIX = path.resolve('test/fixtures/showdoc');
const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90123456789';
const TOKEN = 'f0e1d2c3b4a5968778695a4b3c2d1e0f987654321';

/** The comment blocks showdoc_api.sh extracts: sed -n -e '/\/\*\*\/,/\*\//p' (line ranges). */
function sedBlocks(source: string): string {
  const out: string[] = [];
  let inside = false;
  for (const line of source.split('\n')) {
    if (!inside && line.includes('/**')) inside = true;
    if (inside) out.push(line);
    if (inside && line.includes('*/')) inside = false;
  }
  return out.join('\n').replace(/\n+$/, ''); // $(...) drops trailing newlines
}

const amp = (s: string) => s.split('&').join('_this_and_change_');

describe('open API', () => {
  let app: TestApp;
  let itemId: number;
  let ownerToken: string;

  const pageRows = () => app.deps.db.select().from(pages).where(eq(pages.itemId, itemId)).orderBy(asc(pages.pageId));
  const catRows = () => app.deps.db.select().from(catalogs).where(eq(catalogs.itemId, itemId)).orderBy(asc(catalogs.catId));
  const snapshot = async () => ({ pages: await pageRows(), cats: await catRows(), history: (await app.deps.db.select({ n: count() }).from(pageHistory))[0].n });
  const raw = (url: string, body: string) =>
    app.fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }, body });

  beforeAll(async () => {
    app = await startTestApp();
    const owner = await app.register('openowner');
    ownerToken = owner.user_token;
    const [item] = await app.deps.db
      .insert(items)
      .values({ itemName: 'Open', uid: owner.uid, username: 'openowner', addtime: 1, lastUpdateTime: 1 })
      .returning();
    itemId = item.itemId;
    await app.deps.db.insert(itemTokens).values({ itemId, apiKey: KEY, apiToken: TOKEN, addtime: 1 });
  }, 60_000);
  afterAll(() => app?.close());

  it('updateItem creates a page under a new catalog path, then updates it in place', async () => {
    const r = await app.call('open/updateItem', { api_key: KEY, api_token: TOKEN, cat_name: '/API/用户/登录', page_title: 'Login', page_content: '# v1' });
    expect(r.error_code).toBe(0);
    // the row as ShowDoc returns it: every number as text
    expect(r.data).toMatchObject({ page_title: 'Login', page_content: '# v1', s_number: '99', author_uid: '0', author_username: 'update_by_title', item_id: String(itemId) });
    const cats = await catRows();
    expect(cats.map((c) => [c.catName, c.level])).toEqual([['API', 2], ['用户', 3], ['登录', 4]]);
    expect(r.data.cat_id).toBe(String(cats[2].catId));
    expect(cats[1].parentCatId).toBe(cats[0].catId);

    const r2 = await app.call('open/updatePage', { api_key: KEY, api_token: TOKEN, cat_name: 'API/用户', cat_name_sub: '登录', page_title: 'Login', page_content: '# v2', s_number: 5 });
    expect(r2.error_code).toBe(0);
    expect(r2.data.page_id).toBe(r.data.page_id);
    expect(r2.data).toMatchObject({ page_content: '# v2', s_number: '5' });
    expect(await catRows()).toHaveLength(3);
    const hist = await app.deps.db.select().from(pageHistory).where(eq(pageHistory.pageId, r.data.page_id));
    expect(hist.map((h) => h.pageContent)).toEqual(['# v1']);
    // the same title in another catalog is another page; no catalog means the item root
    const r3 = await app.call('open/updateItem', { api_key: KEY, api_token: TOKEN, page_title: 'Login', page_content: 'root' });
    expect(r3.data.cat_id).toBe('0');
    expect(r3.data.page_id).not.toBe(r.data.page_id);
  });

  it('refuses a wrong key or token with 10306 and changes nothing', async () => {
    const before = await snapshot();
    const attempts = [
      { api_key: KEY, api_token: TOKEN + 'x' },
      { api_key: KEY, api_token: '' },
      { api_key: 'nope', api_token: TOKEN },
      { api_key: '', api_token: '' },
    ];
    for (const cred of attempts) {
      const r = await app.call('open/updateItem', { ...cred, cat_name: 'Evil', page_title: 'Login', page_content: 'pwned' });
      expect(r.error_code).toBe(10306);
      expect(r.error_message).toMatch(/api_key/);
    }
    const db = await (await raw('/server/index.php?s=/api/open/updateDbItem', `from=shell&table_info=TABLE_NAME\tTABLE_COMMENT\nx\ty&table_detail=&api_key=${KEY}&api_token=bad`)).json();
    expect(db.error_code).toBe(10306);
    const fc = await (await raw('/server/index.php?s=/api/open/fromComments', `from=shell&api_key=${KEY}&api_token=bad&content=/** showdoc @title X @url /x */`)).json();
    expect(fc.error_code).toBe(10306);
    const zh = await app.call('open/updateItem', { api_key: KEY, api_token: 'bad', page_title: 't', page_content: 'c' }, { headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.error_message).toBe('api_key或者api_token不匹配');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a 4th catalog level and empty input, with nothing created', async () => {
    const before = await snapshot();
    const deep = await app.call('open/updateItem', { api_key: KEY, api_token: TOKEN, cat_name: 'a/b/c/d', page_title: 'Deep', page_content: 'x' });
    expect(deep.error_code).toBe(10100);
    expect(deep.error_message).toMatch(/deeper than 3 levels/);
    const sub = await app.call('open/updateItem', { api_key: KEY, api_token: TOKEN, cat_name: 'a/b/c', cat_name_sub: 'd', page_title: 'Deep', page_content: 'x' });
    expect(sub.error_code).toBe(10100);
    const empty = await app.call('open/updateItem', { api_key: KEY, api_token: TOKEN, cat_name: 'new', page_title: 'Empty', page_content: '' });
    expect(empty.error_code).toBe(10101);
    expect(empty.error_message).toMatch(/page_content/);
    const noTitle = await app.call('open/updateItem', { api_key: KEY, api_token: TOKEN, cat_name: 'new', page_title: ' ', page_content: 'x' });
    expect(noTitle.error_code).toBe(10101);
    const obj = await app.call('open/updateItem', { api_key: KEY, api_token: TOKEN, page_title: 'x', page_content: 'y', s_number: '1 OR 1=1' });
    expect(obj.error_code).toBe(10101);
    expect(await snapshot()).toEqual(before);
  });

  it('a deleted item no longer accepts its keys', async () => {
    const other = await app.register('openother');
    const [item] = await app.deps.db.insert(items).values({ itemName: 'Gone', uid: other.uid, username: 'openother', isDel: 1 }).returning();
    await app.deps.db.insert(itemTokens).values({ itemId: item.itemId, apiKey: 'gonekey', apiToken: 'gonetoken' });
    const r = await app.call('open/updateItem', { api_key: 'gonekey', api_token: 'gonetoken', page_title: 'x', page_content: 'y' });
    expect(r.error_code).toBe(10306);
    expect(await app.deps.db.select().from(pages).where(eq(pages.itemId, item.itemId))).toHaveLength(0);
  });

  it('an archived item refuses open writes; a full item (5,000 pages) only updates', async () => {
    const other = await app.register('openfull');
    const [arch] = await app.deps.db.insert(items).values({ itemName: 'Archived', uid: other.uid, username: 'openfull', isArchived: 1 }).returning();
    await app.deps.db.insert(itemTokens).values({ itemId: arch.itemId, apiKey: 'archkey', apiToken: 'archtoken' });
    const a = await app.call('open/updateItem', { api_key: 'archkey', api_token: 'archtoken', cat_name: 'x', page_title: 'x', page_content: 'y' });
    expect(a.error_code).toBe(10103);
    expect(await app.deps.db.select().from(catalogs).where(eq(catalogs.itemId, arch.itemId))).toHaveLength(0);

    const [full] = await app.deps.db.insert(items).values({ itemName: 'Full', uid: other.uid, username: 'openfull' }).returning();
    await app.deps.db.insert(itemTokens).values({ itemId: full.itemId, apiKey: 'fullkey', apiToken: 'fulltoken' });
    const rows = Array.from({ length: 5000 }, (_, i) => ({ itemId: full.itemId, pageTitle: `p${i}`, pageContent: 'x' }));
    for (let i = 0; i < rows.length; i += 1000) await app.deps.db.insert(pages).values(rows.slice(i, i + 1000));
    const add = await app.call('open/updateItem', { api_key: 'fullkey', api_token: 'fulltoken', cat_name: 'new', page_title: 'new', page_content: 'y' });
    expect(add.error_code).toBe(10100);
    expect(await app.deps.db.select().from(catalogs).where(eq(catalogs.itemId, full.itemId))).toHaveLength(0);
    const upd = await app.call('open/updateItem', { api_key: 'fullkey', api_token: 'fulltoken', page_title: 'p7', page_content: 'updated' });
    expect(upd.error_code).toBe(0);
    expect(upd.data.page_content).toBe('updated');
  });

  it('builds API pages from a raw showdoc_api.sh body', async () => {
    const txt = sedBlocks(fs.readFileSync(path.join(FIX, 'UserController.php'), 'utf8'));
    // exactly what the script's heredoc sends: unencoded, '&' replaced, trailing newline
    const body = `from=shell&api_key=${KEY}&api_token=${TOKEN}&content=${amp(txt)}\n`;
    const res = await raw('/server/index.php?s=/api/open/fromComments', body);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('成功');

    const all = await pageRows();
    const byTitle = new Map(all.map((p) => [p.pageTitle, p]));
    expect(byTitle.has('not-a-doc')).toBe(false);
    const reg = byTitle.get('用户注册')!;
    expect(reg.sNumber).toBe(3);
    const cats = await catRows();
    const top = cats.find((c) => c.catName === '测试文档' && c.level === 2)!;
    const sub = cats.find((c) => c.catName === '用户相关' && c.parentCatId === top.catId)!;
    expect(reg.catId).toBe(sub.catId);
    const example = JSON.stringify(
      { error_code: 0, data: { uid: '1', username: '12154545', name: '吴系挂', groupid: 2, reg_time: '1436864169', last_login_time: '0' } },
      null,
      4,
    );
    expect(reg.pageContent).toBe(
      '\n##### 简要描述\n\n- 用户注册的接口' +
        '\n\n##### 请求URL\n\n - `https://www.showdoc.com.cn/home/user/login` \n\n##### 请求方式\n\n- post\n' +
        ' \n##### Header \n\n|字段名|示例值|必选|类型|说明|\n|:-----  |:-----|-----|-----|-----|\n' +
        '|token|   |  否 |  string |  设备token | \n' +
        ' \n##### 请求Body参数\n\n|参数名|示例值|必选|类型|说明|\n|:-----  |:-----|-----|-----|-----|\n' +
        '|username|   |  是 |  string |  用户名 | \n' +
        '|password|   |  是 |  string |  密码 | \n' +
        '|name|   |  否 |  string |  用户昵称 | \n' +
        ` \n##### 成功返回示例  \n\`\`\`\n${example}\n\n\`\`\` \n` +
        ' \n##### 成功返回示例的参数说明 \n\n|参数名|类型|说明|\n|:-----  |:-----|-----|\n' +
        '|groupid| int |  用户组id | \n' +
        '|name| string |  用户昵称 | \n' +
        ' \n##### 备注 \n 这里是备注信息\n',
    );

    // GET: parameters become a query table, the URL keeps its own query string cut off ('&' restored)
    const list = byTitle.get('用户列表')!;
    expect(list.catId).toBe(sub.catId);
    expect(list.pageContent).toContain('- 无');
    expect(list.pageContent).toContain(' - `/api/user/list` ');
    expect(list.pageContent).toContain('##### 请求Query参数');
    expect(list.pageContent).toContain('|page|  |  否 |  int |  页码 | \n');
    expect(list.pageContent).not.toContain('请求Body参数');

    // JSON body: example plus field table; '&' in the description restored
    const order = byTitle.get('创建订单')!;
    expect(order.catId).toBe(0);
    expect(order.pageContent).toContain('- 以 JSON 提交订单 & 返回编号');
    expect(order.pageContent).toContain('- post\n');
    expect(order.pageContent).toContain(`##### 请求参数示例  \n\`\`\`\n${JSON.stringify({ sku: 'A-1', count: 2 }, null, 4)}\n\n\`\`\``);
    expect(order.pageContent).toContain('##### json字段说明');
    expect(order.pageContent).toContain('|sku|  是 |  string |  商品编号 | \n');

    // the pages are indexed like any saved page
    const found = await app.call('item/search', { item_id: itemId, keyword: '用户注册' }, { token: ownerToken });
    expect(found.error_code).toBe(0);
    expect(found.data.pages.map((p: { page_id: string }) => p.page_id)).toContain(String(reg.pageId));

    // sending the same file again updates the same pages (no duplicates, no new history)
    const histBefore = (await snapshot()).history;
    const again = await raw('/server/api/open/fromComments', body);
    expect(await again.text()).toContain('成功');
    expect((await pageRows()).length).toBe(all.length);
    expect((await snapshot()).history).toBe(histBefore);
  });

  it('fromComments without any document block is a clear error', async () => {
    const before = await snapshot();
    const res = await raw('/server/index.php?s=/api/open/fromComments', `from=shell&api_key=${KEY}&api_token=${TOKEN}&content=/** just a comment */`);
    const j = await res.json();
    expect(j.error_code).toBe(10101);
    expect(j.error_message).toMatch(/@title/);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps ']=' in an unencoded body (the name ends at the first '=', as in PHP); URL-encoded bodies work too", async () => {
    const block = '/**\n * showdoc\n * @title 批量查询\n * @method get\n * @url /api/batch?ids[]=1_this_and_change_sort[]=desc\n */';
    const res = await raw('/server/index.php?s=/api/open/fromComments', `from=shell&api_key=${KEY}&api_token=${TOKEN}&content=${block}\n`);
    expect(await res.text()).toContain('成功');
    const [page] = await app.deps.db.select().from(pages).where(eq(pages.pageTitle, '批量查询'));
    expect(page.pageContent).toContain(' - `/api/batch?ids[]=1&sort[]=desc` ');
    const encodedBlock = block.replace('批量查询', '批量查询二');
    const encoded = await raw('/server/index.php?s=/api/open/fromComments', `from=shell&api_key=${KEY}&api_token=${TOKEN}&content=${encodeURIComponent(encodedBlock)}`);
    const encodedText = await encoded.text();
    expect(encodedText, encodedText).toContain('成功');
    const [second] = await app.deps.db.select().from(pages).where(eq(pages.pageTitle, '批量查询二'));
    expect(second.pageContent).toContain(' - `/api/batch?ids[]=1&sort[]=desc` ');
  });

  it("reads fromComments' content from the raw body the PHP way: a stray '%' keeps the rest decoded and the '=' of ']='", async () => {
    // hand-built as showdoc_api.sh builds it: not URL-encoded, '&' spelled _this_and_change_
    const block =
      '/**\n * showdoc\n * @title 折扣查询\n * @description 100% 覆盖 a+b %E4%B8%AD\n * @method get\n * @url /api/discount?ids[]=1_this_and_change_rate=50%\n */';
    const res = await raw('/server/index.php?s=/api/open/fromComments', `from=shell&api_key=${KEY}&api_token=${TOKEN}&content=${block}\n`);
    expect(await res.text()).toContain('成功');
    const [page] = await app.deps.db.select().from(pages).where(eq(pages.pageTitle, '折扣查询'));
    // PHP's urldecode: '+' a space, %E4%B8%AD one character, the bare '%' as it is
    expect(page.pageContent).toContain('- 100% 覆盖 a b 中');
    expect(page.pageContent).toContain(' - `/api/discount?ids[]=1&rate=50%` ');
  });

  it('item/updateByApi is open/updateItem under its older name', async () => {
    const r = await app.call('item/updateByApi', { api_key: KEY, api_token: TOKEN, cat_name: 'Legacy', page_title: 'Old script', page_content: '# from an old script' });
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ page_title: 'Old script', page_content: '# from an old script', item_id: String(itemId), s_number: '99' });
    const again = await app.call('/server/index.php?s=/api/item/updateByApi', { api_key: KEY, api_token: TOKEN, cat_name: 'Legacy', page_title: 'Old script', page_content: '# v2' });
    expect(again.data.page_id).toBe(r.data.page_id);
    const refused = await app.call('item/updateByApi', { api_key: KEY, api_token: 'wrong', page_title: 'x', page_content: 'y' });
    expect(refused.error_code).toBe(10306);
  });

  it('builds data-dictionary pages from a raw showdoc_db.sh body', async () => {
    const info = fs.readFileSync(path.join(FIX, 'table_info.tsv'), 'utf8');
    const detail = fs.readFileSync(path.join(FIX, 'table_detail.tsv'), 'utf8');
    const body = `from=shell&table_info=${amp(info)}&table_detail=${amp(detail)}&api_key=${KEY}&api_token=${TOKEN}&cat_name=数据字典\n`;
    const res = await raw('/server/index.php?s=/api/open/updateDbItem', body);
    expect(await res.text()).toBe('成功\n');

    const cat = (await catRows()).find((c) => c.catName === '数据字典')!;
    expect(cat.level).toBe(2);
    const rows = await app.deps.db.select().from(pages).where(and(eq(pages.itemId, itemId), eq(pages.catId, cat.catId))).orderBy(asc(pages.pageId));
    expect(rows.map((r) => r.pageTitle)).toEqual(['user', 'order_item']);
    expect(rows[0].pageContent).toBe(
      '- 用户表 \n \n' +
        '|字段|类型|允许空|默认|注释| \n ' +
        '|:----    |:-------    |:--- |----|------      | \n ' +
        '|uid |int(10) unsigned |NO | NULL | 用户ID  | \n ' +
        '|username |varchar(50) |NO |  | 无  | \n ',
    );
    expect(rows[1].pageContent).toContain('- 订单明细 & 价格 \n');
    expect(rows[1].pageContent).toContain('|price |decimal(10,2) |NO | 0.00 | 单价 & 税  | \n ');
    expect(rows.every((r) => r.sNumber === 99 && r.authorUid === 0)).toBe(true);
  });

  it('a script request that would take the item past 5,000 pages is refused before anything is written', async () => {
    const other = await app.register('opennearfull');
    const [near] = await app.deps.db.insert(items).values({ itemName: 'Near full', uid: other.uid, username: 'opennearfull' }).returning();
    await app.deps.db.insert(itemTokens).values({ itemId: near.itemId, apiKey: 'nearkey', apiToken: 'neartoken' });
    const rows = Array.from({ length: 4995 }, (_, i) => ({ itemId: near.itemId, pageTitle: `p${i}`, pageContent: 'x' }));
    for (let i = 0; i < rows.length; i += 1000) await app.deps.db.insert(pages).values(rows.slice(i, i + 1000));
    const block = (title: string, cat = '') => `/**\n * showdoc\n${cat ? ` * @catalog ${cat}\n` : ''} * @title ${title}\n * @url /x\n */`;
    const send = (titles: string[], cat = '') =>
      raw('/server/api/open/fromComments', `api_key=nearkey&api_token=neartoken&content=${encodeURIComponent(titles.map((t) => block(t, cat)).join('\n'))}`);
    // updates of existing pages always fit; 6 new pages under a new catalog would make 5,001
    expect(await (await send(['p0', 'p1', 'p2'])).text()).toContain('成功');
    const refused = await (await send(['n1', 'n2', 'n3', 'n4', 'n5', 'n6'], 'New')).json();
    expect(refused.error_code).toBe(10100);
    expect(refused.error_message).toMatch(/past 5000 pages \(6 new\)/);
    expect(await app.deps.db.select().from(catalogs).where(eq(catalogs.itemId, near.itemId))).toHaveLength(0);
    expect(await app.deps.db.select({ n: count() }).from(pages).where(eq(pages.itemId, near.itemId))).toEqual([{ n: 4995 }]);
    // five fit (a title sent twice is one page)
    expect(await (await send(['n1', 'n2', 'n3', 'n4', 'n5', 'n1'], 'New')).text()).toContain('成功');
    expect(await app.deps.db.select({ n: count() }).from(pages).where(eq(pages.itemId, near.itemId))).toEqual([{ n: 5000 }]);
  });

  // last: it locks this test client's IP out of the open API
  it('repeated wrong credentials from one IP are rate limited, even with the right ones afterwards', async () => {
    let code = 0;
    for (let i = 0; i < 40 && code !== 10429; i++) {
      code = (await app.call('open/updateItem', { api_key: KEY, api_token: `guess-${i}`, page_title: 'x', page_content: 'y' })).error_code;
    }
    expect(code).toBe(10429);
    const right = await app.call('open/updateItem', { api_key: KEY, api_token: TOKEN, page_title: 'Login', page_content: 'during lockout' });
    expect(right.error_code).toBe(10429);
    expect(await app.deps.db.select().from(pages).where(eq(pages.pageContent, 'during lockout'))).toHaveLength(0);
  });
});

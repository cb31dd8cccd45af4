// What the server sends back when attackers choose the content (security.md §1.1, §1.6, §2.6, V12–V14):
// stored XSS payloads come back raw inside JSON and are never served as HTML; every non-JSON reply
// has a safe Content-Type; redirect targets stay on this site; user text never reaches a header;
// paths cannot climb out of the client folder; uploadImg keeps editor.md's shape even when the
// body parser refuses the file; an image in a private item loads with the reader's cookie; the
// item-password limiter is keyed on the real peer, not on X-Forwarded-For; uploads have a per-user budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { count } from 'drizzle-orm';
import { addMember, buildItem, makeUser, type Actor, type BuiltItem } from '../helpers/fixtures';
import { attachments, throttles } from '../../server/db/schema';
import { LIMITS } from '../../server/auth/throttle';
import { ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA } from '../../shared/limits';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const XSS = [
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  '</title><script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '{{constructor.constructor(\'alert(1)\')()}}',
  '[x](javascript:alert(1))',
];

let app: TestApp;
let clientDir: string;
let owner: Actor;
let reader: Actor;
let priv: BuiltItem;

function multipart(fields: Record<string, string | number>, file: { field: string; filename: string; bytes: Buffer; type?: string }) {
  const boundary = '----quireSec' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: new Uint8Array(Buffer.concat(chunks)), type: `multipart/form-data; boundary=${boundary}` };
}

async function postFile(url: string, fields: Record<string, string | number>, file: { field: string; filename: string; bytes: Buffer; type?: string }, token?: string) {
  const m = multipart(fields, file);
  const headers: Record<string, string> = { 'Content-Type': m.type };
  if (token) headers['X-API-Token'] = token;
  const res = await app.fetch(url, { method: 'POST', headers, body: m.body });
  return { status: res.status, type: res.headers.get('content-type') ?? '', json: (await res.json()) as any };
}

async function attachmentCount(): Promise<number> {
  const [r] = await app.deps.db.select({ n: count() }).from(attachments);
  return Number(r.n);
}

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Quire</title><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js.map'), '{"sources":["SECRET-SOURCE"]}');
  fs.writeFileSync(path.join(clientDir, '.env'), 'SECRET-ENV');
  fs.writeFileSync(path.join(path.dirname(clientDir), 'quire-secret-outside.txt'), 'SECRET-OUTSIDE');
  app = await startTestApp({ config: { clientDist: clientDir } });
  await makeUser(app, 'content_admin');
  owner = await makeUser(app, 'content_owner');
  reader = await makeUser(app, 'content_reader');
  priv = await buildItem(app, owner, { name: 'Private', password: 'pw-private', catalogs: [{ name: 'C', pages: ['P'] }] });
  await addMember(app, priv.itemId, reader, 0);
  await app.deps.settings.save({ upload_max_mb: 1 });
}, 120_000);
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(path.join(path.dirname(clientDir), 'quire-secret-outside.txt'), { force: true });
});

describe('stored XSS payloads', () => {
  it('are stored raw and come back raw inside JSON, never as HTML', async () => {
    const tok = { token: owner.token };
    for (const x of XSS) {
      const item = await app.call('item/add', { item_name: x, item_description: x, item_type: 1 }, tok);
      expect(item.error_code, x).toBe(0);
      const itemId = item.data.item_id;
      const cat = await app.call('catalog/save', { item_id: itemId, cat_name: x }, tok);
      expect(cat.error_code).toBe(0);
      const page = await app.call('page/save', { item_id: itemId, page_title: x, page_content: x, cat_id: 0 }, tok);
      expect(page.error_code).toBe(0);
      const tpl = await app.call('template/save', { template_title: x, template_content: x }, tok);
      expect(tpl.error_code).toBe(0);

      const res = await app.fetch('/api/page/info', { method: 'POST', headers: { 'X-API-Token': owner.token, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `page_id=${page.data.page_id}` });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const info = await res.json();
      expect(info.data.page_title).toBe(x);
      expect(info.data.page_content).toBe(x);
      const detail = await app.call('item/info', { item_id: itemId }, tok);
      expect(detail.data.item_name).toBe(x);
      expect(JSON.stringify(detail.data.menu)).toContain(JSON.stringify(x).slice(1, -1));
      const tpls = await app.call('template/getList', {}, tok);
      expect(tpls.data.some((t: any) => t.template_title === x && t.template_content === x)).toBe(true);
    }
    const me = await app.call('user/updateInfo', { name: XSS[1] }, { token: owner.token });
    expect(me.error_code).toBe(0);
    expect((await app.call('user/info', {}, { token: owner.token })).data.name).toBe(XSS[1]);
  });

  it('no JSONP: a callback parameter never turns a reply into script', async () => {
    const res = await app.fetch(`/api/common/version?callback=alert(1)//&jsonp=alert`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await res.text()).startsWith('{')).toBe(true);
  });
});

describe('every non-JSON reply has a safe type', () => {
  it('captcha, QR code, mock output, unknown routes, the web app shell', async () => {
    const checks: [string, RequestInit | undefined, RegExp][] = [
      ['/api/common/verify', undefined, /^image\//],
      [`/api/common/qrcode?url=${encodeURIComponent('https://x.example/<script>')}`, undefined, /^image\/png$/],
      ['/server/index.php?s=/api/nope/nope', undefined, /^application\/json; charset=utf-8$/],
      ['/server/whatever.php', undefined, /^application\/json; charset=utf-8$/],
      ['/item/index', undefined, /^text\/html; charset=utf-8$/],
      ['/p/' + encodeURIComponent('<script>'), undefined, /^text\/html; charset=utf-8$/],
    ];
    for (const [url, init, type] of checks) {
      const res = await app.fetch(url, init);
      const body = await res.text();
      expect(res.status, url).toBeLessThan(500);
      expect(res.headers.get('content-type'), url).toMatch(type);
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      if (/html/.test(res.headers.get('content-type') ?? '')) {
        // the shell is static: nothing from the URL is echoed into it; scripts only from our origin
        expect(body).not.toContain('<script>');
        expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
        expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval');
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      }
    }
  });

  it('a mock whose values are markup is served as JSON with nosniff', async () => {
    const pub = await buildItem(app, owner, { name: 'Mock item', rootPages: ['M'] });
    const add = await app.call('mock/add', { page_id: pub.pages.M, template: JSON.stringify({ html: '<script>alert(1)</script>' }), path: '/x' }, { token: owner.token });
    expect(add.error_code).toBe(0);
    const res = await app.fetch(`/mock-path/${pub.itemId}?path=/x`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await res.json()).html).toBe('<script>alert(1)</script>');
  });

  it('an HTML file disguised as an image is refused; a real image is served inline under a sandbox CSP', async () => {
    const html = await postFile('/api/page/upload', { page_id: priv.pages.P }, { field: 'file', filename: 'x.png', bytes: Buffer.from('<html><script>alert(1)</script></html>') }, owner.token);
    expect(html.json.error_code).not.toBe(0);
    const img = await postFile('/api/page/upload', { page_id: priv.pages.P }, { field: 'file', filename: 'a.png', bytes: PNG }, owner.token);
    expect(img.json.error_code).toBe(0);
    const res = await app.fetch(new URL(img.json.url).pathname + new URL(img.json.url).search, { headers: { 'X-API-Token': reader.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('upload names from the ShowDoc advisories (U1–U4)', () => {
  it('are refused, or kept as downloads that never render: octet-stream, attachment, nosniff', async () => {
    const php = Buffer.from('<?php system($_GET["c"]); ?>');
    const xhtml = Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>');
    const svgs = [
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text y="20">x</text></a></svg>',
    ];
    const cases: [string, Buffer, string?][] = [
      ['x.pHp', php],
      ['x.php%00.png', php, 'image/png'],
      ['x.php\u0000.png', php, 'image/png'],
      ['x.php.png', php, 'image/png'],
      ['x.phtml', php],
      ['x.xml', xhtml, 'text/xml'],
      ['x.xhtml', xhtml],
      ['x.xsl', xhtml],
      ['x.shtml', xhtml],
      ['x.cshtml', xhtml],
      ['x.webma', xhtml],
      ['x.properties', xhtml],
      ['x.htm', xhtml, 'image/png'],
      ['a.svg', Buffer.from(svgs[0]), 'image/svg+xml'],
      ['b.png', Buffer.from(svgs[1]), 'image/png'],
      ['c.jpg', xhtml, 'image/jpeg'],
    ];
    for (const [name, bytes, type] of cases) {
      for (const url of ['/api/page/upload', '/api/page/uploadImg']) {
        const field = url.endsWith('uploadImg') ? 'editormd-image-file' : 'file';
        const before = await attachmentCount();
        const r = await postFile(url, { page_id: priv.pages.P }, { field, filename: name, bytes, type: type ?? 'application/octet-stream' }, owner.token);
        const accepted = r.json.error_code === 0 || r.json.success === 1;
        if (!accepted) {
          expect(await attachmentCount(), `${url} ${name}`).toBe(before);
          continue;
        }
        const u = new URL(r.json.url);
        expect(u.search, name).not.toContain(encodeURIComponent(name));
        const res = await app.fetch(u.pathname + u.search, { headers: { 'X-API-Token': owner.token } });
        const body = Buffer.from(await res.arrayBuffer());
        expect(res.headers.get('content-type'), `${url} ${name}`).toBe('application/octet-stream');
        expect(res.headers.get('content-disposition'), name).toMatch(/^attachment;/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        expect(body.equals(bytes)).toBe(true);
      }
    }
  });
});

describe('uploadImg keeps editor.md’s shape', () => {
  it('an over-limit image refused by the body parser: {success: 0, message, error_code 10413}', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1 - PNG.length)]);
    const r = await postFile('/api/page/uploadImg', { page_id: priv.pages.P }, { field: 'editormd-image-file', filename: 'big.png', bytes: big }, owner.token);
    expect(r.status).toBe(413);
    expect(r.type).toBe('application/json; charset=utf-8');
    expect(r.json).toMatchObject({ success: 0, url: '', error_code: 10413 });
    expect(r.json.message).toMatch(/too large/);
    const zh = await postFile('/api/page/uploadImg?lang=zh-cn', { page_id: priv.pages.P }, { field: 'editormd-image-file', filename: 'big.png', bytes: big }, owner.token);
    expect(zh.json.success).toBe(0);
    expect(zh.json.message).toMatch(/[\u4e00-\u9fff]/);
    // the attachment-side alias is the same action
    const alias = await postFile('/api/attachment/uploadImg', { page_id: priv.pages.P }, { field: 'editormd-image-file', filename: 'big.png', bytes: big }, owner.token);
    expect(alias.json).toMatchObject({ success: 0, error_code: 10413 });
    // page/upload keeps the envelope
    const env = await postFile('/api/page/upload', { page_id: priv.pages.P }, { field: 'file', filename: 'big.png', bytes: big }, owner.token);
    expect(env.status).toBe(413);
    expect(env.json.error_code).toBe(10413);
    expect(env.json.success).toBeUndefined();
  });

  it('refusals before and inside the handler use the same shape', async () => {
    const anon = await postFile('/api/page/uploadImg', { page_id: priv.pages.P }, { field: 'editormd-image-file', filename: 'a.png', bytes: PNG });
    expect(anon.json).toMatchObject({ success: 0, url: '' });
    expect(anon.json.error_code).toBeGreaterThan(0);
    const badJson = await app.fetch('/api/page/uploadImg', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Token': owner.token }, body: '{"page_id": ' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ success: 0, error_code: 10101 });
    const ok = await postFile('/api/page/uploadImg', { page_id: priv.pages.P }, { field: 'editormd-image-file', filename: 'a.png', bytes: PNG }, owner.token);
    expect(ok.json).toMatchObject({ success: 1 });
  });
});

describe('an image of a private item embedded in its page', () => {
  it('loads with the reader’s cookie (browser image load), not for strangers', async () => {
    const up = await postFile('/api/page/upload', { page_id: priv.pages.P }, { field: 'file', filename: 'b.png', bytes: PNG }, owner.token);
    const u = new URL(up.json.url);
    const asImage = (cookie?: string, site = 'same-origin') =>
      app.fetch(u.pathname + u.search, { headers: { ...(cookie ? { Cookie: cookie } : {}), 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Site': site } });
    const mine = await asImage(`cookie_token=${reader.token}`);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    const stranger = await makeUser(app, 'content_stranger');
    expect((await asImage(`cookie_token=${stranger.token}`)).status).toBe(403);
    // another site embedding it gets nothing, even with the reader's cookie
    expect((await asImage(`cookie_token=${reader.token}`, 'cross-site')).status).toBe(403);
  });
});

describe('redirect targets', () => {
  it('item/pwd gives back only a path on this site', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const bad = ['//evil.example', '/\\evil.example', 'https://evil.example', 'https:evil', 'javascript:alert(1)', '\\\\evil', '//2130706433', '%2F%2Fevil%2Ecom', b64('//evil.example'), b64('https://evil.example/'), b64('javascript:alert(1)'), b64('/\\evil'), b64('/ok\nLocation: x')];
    const good: [string, string][] = [
      ['/item/index', '/item/index'],
      [b64('/p/abc?x=1'), '/p/abc?x=1'],
    ];
    const pub = await buildItem(app, owner, { name: 'Redirect item', password: 'pw-r' });
    for (const r of bad) {
      const res = await app.call('item/pwd', { item_id: pub.itemId, password: 'pw-r', refer_url: r });
      expect(res.error_code, r).toBe(0);
      expect(res.data.refer_url, r).toBe('');
    }
    for (const [r, want] of good) expect((await app.call('item/pwd', { item_id: pub.itemId, password: 'pw-r', refer_url: r })).data.refer_url).toBe(want);
  });

  it('no API answer carries a Location built from input', async () => {
    for (const url of ['/api/user/login?redirect=//evil.example', '/api/user/info?redirect=https://evil.example', '/server/index.php?s=/api/item/info&redirect=//evil.example']) {
      const res = await app.fetch(url, { redirect: 'manual' });
      expect(res.headers.get('location'), url).toBeNull();
      await res.arrayBuffer();
    }
  });
});

describe('user text never reaches a header', () => {
  it('CR/LF in the language, in parameters and in file names: no injected header, no 500', async () => {
    const lang = await app.fetch('/api/common/version?lang=zh%0d%0aSet-Cookie:%20evil=1', { headers: {} });
    expect(lang.status).toBe(200);
    expect(lang.headers.get('set-cookie')).toBeNull();
    const refer = await app.call('item/pwd', { item_id: priv.itemId, password: 'pw-private', refer_url: '/a\r\nSet-Cookie: evil=1' });
    expect(refer.data.refer_url).toBe('');
    const qr = await app.fetch('/api/common/qrcode?url=' + encodeURIComponent('x\r\nSet-Cookie: evil=1'));
    expect(qr.status).toBe(200);
    expect(qr.headers.get('set-cookie')).toBeNull();
    for (const name of ['a%22; filename=evil.html.png', 'b%0d%0aX-Evil: 1.png', '中文 名字.png', "it's (1).png", 'x;inline.png']) {
      const up = await postFile('/api/page/upload', { page_id: priv.pages.P }, { field: 'file', filename: name, bytes: PNG }, owner.token);
      expect(up.json.error_code, name).toBe(0);
      const u = new URL(up.json.url);
      const res = await app.fetch(u.pathname + u.search, { headers: { 'X-API-Token': owner.token } });
      expect(res.status, name).toBe(200);
      const cd = res.headers.get('content-disposition') ?? '';
      // one disposition, one quoted ASCII name, the exact name only percent-encoded
      expect(cd, name).toMatch(/^inline; filename="[A-Za-z0-9._ ()-]+"; filename\*=UTF-8''[A-Za-z0-9._~%!-]+$/);
      await res.arrayBuffer();
    }
  });
});

describe('path traversal', () => {
  it('nothing outside the client folder, no dotfiles, no source maps', async () => {
    const urls = [
      '/../quire-secret-outside.txt',
      '/..%2fquire-secret-outside.txt',
      '/%2e%2e/quire-secret-outside.txt',
      '/%2e%2e%2fquire-secret-outside.txt',
      '/assets/..%2f..%2fquire-secret-outside.txt',
      '/assets/%2e%2e/%2e%2e/quire-secret-outside.txt',
      '/..%5cquire-secret-outside.txt',
      '/assets/..%5c..%5cquire-secret-outside.txt',
      '/.env',
      '/%2eenv',
      '/assets/app.js.map',
      '/assets/app.js%2emap',
      '/.git/config',
      '/api/../../quire-secret-outside.txt',
      '/server/index.php?s=/../../quire-secret-outside.txt',
      '/mock-path/..%2f..%2fquire-secret-outside.txt',
      '/mock-data/..%2f..%2f.env',
    ];
    for (const url of urls) {
      const res = await app.fetch(url);
      const body = await res.text();
      expect(res.status, url).toBeLessThan(500);
      expect(body, url).not.toMatch(/SECRET-(OUTSIDE|ENV|SOURCE)/);
    }
    // the real files are served
    const js = await app.fetch('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toBe('console.log(1)');
  });
});

describe('rate limits', () => {
  it('item/pwd per IP: rotating X-Forwarded-For does not reset the count (proxy not trusted)', async () => {
    const target = await buildItem(app, owner, { name: 'Guarded', password: 'right-pw' });
    let code = 0;
    let n = 0;
    for (; n < 80 && code !== 10429; n++) {
      const r = await app.call('item/pwd', { item_id: target.itemId, password: 'right-pw' }, { headers: { 'X-Forwarded-For': `10.0.${n}.1`, 'X-Real-IP': `10.1.${n}.1` } });
      code = r.error_code;
    }
    expect(code).toBe(10429);
    expect(n).toBeLessThanOrEqual(62);
    // the limit holds for the right password too, and the answer says when to retry
    const again = await app.call('item/pwd', { item_id: target.itemId, password: 'right-pw' });
    expect(again.error_code).toBe(10429);
    expect(again.error_message).toMatch(/\d+ seconds/);
  });

  it('uploads per user: over the window’s budget → 10429 in both reply shapes, nothing stored; others unaffected', async () => {
    const heavy = await makeUser(app, 'content_heavy');
    const other = await makeUser(app, 'content_other');
    const limit = LIMITS.uploadPerUser;
    // the budget already spent in this window (counting 300 real uploads would only slow the suite)
    await app.deps.db.insert(throttles).values({ key: `rl:${limit.name}:${heavy.uid}`, count: limit.max, resetAt: Math.floor(Date.now() / 1000) + limit.windowSeconds });
    const before = await attachmentCount();
    const env = await postFile('/api/page/upload', {}, { field: 'file', filename: 'a.png', bytes: PNG }, heavy.token);
    expect(env.json.error_code).toBe(10429);
    const img = await postFile('/api/page/uploadImg', {}, { field: 'editormd-image-file', filename: 'a.png', bytes: PNG }, heavy.token);
    expect(img.json).toMatchObject({ success: 0, error_code: 10429 });
    expect(img.json.message).toMatch(/\d+ seconds/);
    expect(await attachmentCount()).toBe(before);
    const ok = await postFile('/api/page/upload', {}, { field: 'file', filename: 'a.png', bytes: PNG }, other.token);
    expect(ok.json.error_code).toBe(0);
  });

  it('_item_pwd on any request: wrong guesses are counted with item/pwd\'s, then even the right one is refused (10429)', async () => {
    const target = await buildItem(app, owner, { name: 'Guessed', password: 'right-pw-2', rootPages: ['G'] });
    const read = (pwd: string) => app.call('page/info', { page_id: target.pages.G, _item_pwd: pwd });
    // past the window of the item/pwd attempts above (the same per-address limit)
    app.setNow(Math.floor(Date.now() / 1000) + 600);
    try {
      expect((await read('right-pw-2')).error_code).toBe(0);
      for (let i = 0; i < ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA; i++) expect((await read(`guess-${i}`)).error_code).toBe(10307);
      // the right password no longer helps from this address: guessing gets no signal
      const after = await read('right-pw-2');
      expect(after.error_code).toBe(10429);
      expect(JSON.stringify(after)).not.toContain('Content of G');
      // members and the item/pwd grant are unaffected
      expect((await app.call('page/info', { page_id: target.pages.G, _item_pwd: 'wrong' }, { token: owner.token })).error_code).toBe(0);
    } finally {
      app.setNow(undefined);
    }
  });
});


// The built client as the server sends it: precompressed twins chosen by Accept-Encoding (and the
// plain file otherwise), the build manifest never served, and reader routes' index.html carrying
// modulepreload links for their screen's chunks (other routes get index.html unchanged).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

const INDEX = `<!doctype html><html><head><title>Quire</title>
    <script type="module" crossorigin src="/assets/index-E.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-R.js">
  </head><body><div id="root"></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_renderer-M.js': { file: 'assets/renderer-M.js', imports: ['_react-R.js'] },
  'src/screens/itemShow/ItemShowScreen.tsx': { file: 'assets/ItemShowScreen-S.js', imports: ['_renderer-M.js', '_react-R.js'] },
  'src/screens/page/SharedPageScreen.tsx': { file: 'assets/SharedPageScreen-P.js', imports: ['_renderer-M.js'] },
  'src/screens/user/LoginScreen.tsx': { file: 'assets/LoginScreen-L.js' },
};
const APP_JS = `console.log(${JSON.stringify('quire '.repeat(400))})`;

let app: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dir, 'assets', 'app-A.js'), APP_JS);
  fs.writeFileSync(path.join(dir, 'assets', 'app-A.js.br'), zlib.brotliCompressSync(APP_JS));
  fs.writeFileSync(path.join(dir, 'assets', 'app-A.js.gz'), zlib.gzipSync(APP_JS));
  app = await startTestApp({ config: { clientDist: dir } });
}, 120_000);
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** raw bytes and headers: fetch would undo the encoding and hide what was sent */
async function rawGet(url: string, acceptEncoding: string) {
  const res = await app.fetch(url, { headers: { 'Accept-Encoding': acceptEncoding } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('static client', () => {
  it('sends the brotli twin to a browser that accepts br, gzip to one that accepts only gzip, plain otherwise', async () => {
    const br = await app.fetch('/assets/app-A.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(br.headers.get('cache-control')).toMatch(/immutable/);
    expect(await br.text()).toBe(APP_JS);

    const gz = await app.fetch('/assets/app-A.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(APP_JS);

    const plain = await rawGet('/assets/app-A.js', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(APP_JS);
  });

  it('never serves the build manifest', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/manifest.json.br', '/%2evite/manifest.json']) {
      const res = await app.fetch(url);
      expect(await res.text(), url).not.toContain('ItemShowScreen');
    }
  });

  it("an item's address preloads the item display's chunks, once each and not those index.html already names", async () => {
    const html = await (await app.fetch('/42')).text();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ItemShowScreen-S.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/renderer-M.js">');
    expect(html.match(/react-R\.js/g)).toHaveLength(1);
    expect(html).not.toContain('LoginScreen');
    // a domain works the same
    expect(await (await app.fetch('/teamdocs?page_id=3')).text()).toContain('ItemShowScreen-S.js');
  });

  it('a share link preloads the shared-page screen; other routes get index.html unchanged', async () => {
    const shared = await (await app.fetch('/p/0123456789abcdef0123456789abcdef')).text();
    expect(shared).toContain('/assets/SharedPageScreen-P.js');
    expect(shared).not.toContain('ItemShowScreen');
    for (const url of ['/user/login', '/item/index', '/item', '/', '/page/edit/1/2']) {
      const res = await app.fetch(url);
      expect(res.headers.get('content-type'), url).toMatch(/text\/html/);
      expect(await res.text(), url).toBe(INDEX);
    }
  });
});

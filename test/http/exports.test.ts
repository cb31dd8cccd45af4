// Exports, opened as ShowDoc's clients open them (GET with user_token, or our session cookie):
// Word (.docx unzipped and read: headings, tables with a header row, code style, CJK fonts and
// text, pictures from local and object storage, links to other sites shown not fetched), the
// Markdown zip in ShowDoc's layout (info.json + .md files + attachments), the offline HTML zip
// (pages, menu, search index, no script from the network). Export needs edit rights; a member
// limited to some catalogs gets only those catalogs' pages, whatever the format.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { PNG as PNGJS } from 'pngjs';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, buildItem, makeUser, type Actor, type BuiltItem } from '../helpers/fixtures';
import { postFile } from '../helpers/upload';
import { startS3Double, type S3Double } from '../helpers/s3double';
import { jobs, pages } from '../../server/db/schema';
import { defaultOssSetting } from '../../server/domain/settings';

let app: TestApp;
let s3: S3Double;
let dataDir: string;
let owner: Actor, editor: Actor, reader: Actor, limited: Actor, stranger: Actor;
let item: BuiltItem;
let privateItem: BuiltItem;
let localImage: { url: string; bytes: Buffer };
let s3Image: { url: string; bytes: Buffer };

/** A real PNG of the given size (Word places pictures by their pixel size). */
function png(width: number, height: number): Buffer {
  const p = new PNGJS({ width, height });
  for (let i = 0; i < p.data.length; i += 4) p.data.set([30, 120, (i / 4) % 255, 255], i);
  return PNGJS.sync.write(p);
}

const RICH = [
  '# 概述 Overview',
  '',
  'Plain **bold** and *italic* and `inline code` and [a link](https://example.com/docs) and ~~gone~~.',
  '',
  '中文段落：接口文档的说明。',
  '',
  '1. first',
  '2. second',
  '   - nested bullet',
  '',
  '- [ ] to do',
  '- [x] done',
  '',
  '|参数名|必选|说明|',
  '|:---|:---:|---:|',
  '|user_id|是|用户 ID|',
  '',
  '```js',
  'const answer = 42; // 代码',
  '```',
  '',
  '> quoted words',
  '',
  '```mermaid',
  'graph TD; A-->B',
  '```',
  '',
  '$$',
  'E = mc^2',
  '$$',
  '',
  '![remote](https://images.example.com/remote.png)',
  '',
  '<script>alert("x")</script><img src="x" onerror="alert(1)">',
].join('\n');

async function download(url: string, token?: string, init: RequestInit = {}) {
  const res = await app.fetch(url + (token ? `&user_token=${token}` : ''), { redirect: 'manual', ...init });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}

async function unzip(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const text = async (name: string) => {
    const f = zip.file(name);
    if (!f) throw new Error(`${name} not in the archive: ${Object.keys(zip.files).join(', ')}`);
    return f.async('string');
  };
  return { zip, names: Object.keys(zip.files).filter((n) => !zip.files[n].dir), text, bytes: (name: string) => zip.file(name)!.async('nodebuffer') };
}

const envelope = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as { error_code: number; error_message?: string; data: unknown };

beforeAll(async () => {
  s3 = await startS3Double();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-export-'));
  app = await startTestApp({ config: { dataDir } });
  await makeUser(app, 'exp_first'); // the first account is an administrator
  owner = await makeUser(app, 'exp_owner');
  editor = await makeUser(app, 'exp_editor');
  reader = await makeUser(app, 'exp_reader');
  limited = await makeUser(app, 'exp_limited');
  stranger = await makeUser(app, 'exp_stranger');
  item = await buildItem(app, owner, {
    name: 'Handbook 手册',
    description: 'Team handbook',
    rootPages: [{ title: 'Welcome', sNumber: 1, content: RICH }, { title: 'API page', content: JSON.stringify({ info: { url: '/api/user/login', method: 'post', title: 'Login', description: '用户登录', apiStatus: '3' }, request: { params: { mode: 'formdata', formdata: [{ name: 'username', type: 'string', value: 'ann', require: '1', remark: '用户名' }] }, headers: [], query: [] }, response: { responseExample: '{"error_code":0}' } }) }],
    catalogs: [
      { name: 'Guide', sNumber: 1, pages: ['Install', 'Configure'], children: [{ name: 'Advanced', pages: ['Tuning'], children: [{ name: 'Internals', pages: ['Storage'] }] }] },
      { name: 'API', sNumber: 2, pages: ['Endpoints'] },
      { name: 'Empty', sNumber: 3 },
    ],
  });
  privateItem = await buildItem(app, owner, { name: 'Private', password: 'item-secret-1', rootPages: ['Secret'] });
  await addMember(app, item.itemId, editor, 1);
  await addMember(app, item.itemId, reader, 0);
  await addMember(app, item.itemId, limited, 1, [item.cats.Guide]);

  // an image on local disk in the root page, one on object storage in a page of the Guide
  localImage = { bytes: png(1200, 300), url: '' };
  const up = await postFile(app, '/api/page/uploadImg', { page_id: item.pages.Welcome }, { field: 'editormd-image-file', filename: 'diagram 图.png', bytes: localImage.bytes, type: 'image/png' }, owner.token);
  localImage.url = up.json.url;
  await app.deps.settings.save({
    oss_open: true,
    oss_setting: { ...defaultOssSetting(), oss_type: 's3_storage', endpoint: s3.url, bucket: s3.bucket, key: s3.accessKeyId, secret: s3.secretAccessKey, region: s3.region, protocol: 'http', subcat: 'docs' },
  });
  s3Image = { bytes: png(40, 20), url: '' };
  const up2 = await postFile(app, '/api/page/uploadImg', { page_id: item.pages.Install }, { field: 'editormd-image-file', filename: 's3.png', bytes: s3Image.bytes, type: 'image/png' }, owner.token);
  s3Image.url = up2.json.url;
  expect(s3.objects.size).toBe(1);
  const db = app.deps.db;
  await db.update(pages).set({ pageContent: `${RICH}\n\n![local diagram](${localImage.url})\n` }).where(eq(pages.pageId, item.pages.Welcome));
  await db.update(pages).set({ pageContent: `Install with care.\n\n![s3](${s3Image.url})\n\n![guide's picture again](${localImage.url})` }).where(eq(pages.pageId, item.pages.Install));
  await db.update(pages).set({ pageContent: '## Endpoints\n\nSecret API catalog text.' }).where(eq(pages.pageId, item.pages.Endpoints));
  app.deps.events.emit('reads.stale', { itemIds: [item.itemId], pageIds: Object.values(item.pages) });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await s3?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('Word export (.docx)', () => {
  let doc: string;
  let docx: Awaited<ReturnType<typeof unzip>>;

  beforeAll(async () => {
    const { res, bytes } = await download(`/api/export/word?item_id=${item.itemId}&cat_id=&page_id=0`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.docx"; filename\*=UTF-8''Handbook%20%E6%89%8B%E5%86%8C_\d{14}\.docx$/);
    docx = await unzip(bytes);
    if (process.env.DUMP_EXPORTS) fs.writeFileSync(path.join(process.env.DUMP_EXPORTS, 'item.docx'), bytes);
    doc = await docx.text('word/document.xml');
  });

  it('is a Word package: document, styles, numbering, a picture in word/media', () => {
    expect(docx.names).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml', 'word/styles.xml', 'word/numbering.xml', 'word/_rels/document.xml.rels', 'word/media/quire1.png', 'word/media/quire2.png']));
  });

  it('has a title page and a table of contents listing catalogs and pages', () => {
    expect(doc).toContain('<w:pStyle w:val="Title"/>');
    expect(doc).toMatch(/<w:t xml:space="preserve">Handbook 手册<\/w:t>/);
    expect(doc).toContain('TOC \\h \\o &quot;1-4&quot;');
    for (const title of ['Welcome', 'Guide', 'Install', 'Advanced', 'Internals', 'Storage', 'Endpoints']) expect(doc).toMatch(new RegExp(`w:anchor="_TocQ\\d+"><w:r><w:rPr><w:rStyle w:val="IndexLink"/></w:rPr><w:t xml:space="default">${title}</w:t>`));
  });

  it('turns catalogs into headings 1–3 and pages into the level below their catalog', () => {
    const headingOf = (text: string) => new RegExp(`<w:pStyle w:val="(Heading\\d)"/></w:pPr><w:bookmarkStart w:id="\\d+" w:name="_TocQ\\d+"/><w:r><w:t xml:space="preserve">${text}</w:t>`).exec(doc)?.[1];
    expect([headingOf('Welcome'), headingOf('Guide'), headingOf('Install'), headingOf('Advanced'), headingOf('Tuning'), headingOf('Internals'), headingOf('Storage'), headingOf('Empty')]).toEqual(['Heading1', 'Heading1', 'Heading2', 'Heading2', 'Heading3', 'Heading3', 'Heading4', 'Heading1']);
    // the page's own Markdown headings go below the deepest page level
    expect(doc).toContain('<w:pStyle w:val="Heading5"/></w:pPr><w:r><w:t xml:space="preserve">概述 Overview</w:t>');
  });

  it('renders Markdown as Word structure: runs, links, lists, a table with a header row, code, quotes', () => {
    expect(doc).toContain('<w:r><w:rPr><w:b/><w:bCs/></w:rPr><w:t xml:space="preserve">bold</w:t></w:r>');
    expect(doc).toContain('<w:r><w:rPr><w:i/><w:iCs/></w:rPr><w:t xml:space="preserve">italic</w:t></w:r>');
    expect(doc).toContain('<w:r><w:rPr><w:rStyle w:val="InlineCode"/></w:rPr><w:t xml:space="preserve">inline code</w:t></w:r>');
    expect(doc).toContain('<w:rPr><w:strike/></w:rPr><w:t xml:space="preserve">gone</w:t>');
    expect(doc).toMatch(/<w:hyperlink r:id="(rIdQh\d+)" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"\/><\/w:rPr><w:t xml:space="preserve">a link<\/w:t>/);
    // ordered list (its own numbering, counting from 1) with a nested bullet
    expect(doc).toMatch(/<w:numPr><w:ilvl w:val="0"\/><w:numId w:val="([2-9]|\d\d+)"\/><\/w:numPr><\/w:pPr><w:r><w:t xml:space="preserve">first<\/w:t>/);
    expect(doc).toContain('<w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">nested bullet</w:t>');
    expect(doc).toContain('☐ to do');
    expect(doc).toContain('☑ done');
    // a table whose first row is a header repeated on each page
    expect(doc).toMatch(/<w:tbl>.*?<w:tr><w:trPr><w:cantSplit\/><w:tblHeader\/><\/w:trPr><w:tc><w:tcPr><w:tcW w:w="\d+" w:type="dxa"\/><w:shd w:val="clear" w:color="auto" w:fill="E8EEF7"\/><\/w:tcPr><w:p><w:pPr><w:spacing w:after="0"\/><\/w:pPr><w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">参数名<\/w:t>/s);
    expect(doc).toContain('<w:jc w:val="center"/></w:pPr><w:r><w:rPr><w:b/><w:bCs/></w:rPr><w:t xml:space="preserve">必选</w:t>');
    // fenced code, Mermaid and math in the monospace Code style, as their source
    expect(doc).toContain('<w:pStyle w:val="Code"/></w:pPr><w:r><w:t xml:space="preserve">const answer = 42; // 代码</w:t>');
    expect(doc).toContain('<w:pStyle w:val="Code"/></w:pPr><w:r><w:t xml:space="preserve">graph TD; A--&gt;B</w:t>');
    expect(doc).toContain('<w:pStyle w:val="Code"/></w:pPr><w:r><w:t xml:space="preserve">E = mc^2</w:t>');
    expect(doc).toContain('<w:pStyle w:val="Quote"/></w:pPr><w:r><w:t xml:space="preserve">quoted words</w:t>');
  });

  it('writes CJK text with an East Asian font, and a monospace font for code', async () => {
    expect(doc).toContain('中文段落：接口文档的说明。');
    const styles = await docx.text('word/styles.xml');
    expect(styles).toMatch(/<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri"[^>]*w:eastAsia="Microsoft YaHei"/);
    expect(styles).toMatch(/<w:style w:type="paragraph" w:styleId="Code">.*?w:ascii="Consolas"[^>]*w:eastAsia="SimSun"/s);
    expect(styles).toMatch(/<w:lang w:val="en-US" w:eastAsia="zh-CN"\/>/);
  });

  it('embeds the item\'s pictures from local disk and object storage, scaled to the page; images elsewhere stay links', async () => {
    expect(await docx.bytes('word/media/quire1.png')).toEqual(localImage.bytes);
    expect(await docx.bytes('word/media/quire2.png')).toEqual(s3Image.bytes);
    const rels = await docx.text('word/_rels/document.xml.rels');
    expect(rels).toContain('<Relationship Id="rIdQi1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/quire1.png"/>');
    // 1200×300 px fit into the 600 px text width (EMU = px × 9525), the same file used twice is stored once
    expect(doc.match(/<a:blip r:embed="rIdQi1"\/>/g)).toHaveLength(2);
    expect(doc).toContain('<wp:extent cx="5715000" cy="1428750"/>');
    expect(doc).toContain('<wp:extent cx="381000" cy="190500"/>');
    // a picture on another site is never fetched: its address is shown as a link
    expect(doc).toContain('[remote] https://images.example.com/remote.png');
    expect(rels).toContain('Target="https://images.example.com/remote.png" TargetMode="External"');
    // raw HTML keeps no markup
    expect(doc).not.toContain('onerror');
    expect(doc).not.toContain('<script');
  });

  it('converts API pages to Markdown first (ShowDoc\'s sections)', () => {
    expect(doc).toContain('简要描述');
    expect(doc).toContain('用户登录');
    expect(doc).toContain('已完成');
    expect(doc).toContain('/api/user/login');
    expect(doc).toContain('<w:t xml:space="preserve">用户名</w:t>');
  });

  it('exports one catalog (with its sub-catalogs), named by its path', async () => {
    const { res, bytes } = await download(`/api/export/word?item_id=${item.itemId}&cat_id=${item.cats.Advanced}&page_id=0`, owner.token);
    expect(res.status).toBe(200);
    const d = await (await unzip(bytes)).text('word/document.xml');
    expect(d).toContain('Catalog: Guide / Advanced');
    expect(d).toContain('>Tuning<');
    expect(d).toContain('>Storage<');
    expect(d).not.toContain('>Install<');
    expect(d).not.toContain('>Welcome<');
  });

  it('exports one page', async () => {
    const { res, bytes } = await download(`/api/export/word?item_id=${item.itemId}&cat_id=${item.cats.API}&page_id=${item.pages.Endpoints}`, editor.token);
    expect(res.status).toBe(200);
    const d = await (await unzip(bytes)).text('word/document.xml');
    expect(d).toContain('Page: Endpoints');
    expect(d).toContain('Secret API catalog text.');
    expect(d).not.toContain('>Install<');
  });

  it('writes its texts in the caller\'s language', async () => {
    const { bytes } = await download(`/api/export/word?item_id=${item.itemId}&page_id=${item.pages.Install}&lang=zh-cn`, owner.token);
    const d = await (await unzip(bytes)).text('word/document.xml');
    expect(d).toContain('页面：Install');
    expect(d).toContain('<w:alias w:val="目录"/>');
  });
});

describe('Markdown export (ShowDoc layout)', () => {
  let md: Awaited<ReturnType<typeof unzip>>;
  let info: any;

  beforeAll(async () => {
    const { res, bytes } = await download(`/api/export/markdown?item_id=${item.itemId}`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    md = await unzip(bytes);
    if (process.env.DUMP_EXPORTS) fs.writeFileSync(path.join(process.env.DUMP_EXPORTS, 'item-md.zip'), bytes);
    info = JSON.parse(await md.text('info.json'));
  });

  it('holds info.json with the item and its catalog tree, like ShowDoc\'s', () => {
    expect(md.names[0]).toBe('info.json');
    expect(info).toMatchObject({ item_type: 1, item_name: 'Handbook 手册', item_description: 'Team handbook', password: '' });
    expect(info.members).toBeUndefined();
    expect(info.pages.pages.map((p: any) => p.page_title)).toEqual(['Welcome', 'API page']);
    expect(info.pages.catalogs.map((c: any) => c.cat_name)).toEqual(['Guide', 'API', 'Empty']);
    const guide = info.pages.catalogs[0];
    expect(guide).toMatchObject({ cat_id: item.cats.Guide, parent_cat_id: 0, level: 2, s_number: 1 });
    expect(guide.pages.map((p: any) => p.page_title)).toEqual(['Install', 'Configure']);
    expect(guide.catalogs[0]).toMatchObject({ cat_name: 'Advanced', level: 3 });
    expect(guide.catalogs[0].catalogs[0]).toMatchObject({ cat_name: 'Internals', level: 4, pages: [expect.objectContaining({ page_title: 'Storage', cat_id: item.cats.Internals })] });
    expect(Object.keys(guide.pages[0]).sort()).toEqual(['cat_id', 'page_comments', 'page_content', 'page_id', 'page_title', 's_number']);
  });

  it('keeps page contents HTML-escaped in info.json, as ShowDoc stores and exports them, and raw in the .md files', async () => {
    const welcome = info.pages.pages[0];
    expect(welcome.page_content).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(welcome.page_content).toContain(localImage.url.replace(/&/g, '&amp;'));
    const file = await md.text('Welcome.md');
    expect(file).toContain('<script>alert("x")</script>');
    expect(file).toContain('中文段落');
  });

  it('writes one .md per page in folders named after the catalogs', () => {
    expect(md.names).toEqual(
      expect.arrayContaining(['Welcome.md', 'API page.md', 'Guide/Install.md', 'Guide/Configure.md', 'Guide/Advanced/Tuning.md', 'Guide/Advanced/Internals/Storage.md', 'API/Endpoints.md']),
    );
  });

  it('adds the files the pages link to, linked relatively from the .md files and listed by sign in info.json', async () => {
    const entry = info.quire_attachments.find((a: any) => localImage.url.includes(a.sign));
    expect(entry).toMatchObject({ display_name: 'diagram 图.png', file_type: 'image/png' });
    expect(entry.path).toMatch(/^attachments\/\d+_diagram 图\.png$/);
    expect(await md.bytes(entry.path)).toEqual(localImage.bytes);
    expect(await md.text('Welcome.md')).toContain(`![local diagram](${encodeURI(entry.path)})`);
    expect(await md.text('Guide/Install.md')).toContain(`(${encodeURI(`../${entry.path}`)})`);
    const onS3 = info.quire_attachments.find((a: any) => s3Image.url.includes(a.sign));
    expect(await md.bytes(onS3.path)).toEqual(s3Image.bytes);
  });

  it('writes API pages\' .md files as Markdown (info.json keeps the page as stored)', async () => {
    expect(await md.text('API page.md')).toContain('##### 请求URL');
    expect(info.pages.pages[1].page_content).toContain('&quot;url&quot;:&quot;/api/user/login&quot;');
  });
});

describe('Offline HTML export', () => {
  let html: Awaited<ReturnType<typeof unzip>>;

  beforeAll(async () => {
    const { res, bytes } = await download(`/api/exportHtml/export?item_id=${item.itemId}`, owner.token);
    expect(res.status).toBe(200);
    html = await unzip(bytes);
    if (process.env.DUMP_EXPORTS) fs.writeFileSync(path.join(process.env.DUMP_EXPORTS, 'item-html.zip'), bytes);
  });

  it('holds index.html, one page per page, the menu data, the search index and the assets', () => {
    const pageFiles = Object.values(item.pages).map((id) => `pages/page-${id}.html`);
    expect(html.names).toEqual(
      expect.arrayContaining(['index.html', 'README.txt', 'assets/js/data.js', 'assets/js/search-index.js', 'assets/js/app.js', 'assets/css/app.css', 'assets/css/highlight.css', 'assets/katex/katex.min.css', 'assets/mermaid/mermaid.min.js', ...pageFiles]),
    );
    expect(html.names.some((n) => n.startsWith('assets/katex/fonts/') && n.endsWith('.woff2'))).toBe(true);
  });

  it('renders pages with the site\'s sanitised pipeline: highlighted code, KaTeX, a Mermaid placeholder, no scripts from the page', async () => {
    const page = await html.text(`pages/page-${item.pages.Welcome}.html`);
    expect(page).toContain('<h1 class="page-title">Welcome</h1>');
    expect(page).toContain('<span class="hljs-keyword">const</span>');
    expect(page).toContain('class="math-block is-rendered" data-math="display"><span class="katex-display">');
    expect(page).toContain('<div class="mermaid-block" data-mermaid="1">graph TD; A--&gt;B\n</div>');
    expect(page).toContain('<th>必选</th>'); // (the page holds raw HTML: sanitised, styles dropped, as the site shows it)
    expect(page).not.toMatch(/<script>alert|onerror=/);
    expect(page).toContain('<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer nofollow">a link</a>');
  });

  it('opens from disk: every script and stylesheet is a relative file of the archive', async () => {
    for (const name of html.names.filter((n) => n.endsWith('.html'))) {
      const page = await html.text(name);
      const refs = [...page.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
      expect(refs.length).toBeGreaterThan(2);
      for (const ref of refs) {
        expect(ref).not.toMatch(/^(?:[a-z]+:|\/)/i);
        expect(html.names).toContain(path.posix.normalize(path.posix.join(path.posix.dirname(name), ref)));
      }
    }
    const app_ = await html.text('assets/js/app.js');
    expect(app_).not.toMatch(/fetch\(|XMLHttpRequest|https?:\/\//);
  });

  it('copies the pictures and links them relatively', async () => {
    const page = await html.text(`pages/page-${item.pages.Welcome}.html`);
    const src = /<img src="(\.\.\/assets\/uploads\/[^"]+)" alt="local diagram"/.exec(page)?.[1];
    expect(src).toMatch(/^\.\.\/assets\/uploads\/.+\.png$/);
    expect(await html.bytes(path.posix.normalize(path.posix.join('pages', decodeURI(src!))))).toEqual(localImage.bytes);
  });

  it('carries the catalog menu and a search index of titles and text', async () => {
    const data = await html.text('assets/js/data.js');
    const project = JSON.parse(data.replace(/^window\.PROJECT_DATA = /, '').replace(/;\n$/, ''));
    expect(project.catalogs.map((c: any) => c.cat_name)).toEqual(['Guide', 'Advanced', 'Internals', 'API', 'Empty']);
    expect(project.order).toEqual(['Welcome', 'API page', 'Install', 'Configure', 'Tuning', 'Storage', 'Endpoints'].map((t) => String(item.pages[t])));
    const search = JSON.parse((await html.text('assets/js/search-index.js')).replace(/^window\.SEARCH_INDEX = /, '').replace(/;\n$/, ''));
    expect(search.find((s: any) => s.page_title === 'Endpoints').text).toContain('Secret API catalog text.');
    expect(await html.text('index.html')).toContain('<a href="pages/page-' + item.pages.Storage + '.html">Storage</a>');
  });
});

describe('who may export', () => {
  const urls = () => [`/api/export/word?item_id=${item.itemId}`, `/api/export/markdown?item_id=${item.itemId}`, `/api/exportHtml/export?item_id=${item.itemId}`];

  it('members with edit rights may; read-only members and strangers may not (spec: export is the item editor\'s right)', async () => {
    for (const url of urls()) {
      expect((await download(url, editor.token)).res.status).toBe(200);
      for (const who of [reader, stranger]) {
        const { res, bytes } = await download(url, who.token);
        expect(res.status).toBe(200);
        expect(envelope(bytes)).toMatchObject({ error_code: 10103 });
      }
    }
  });

  it('anonymous callers are asked to log in; a private item asks strangers for its password', async () => {
    for (const url of urls()) expect(envelope((await download(url)).bytes).error_code).toBe(10102);
    expect(envelope((await download(`/api/export/word?item_id=${privateItem.itemId}`, stranger.token)).bytes).error_code).toBe(10307);
    expect(envelope((await download(`/api/export/word?item_id=${privateItem.itemId}&_item_pwd=item-secret-1`, stranger.token)).bytes).error_code).toBe(10103);
  });

  it('the session cookie opens a download by navigation, not when another site sends it', async () => {
    const cookie = `cookie_token=${owner.token}`;
    const own = await download(`/api/export/markdown?item_id=${item.itemId}`, undefined, { headers: { Cookie: cookie } });
    expect(own.res.status).toBe(200);
    expect(own.res.headers.get('content-type')).toBe('application/zip');
    const foreign = await download(`/api/export/markdown?item_id=${item.itemId}`, undefined, { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } });
    expect(envelope(foreign.bytes).error_code).toBe(10102);
  });

  it('a member limited to a catalog gets only that catalog, in every format', async () => {
    const docx = await unzip((await download(`/api/export/word?item_id=${item.itemId}`, limited.token)).bytes);
    const word = await docx.text('word/document.xml');
    expect(word).toContain('>Install<');
    expect(word).toContain('>Storage<');
    expect(word).not.toMatch(/>Welcome<|>Endpoints<|Secret API catalog text|>API page</);
    // the root page's picture is linked from their catalog too, but it is bound to a page they may not read
    expect(docx.names.filter((n) => n.startsWith('word/media/'))).toEqual(['word/media/quire1.png']);
    expect(await docx.bytes('word/media/quire1.png')).toEqual(s3Image.bytes);

    const zip = await unzip((await download(`/api/export/markdown?item_id=${item.itemId}`, limited.token)).bytes);
    const info = JSON.parse(await zip.text('info.json'));
    expect(info.pages.pages).toEqual([]);
    expect(info.pages.catalogs.map((c: any) => c.cat_name)).toEqual(['Guide']);
    expect(zip.names.filter((n) => n.endsWith('.md')).sort()).toEqual(['Guide/Advanced/Internals/Storage.md', 'Guide/Advanced/Tuning.md', 'Guide/Configure.md', 'Guide/Install.md']);
    expect(info.quire_attachments.map((a: any) => a.display_name)).toEqual(['s3.png']);

    const html = await unzip((await download(`/api/exportHtml/export?item_id=${item.itemId}`, limited.token)).bytes);
    expect(html.names.filter((n) => n.startsWith('pages/')).sort()).toEqual([item.pages.Install, item.pages.Configure, item.pages.Tuning, item.pages.Storage].map((id) => `pages/page-${id}.html`).sort());
    expect(await html.text('assets/js/search-index.js')).not.toContain('Secret API catalog text');

    for (const url of [`/api/export/word?item_id=${item.itemId}&cat_id=${item.cats.API}`, `/api/export/word?item_id=${item.itemId}&page_id=${item.pages.Welcome}`, `/api/export/word?item_id=${item.itemId}&page_id=${item.pages.Endpoints}`]) {
      expect(envelope((await download(url, limited.token)).bytes).error_code).toBe(10103);
    }
  });

  it('a page or catalog of another item is not found', async () => {
    const other = await buildItem(app, owner, { rootPages: ['Elsewhere'], catalogs: [{ name: 'Far' }] });
    expect(envelope((await download(`/api/export/word?item_id=${item.itemId}&page_id=${other.pages.Elsewhere}`, owner.token)).bytes)).toMatchObject({ error_code: 10101 });
    expect(envelope((await download(`/api/export/word?item_id=${item.itemId}&cat_id=${other.cats.Far}`, owner.token)).bytes)).toMatchObject({ error_code: 10101 });
  });

  it('archived items and spreadsheet items are not exported', async () => {
    const archived = await buildItem(app, owner, { archived: true, rootPages: ['Old'] });
    expect(envelope((await download(`/api/export/word?item_id=${archived.itemId}`, owner.token)).bytes)).toMatchObject({ error_code: 10103 });
    const sheet = await buildItem(app, owner, { itemType: 4, rootPages: ['Sheet'] });
    expect(envelope((await download(`/api/export/markdown?item_id=${sheet.itemId}`, owner.token)).bytes).error_message).toMatch(/spreadsheet/);
  });
});

describe('large exports become jobs', () => {
  let big: BuiltItem;
  // the real queue stores each job's row first; this app runs no jobs, so they stay queued
  // (job ids sort in the order the jobs were made)
  const bigJobs = async () =>
    (await app.deps.db.select().from(jobs).where(eq(jobs.itemId, big.itemId)).orderBy(asc(jobs.id))).map((j) => ({
      id: j.id,
      kind: j.kind,
      state: j.state,
      data: j.data,
      owner: { uid: j.uid, itemId: j.itemId },
    }));
  const queuedSince = async (before: number) => (await bigJobs()).slice(before);

  beforeAll(async () => {
    big = await buildItem(app, owner, { name: 'Big', rootPages: Array.from({ length: 51 }, (_, i) => `Page ${i + 1}`) });
  });

  it('up to 50 pages the file comes back; more and the navigation goes to the Downloads screen with a queued job', async () => {
    const since = (await bigJobs()).length;
    const { res } = await download(`/api/export/word?item_id=${big.itemId}&cat_id=0&page_id=0`, owner.token);
    expect(res.status).toBe(302);
    let queued = await queuedSince(since);
    expect(queued).toEqual([{ id: expect.any(String), kind: 'export.word', state: 'queued', data: { itemId: big.itemId, lang: 'en' }, owner: { uid: owner.uid, itemId: big.itemId } }]);
    expect(res.headers.get('location')).toBe(`/downloads?job=${queued[0].id}`);
    const html = await download(`/api/exportHtml/export?item_id=${big.itemId}&lang=zh-cn`, owner.token);
    queued = await queuedSince(since);
    expect(queued).toHaveLength(2);
    expect(html.res.headers.get('location')).toBe(`/downloads?job=${queued[1].id}`);
    expect(queued[1]).toMatchObject({ kind: 'export.html', data: { itemId: big.itemId, lang: 'zh' } });
    // the job is its user's: it shows in their Downloads list
    const listed = await app.call('job/list', {}, { token: owner.token });
    expect(listed.data.map((j: { job_id: string }) => j.job_id)).toEqual(expect.arrayContaining(queued.map((j) => j.id)));
    // one page of the big item is small
    expect((await download(`/api/export/word?item_id=${big.itemId}&page_id=${big.pages['Page 3']}`, owner.token)).res.status).toBe(200);
  });

  it('the Export screen asks export/start: an address for small exports, a job for large ones', async () => {
    const since = (await bigJobs()).length;
    const small = await app.call('export/start', { item_id: item.itemId, format: 'markdown' }, { token: owner.token });
    expect(small).toEqual({ error_code: 0, data: { mode: 'file', url: `/api/export/markdown?item_id=${item.itemId}`, job_id: '', pages: 7 } });
    const one = await app.call('export/start', { item_id: item.itemId, format: 'word', cat_id: item.cats.Guide, page_id: 0 }, { token: limited.token });
    expect(one.data).toMatchObject({ mode: 'file', url: `/api/export/word?item_id=${item.itemId}&cat_id=${item.cats.Guide}&page_id=0`, pages: 4 });
    const large = await app.call('export/start', { item_id: big.itemId, format: 'word', cat_id: 0, page_id: 0 }, { token: owner.token });
    const queued = await queuedSince(since);
    expect(queued).toMatchObject([{ kind: 'export.word', state: 'queued', owner: { uid: owner.uid } }]);
    expect(large.data).toEqual({ mode: 'job', url: `/downloads?job=${queued[0].id}`, job_id: queued[0].id, pages: 51 });
    expect((await app.call('export/start', { item_id: big.itemId, format: 'pdf' }, { token: owner.token })).error_code).toBe(10101);
    expect((await app.call('export/start', { item_id: item.itemId, format: 'word' }, { token: reader.token })).error_code).toBe(10103);
    expect((await app.call('export/start', { item_id: item.itemId })).error_code).toBe(10102);
  });

  it('export/checkMarkdownLimit answers [] to logged-in callers, as ShowDoc\'s open-source server', async () => {
    expect(await app.call('export/checkMarkdownLimit', { export_format: 'markdown' }, { token: reader.token })).toEqual({ error_code: 0, data: [] });
    expect((await app.call('export/checkMarkdownLimit', { export_format: 'markdown' })).error_code).toBe(10102);
  });
});

// The shared renderer with the server's sanitizer (isomorphic-dompurify): structure, inert
// placeholders for Mermaid/KaTeX, and the security.md §2.6 catalogue rendering inert.
import { describe, expect, it } from 'vitest';
import DOMPurify from 'isomorphic-dompurify';
import { Window } from 'happy-dom';
import { contentFeatures, createRenderer, SANITIZE_CONFIG } from './render';

const renderer = createRenderer({ sanitize: (html) => DOMPurify.sanitize(html, SANITIZE_CONFIG as any) as unknown as string });
const render = (src: string) => renderer.render(src);

describe('shared markdown renderer', () => {
  it('headings get anchors and plain-text TOC entries', () => {
    const r = render('# Hello **World**\n\n## `code` and $x$\n\n### 中文 标题');
    expect(r.headings).toEqual([
      { level: 1, text: 'Hello World', id: 'hello-world' },
      { level: 2, text: 'code and x', id: expect.any(String) },
      { level: 3, text: '中文 标题', id: encodeURIComponent('中文-标题') },
    ]);
    expect(r.html).toContain('<h1 id="hello-world">');
  });

  it('GFM tables scroll in a wrapper, task lists become inert boxes', () => {
    const r = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo');
    expect(r.html).toContain('<div class="table-wrap"><table>');
    expect(r.html).toContain('task-list-item-checkbox is-checked');
    expect(r.html).not.toContain('<input');
  });

  it('Mermaid and math become escaped placeholders; features are detected', () => {
    const r = render('```mermaid\ngraph TD\nA["<img src=x onerror=alert(1)>"]\n```\n\n$a<b$ and $$\\frac{1}{2}$$\n\n$$\nx^2\n$$\n\n```js\nlet a\n```');
    expect(r.html).toContain('data-mermaid="1"');
    expect(r.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(r.html).toContain('<span class="math-inline" data-math="inline">a&lt;b</span>');
    expect(r.html).toContain('data-math="display">\\frac{1}{2}</span>');
    expect(r.html).toContain('<div class="math-block" data-math="display">x^2</div>');
    expect(contentFeatures(r.html)).toEqual({ code: true, mermaid: true, math: true });
    expect(contentFeatures(render('plain').html)).toEqual({ code: false, mermaid: false, math: false });
  });

  it('prices with dollars stay text', () => {
    expect(render('It costs $5 and $10 today').html).not.toContain('data-math');
  });

  it('external links open safely, images load lazily without referrer', () => {
    const r = render('[x](https://example.com) [y](/local) ![i](https://img.example/a.png)');
    expect(r.html).toMatch(/<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer nofollow">/);
    expect(r.html).toContain('<a href="/local">');
    expect(r.html).toMatch(/<img[^>]+loading="lazy"[^>]+referrerpolicy="no-referrer"/);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](javascript&#58;alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[x](vbscript:msgbox(1))',
    '![x](javascript:alert(1))',
    '<img src="x" onerror="alert(1)">',
    '<svg onload="alert(1)"></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<svg><a xlink:href="javascript:alert(1)"><text y=20>x</text></a></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<details open ontoggle="alert(1)">x</details>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<form action="javascript:alert(1)"><button>x</button></form>',
    '<a href="jAvAsCrIpT:alert(1)">x</a>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<base href="https://evil.example/">',
    '<style>body{display:none}</style><div style="position:fixed;inset:0">fake login</div>',
    '<object data="data:text/html,<script>alert(1)</script>"></object>',
    '<embed src="javascript:alert(1)">',
  ])('renders %s inert', (src) => {
    const html = render(src).html;
    expect(html).not.toMatch(/<(script|iframe|object|embed|form|button|meta|base|style|input)\b/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/(href|src|action|data)="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/srcdoc/i);
  });

  it('without raw HTML the sanitizer is skipped, and would have changed nothing', () => {
    const raw = createRenderer({ sanitize: () => 'SANITIZED' });
    const normalize = (html: string) => {
      const doc = new Window().document;
      doc.body.innerHTML = html;
      return doc.body.innerHTML;
    };
    const purify = (html: string) => DOMPurify.sanitize(html, SANITIZE_CONFIG as any) as unknown as string;
    const corpus = [
      '# T\n\n**b** _i_ `c` [l](https://x.example/a?b=1&c=2) ![i](https://x.example/i.png "t") <https://auto.example> www.linkify.example',
      '[x](javascript:alert(1)) [x](JaVaScRiPt:alert(1)) [x](javascript&#58;alert(1)) [x](java&#x09;script:alert(1)) [x](%6Aavascript:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD4=) [x](vbscript:msgbox(1)) ![x](x"onerror="alert(1)) ![x](javascript:alert(1)) [x](//evil.example)',
      '![ok](data:image/png;base64,iVBORw0KGgo=) [x](file:///etc/passwd) [mail](mailto:a@b.example)',
      '- [x] done\n- [ ] todo\n\n| a | b |\n|---|---|\n| <1> | "q" |\n\n> quote &amp; &lt;tag&gt;',
      '```js\nconst a = "<script>alert(1)</script>";\n```\n\n```mermaid\ngraph TD\nA["<img src=x onerror=alert(1)>"]\n```\n\n$<b>$ $$\\href{javascript:alert(1)}{x}$$',
      '{{constructor.constructor(\'alert(1)\')()}} \\<script> &lt;script&gt; `<img onerror=x>`',
    ];
    for (const src of corpus) {
      const out = raw.render(src).html;
      expect(out, src).not.toBe('SANITIZED');
      expect(purify(out), src).toBe(normalize(out));
    }
    // raw HTML anywhere (block or inline) goes through the sanitizer
    expect(raw.render('<div>x</div>').html).toBe('SANITIZED');
    expect(raw.render('a <b>b</b>').html).toBe('SANITIZED');
    expect(raw.render('- [x] a <i>b</i>').html).toBe('SANITIZED');
  });

  it('survives deep nesting and long bracket runs', () => {
    const t = Date.now();
    render('>'.repeat(10_000) + ' x\n\n' + '['.repeat(100_000));
    expect(Date.now() - t).toBeLessThan(10_000);
  });
});

describe('rewriteUrl (the browser reads loopback attachment links as its own)', () => {
  const own = createRenderer({ sanitize: (html) => html, rewriteUrl: (url) => (url.startsWith('http://localhost/') ? url.slice('http://localhost'.length) : null) });
  it('rewrites images and links it is given, leaves the rest, and the link rules see the new address', () => {
    const html = own.render('![a](http://localhost/f.png) [b](http://localhost/f.pdf) [c](https://example.com/x)').html;
    expect(html).toContain('<img src="/f.png" alt="a"');
    expect(html).toContain('<a href="/f.pdf">b</a>');
    expect(html).toContain('href="https://example.com/x" target="_blank"');
  });
});

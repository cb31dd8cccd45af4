// The HTML of an offline export's pages: every address relative (the folder is opened from disk,
// with no server and no network), the page's sanitised content, and the scripts it needs.
import type { Lang } from '../run';

export const UI = {
  en: {
    search: 'Search pages…',
    noResults: 'No results',
    overview: 'This is an offline copy of the documentation: open any page from the menu, or search with the box above.',
    exported: 'Exported on {date}',
    menu: 'Menu',
    readme:
      'Offline documentation: {name}\n=====\n\nExported from Quire on {date}.\n\n1. Unzip this archive into any folder.\n2. Open index.html in a web browser.\n3. Use the menu on the left, or the search box at the top.\n\nEverything the pages need is inside the folder: no server and no network are needed.\nThis copy is read-only; export again to get newer versions of the pages.\n',
  },
  zh: {
    search: '搜索页面…',
    noResults: '没有结果',
    overview: '这是一个离线文档包：从左侧目录打开页面，或使用上方的搜索框查找。',
    exported: '导出于 {date}',
    menu: '目录',
    readme:
      '离线文档：{name}\n=====\n\n由 Quire 导出于 {date}。\n\n1. 把压缩包解压到任意目录。\n2. 用浏览器打开 index.html。\n3. 使用左侧目录导航，或使用顶部搜索框查找内容。\n\n页面需要的文件都在此目录中，无需服务器和网络。\n此文档包为只读版本，如需更新请重新导出。\n',
  },
} as const;

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);
export const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_m, k: string) => String(vars[k] ?? ''));

export interface PageAssets {
  math: boolean;
  mermaid: boolean;
}

interface Frame {
  lang: Lang;
  itemName: string;
  title: string;
  /** '' for index.html, '../' for pages/ */
  base: string;
  pageId: string;
  main: string;
  assets: PageAssets;
}

function frame(f: Frame): string {
  const b = f.base;
  const css = [`${b}assets/css/app.css`, `${b}assets/css/highlight.css`, ...(f.assets.math ? [`${b}assets/katex/katex.min.css`] : [])];
  const js = [`${b}assets/js/data.js`, `${b}assets/js/search-index.js`, ...(f.assets.mermaid ? [`${b}assets/mermaid/purify.min.js`, `${b}assets/mermaid/mermaid.min.js`] : []), `${b}assets/js/app.js`];
  return `<!DOCTYPE html>
<html lang="${f.lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(f.title)}</title>
${css.map((h) => `<link rel="stylesheet" href="${h}">`).join('\n')}
</head>
<body data-base="${b}" data-page-id="${escapeHtml(f.pageId)}">
<header class="header">
<button class="menu-toggle" id="menuToggle" type="button">☰ ${escapeHtml(UI[f.lang].menu)}</button>
<h1 class="project-name"><a href="${b}index.html">${escapeHtml(f.itemName)}</a></h1>
<div class="search-box"><input type="search" id="searchInput" autocomplete="off"><div id="searchResults" class="search-results" hidden></div></div>
</header>
<div class="container">
<aside class="sidebar" id="sidebar"><nav id="catalogTree" class="catalog-tree"></nav></aside>
<main class="main-content">
${f.main}
</main>
</div>
${js.map((s) => `<script src="${s}"></script>`).join('\n')}
</body>
</html>
`;
}

export function pageHtml(o: { lang: Lang; itemName: string; pageId: number; title: string; content: string; assets: PageAssets }): string {
  return frame({
    lang: o.lang,
    itemName: o.itemName,
    title: `${o.title} - ${o.itemName}`,
    base: '../',
    pageId: String(o.pageId),
    assets: o.assets,
    main: `<article class="page-content">\n<h1 class="page-title">${escapeHtml(o.title)}</h1>\n<div class="markdown-body">${o.content}</div>\n<nav class="page-nav" id="pageNav"></nav>\n</article>`,
  });
}

export function indexHtml(o: { lang: Lang; itemName: string; description: string; date: string; menu: string }): string {
  const t = UI[o.lang];
  return frame({
    lang: o.lang,
    itemName: o.itemName,
    title: o.itemName,
    base: '',
    pageId: '0',
    assets: { math: false, mermaid: false },
    main:
      `<article class="page-content">\n<h1 class="page-title">${escapeHtml(o.itemName)}</h1>\n` +
      (o.description ? `<p class="project-description">${escapeHtml(o.description)}</p>\n` : '') +
      `<p>${escapeHtml(t.overview)}</p>\n<p class="project-description">${escapeHtml(fill(t.exported, { date: o.date }))}</p>\n<nav class="overview-menu">${o.menu}</nav>\n</article>`,
  });
}

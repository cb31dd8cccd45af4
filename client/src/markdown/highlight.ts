// highlight.js core plus a handful of languages, each fetched on first use.
import hljs from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';
import 'highlight.js/styles/github.css';

type Loader = () => Promise<{ default: LanguageFn }>;

const loaders: Record<string, Loader> = {
  javascript: () => import('highlight.js/lib/languages/javascript'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  json: () => import('highlight.js/lib/languages/json'),
  bash: () => import('highlight.js/lib/languages/bash'),
  shell: () => import('highlight.js/lib/languages/shell'),
  python: () => import('highlight.js/lib/languages/python'),
  java: () => import('highlight.js/lib/languages/java'),
  go: () => import('highlight.js/lib/languages/go'),
  php: () => import('highlight.js/lib/languages/php'),
  sql: () => import('highlight.js/lib/languages/sql'),
  xml: () => import('highlight.js/lib/languages/xml'),
  css: () => import('highlight.js/lib/languages/css'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  rust: () => import('highlight.js/lib/languages/rust'),
  diff: () => import('highlight.js/lib/languages/diff'),
  ini: () => import('highlight.js/lib/languages/ini'),
  nginx: () => import('highlight.js/lib/languages/nginx'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
};

const aliases: Record<string, string> = {
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', node: 'javascript',
  ts: 'typescript', tsx: 'typescript',
  sh: 'bash', zsh: 'bash', console: 'shell',
  py: 'python', golang: 'go',
  html: 'xml', htm: 'xml', svg: 'xml', vue: 'xml',
  yml: 'yaml', md: 'markdown', h: 'c', 'c++': 'cpp', cs: 'csharp', 'c#': 'csharp', rs: 'rust',
  toml: 'ini', docker: 'dockerfile', patch: 'diff', mysql: 'sql', postgresql: 'sql', pgsql: 'sql',
};

export function resolveLanguage(lang: string): string | null {
  const l = lang.toLowerCase();
  const name = aliases[l] ?? l;
  return name in loaders ? name : null;
}

const loading = new Map<string, Promise<void>>();

function ensureLanguage(name: string): Promise<void> {
  let p = loading.get(name);
  if (!p) {
    p = loaders[name]().then((m) => hljs.registerLanguage(name, m.default));
    loading.set(name, p);
  }
  return p;
}

export async function highlightWithin(root: HTMLElement): Promise<void> {
  const blocks = Array.from(root.querySelectorAll<HTMLElement>('pre > code[class*="language-"]'));
  await Promise.all(
    blocks.map(async (code) => {
      const m = /language-([\w#+.-]+)/.exec(code.className);
      const name = m ? resolveLanguage(m[1]) : null;
      if (!name || code.dataset.highlighted) return;
      await ensureLanguage(name);
      // highlight.js escapes the code itself; the element holds text only
      const { value } = hljs.highlight(code.textContent ?? '', { language: name, ignoreIllegals: true });
      code.innerHTML = value;
      code.classList.add('hljs');
      code.dataset.highlighted = 'yes';
    }),
  );
}

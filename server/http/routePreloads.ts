// index.html names only the entry's chunks; the screen of a reader route would load after the
// entry ran (a round trip later). For the reader routes the served page also lists the screen's
// chunks as modulepreload links, read from the build manifest, so they download with the entry.
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** client routes (spec §2) whose screen is worth preloading, and the screen's source file */
const SCREENS: [RegExp, string][] = [
  [/^\/p\/[^/]+\/?$/, 'src/screens/page/SharedPageScreen.tsx'],
  [/^\/page\/\d+\/?$/, 'src/screens/page/PageViewScreen.tsx'],
  // one segment that is not another screen's prefix: an item id or domain
  [/^\/(?!(?:user|item|admin|team|notice|attachment|catalog|page|p)\/?$)[^/.]+\/?$/, 'src/screens/itemShow/ItemShowScreen.tsx'],
];

function chunkClosure(manifest: Manifest, start: string): string[] {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return [...seen].map((k) => `/${manifest[k].file}`);
}

/** Returns html(pathname): index.html with the route's extra preload links (cached per screen). */
export function routePreloads(root: string, indexHtml: string): (pathname: string) => string {
  let manifest: Manifest | null = null;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    // a build without a manifest: serve index.html as it is
  }
  const pages = new Map<string, string>();
  return (pathname) => {
    const screen = manifest && SCREENS.find(([re]) => re.test(pathname))?.[1];
    if (!manifest || !screen || !manifest[screen]) return indexHtml;
    let html = pages.get(screen);
    if (html === undefined) {
      const links = chunkClosure(manifest, screen)
        .filter((file) => !indexHtml.includes(`"${file}"`))
        .map((file) => `    <link rel="modulepreload" crossorigin href="${file}">`);
      html = indexHtml.replace('</head>', `${links.join('\n')}\n  </head>`);
      pages.set(screen, html);
    }
    return html;
  };
}

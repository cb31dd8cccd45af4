// The JavaScript a reader's browser must fetch before the item display can render: the entry
// chunk and the item-display route chunk, with everything they import statically (lazy chunks —
// editor, dialogs, mermaid, KaTeX, the socket client — are not counted). Read from Vite's manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  route: string;
  jsGzipKb: number;
  cssGzipKb: number;
  files: number;
}

/** Reader routes and the source file of their screen (manifest keys are relative to client/). */
export const READER_ROUTES: Record<string, string> = {
  '/:item_id': 'src/screens/itemShow/ItemShowScreen.tsx',
  '/page/:page_id': 'src/screens/page/PageViewScreen.tsx',
  '/p/:unique_key': 'src/screens/page/SharedPageScreen.tsx',
};

function gzipKb(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

export function measureRoute(distDir: string, manifest: Manifest, route: string, screen: string): RouteBundle {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  if (!manifest[screen]) throw new Error(`${screen} is not a chunk of the build`);
  const seen = new Set<string>();
  const stack = [entry, screen];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  let js = 0;
  let css = 0;
  const cssFiles = new Set<string>();
  for (const key of seen) {
    js += gzipKb(path.join(distDir, manifest[key].file));
    for (const c of manifest[key].css ?? []) cssFiles.add(c);
  }
  for (const c of cssFiles) css += gzipKb(path.join(distDir, c));
  return { route, jsGzipKb: js, cssGzipKb: css, files: seen.size };
}

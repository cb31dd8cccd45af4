// The API process loads at start only what serving needs: the large libraries of exports (docx,
// jszip, highlight.js, KaTeX), spreadsheets (exceljs), the ShowDoc import (sql.js) and MCP (the
// SDK) are imported dynamically, with the first job or request that needs them — about 35 MB of
// the 300 MB an API process may use (DESIGN §7). A static import from anywhere on the way from
// server/main.ts brings one back at start; this finds it, and names the path. (The mock
// sandbox's esbuild, qrcode, swagger-parser and openid-client likewise.)
import { describe, expect, it } from 'vitest';
import { build, type Metafile } from 'esbuild';

const LOADED_ON_DEMAND = ['docx', 'jszip', 'highlight.js', 'katex', 'exceljs', 'sql.js', '@modelcontextprotocol/sdk', 'esbuild', 'qrcode', '@apidevtools/swagger-parser', 'openid-client'];

async function staticGraph(entry: string): Promise<Metafile> {
  const r = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', packages: 'external', metafile: true, write: false, logLevel: 'silent' });
  return r.metafile;
}

/** for each package, the chain of static imports from the entry to a file that imports it */
function staticPaths(meta: Metafile, entry: string, packages: string[]): Record<string, string> {
  const found: Record<string, string> = {};
  const seen = new Set([entry]);
  const queue: string[][] = [[entry]];
  while (queue.length) {
    const chain = queue.shift()!;
    const file = chain[chain.length - 1];
    for (const i of meta.inputs[file]?.imports ?? []) {
      if (i.kind === 'dynamic-import') continue;
      if (i.external) {
        const pkg = packages.find((p) => i.path === p || i.path.startsWith(`${p}/`));
        if (pkg && !found[pkg]) found[pkg] = [...chain, i.path].join(' > ');
      } else if (!seen.has(i.path)) {
        seen.add(i.path);
        queue.push([...chain, i.path]);
      }
    }
  }
  return found;
}

describe('what the API process loads at start', () => {
  it('none of the on-demand libraries is imported statically from server/main.ts', async () => {
    const meta = await staticGraph('server/main.ts');
    expect(Object.keys(meta.inputs)).toContain('server/app.ts');
    expect(staticPaths(meta, 'server/main.ts', LOADED_ON_DEMAND)).toEqual({});
  }, 60_000);

  it('the check sees a static import: the export writers themselves import docx and jszip', async () => {
    const meta = await staticGraph('server/domain/exports/word.ts');
    const paths = staticPaths(meta, 'server/domain/exports/word.ts', LOADED_ON_DEMAND);
    expect(Object.keys(paths).sort()).toEqual(expect.arrayContaining(['docx', 'jszip']));
  }, 60_000);
});

// The server as plain JavaScript: esbuild bundles server/main.ts and workers/main.ts (with
// shared/) into dist/server, packages left to node_modules. `npm start` and `npm run workers` run
// these bundles instead of loading TypeScript through tsx, whose loader thread and compiler cost
// every API process about 35 MB of memory and a second of start-up (DESIGN §7 memory budget).
// Code splitting keeps what the sources load on demand (exports, imports, the mock sandbox) in
// chunks of their own, read on first use as before.
//   node scripts/buildServer.mjs            builds dist/server
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** where `npm start` and `npm run workers` find the bundles */
export const SERVER_DIST = path.join(root, 'dist/server');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.js');
export const WORKERS_ENTRY = path.join(SERVER_DIST, 'workers.js');

/** a chunk no build has written for this long is removed (a running server may still load an older build's chunk) */
const KEEP_OLD_CHUNKS_MS = 30 * 24 * 3600 * 1000;

/**
 * Bundles `entries` ({ outputName: sourceFile }) into `outdir` (inside the project, so packages
 * resolve from its node_modules). Returns the files written. Chunk names carry their content's
 * hash: a server still running an earlier build keeps finding the chunks it loads later, so a
 * build never removes a recent one.
 */
export function buildBundles(entries, outdir) {
  fs.mkdirSync(outdir, { recursive: true });
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // every package stays an import of node_modules, resolved at run time as before
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const written = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(root, f)));
  const chunks = path.join(outdir, 'chunks');
  const now = Date.now();
  for (const name of fs.existsSync(chunks) ? fs.readdirSync(chunks) : []) {
    const file = path.join(chunks, name);
    if (!written.has(file) && now - fs.statSync(file).mtimeMs > KEEP_OLD_CHUNKS_MS) fs.rmSync(file, { force: true });
  }
  // a chunk this build wrote again keeps its old mtime when unchanged; mark it as in use
  for (const file of written) fs.utimesSync(file, now / 1000, now / 1000);
  return [...written];
}

/** dist/server/server.js and dist/server/workers.js from the sources */
export function buildServer() {
  return buildBundles({ server: path.join(root, 'server/main.ts'), workers: path.join(root, 'workers/main.ts') }, SERVER_DIST);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  buildServer();
  console.log(`server built into ${path.relative(process.cwd(), SERVER_DIST) || '.'} in ${Date.now() - started} ms`);
}

// Files the server reads from its own source tree (migrations, export assets, the mock child's
// source), found from the project's root. A path relative to the module's own file would break
// when the server runs as the built bundle (dist/server, scripts/buildServer.mjs), where every
// module shares the bundle's location.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** the folder holding package.json: the repository root, from the sources or from dist/server */
// eslint-disable-next-line no-restricted-syntax -- the one module that starts from its own location: a walk up to package.json works from the bundle too
export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** a path inside the project, e.g. fromRoot('server/db/migrations') */
export const fromRoot = (...parts: string[]): string => path.join(projectRoot, ...parts);

// The server and workers processes tests start run the built bundles, as `npm start` and
// `npm run workers` do (scripts/buildServer.mjs), so what ships is what the suites test. Each test
// process builds its own copy once (under a second), in a folder of .tmp no other process writes to.
import fs from 'node:fs';
import path from 'node:path';
import { buildBundles } from '../../scripts/buildServer.mjs';

export interface ServerBuild {
  /** server/main.ts as a bundle */
  server: string;
  /** workers/main.ts as a bundle */
  workers: string;
}

let build: ServerBuild | null = null;

export function builtServer(): ServerBuild {
  if (build) return build;
  // inside the project: the bundles' packages resolve from its node_modules
  const dir = path.resolve(`.tmp/server-build/${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  buildBundles({ server: path.resolve('server/main.ts'), workers: path.resolve('workers/main.ts') }, dir);
  build = { server: path.join(dir, 'server.js'), workers: path.join(dir, 'workers.js') };
  return build;
}

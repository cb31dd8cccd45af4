// npm start: build the web client when it is missing or older than its sources, then run the
// server (TypeScript through tsx), forwarding signals so Ctrl+C and SIGTERM shut down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'client'), path.join(root, 'shared')];
const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (!builtAt || sources.some((d) => fs.existsSync(d) && newestMtime(d) > builtAt)) {
  console.log('quire: building the web client…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('quire: the web client build failed');
    process.exit(1);
  }
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

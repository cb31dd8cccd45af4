// npm start: build the web client when it is missing or older than its sources, build the server
// (scripts/buildServer.mjs: under a second), then run it, forwarding signals so Ctrl+C and SIGTERM
// shut down cleanly. `npm run workers` (this script with `workers`) builds and runs the job workers.
// Every step says what it does (a first start builds the client and creates the database, which
// takes a minute or two on a small machine): a newcomer must see it has not hung.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { servingUrl, stepLine, viteLinesWorthShowing } from './startOutput.mjs';
import { SERVER_ENTRY, WORKERS_ENTRY, buildServer } from './buildServer.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist/client/index.html');
const say = (text, elapsedMs) => console.log(stepLine(text, elapsedMs));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const workers = process.argv[2] === 'workers';
const sources = [path.join(root, 'client'), path.join(root, 'shared')];
const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (!workers && (!builtAt || sources.some((d) => fs.existsSync(d) && newestMtime(d) > builtAt))) {
  say(builtAt ? 'the web client changed: building it again (about a minute)…' : 'building the web client (about a minute on a first start)…');
  const started = Date.now();
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const ok = r.status === 0;
  for (const line of viteLinesWorthShowing(`${r.stdout ?? ''}${r.stderr ?? ''}`, ok)) console.log(line);
  if (!ok) {
    console.error('quire: the web client build failed (the lines above say why)');
    process.exit(1);
  }
  say('web client built', Date.now() - started);
}

// the server's TypeScript as plain JavaScript, from the sources as they are now
try {
  buildServer();
} catch (err) {
  console.error(`quire: the server build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
say(
  workers
    ? 'starting the job workers…'
    : 'starting the server: opening the database and applying its migrations (a first start creates it, which takes a while)…',
);
const started = Date.now();
const child = spawn(process.execPath, [workers ? WORKERS_ENTRY : SERVER_ENTRY], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { NODE_ENV: 'production', ...process.env },
});
// the server's lines pass through; its "serving" line gets a plain "ready" after it
let ready = false;
readline.createInterface({ input: child.stdout }).on('line', (line) => {
  console.log(line);
  const url = !ready && servingUrl(line);
  if (url) {
    ready = true;
    say(`ready at ${url} after ${((Date.now() - started) / 1000).toFixed(1)} s: open it in a browser (Ctrl+C stops the server)`);
  }
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

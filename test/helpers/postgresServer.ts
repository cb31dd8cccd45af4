// A PostgreSQL server of our own (initdb in a temporary folder, a free loopback port), so a test
// can stop and restart the real server without disturbing the shared one other suites use.
// As root, initdb and postgres refuse to run: they run as the postgres account then.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './cluster';

const run = promisify(execFile);

export interface PostgresServer {
  /** postgres://app@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** pg_ctl stop -m fast: running sessions are ended, as in a real restart */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops the server and removes its folder */
  destroy(): Promise<void>;
}

function binDir(): string {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const d = `/usr/lib/postgresql/${v}/bin`;
    if (fs.existsSync(path.join(d, 'initdb'))) return d;
  }
  throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)');
}

const asRoot = process.getuid?.() === 0;
/** runs a PostgreSQL program, as the postgres account when we are root */
const pg = (bin: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args], { cwd: '/' }) : run(bin, args));

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = binDir();
  const port = await freePort();
  // under /tmp, not the checkout: the postgres account may not be able to enter the checkout
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) await run('chown', ['-R', 'postgres:', dir]);
  await pg(path.join(bin, 'initdb'), ['-D', data, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const opts = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = async () => {
    await pg(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(data, 'log'), '-w', '-o', opts, 'start']);
  };
  const stop = async () => {
    await pg(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

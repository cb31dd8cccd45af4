import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeZip, type ZipSpec } from '../../../../test/helpers/zip';
import { localize } from '../../../../shared/messages';
import { ApiError } from '../../../errors';
import { extractZipFile } from './extract';

/** what the user reads of the refusal (its English template filled in) */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof ApiError ? localize(e.template, 'en', e.vars) : String((e as Error).message);
  }
  throw new Error('it was not refused');
}

const LIMITS = { maxEntries: 100, maxUnpackedBytes: 1024 * 1024 };

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-extract-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function zipFile(entries: ZipSpec[]): Promise<string> {
  const file = path.join(dir, 'in.zip');
  await fs.writeFile(file, makeZip(entries));
  return file;
}

/** every file under `root`, relative, sorted */
async function listed(root: string): Promise<string[]> {
  const all = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return all.filter((d) => d.isFile()).map((d) => path.relative(root, path.join(d.parentPath, d.name))).sort();
}

describe('extractZipFile', () => {
  it('unpacks deflated, stored and empty files into their folders', async () => {
    const file = await zipFile([
      { name: '2023-11-14/', data: '' },
      { name: '2023-11-14/a.png', data: Buffer.alloc(5000, 7) },
      { name: 'b.txt', data: 'stored', method: 0 },
      { name: 'empty.txt', data: '', method: 0 },
      { name: '中文/说明.md', data: '你好' },
    ]);
    const seen: number[] = [];
    const out = await extractZipFile(file, path.join(dir, 'out'), LIMITS, { onEntry: (n) => void seen.push(n) });
    expect(out).toEqual({ files: 4, bytes: 5000 + 6 + 0 + 6 });
    expect(await listed(path.join(dir, 'out'))).toEqual(['2023-11-14/a.png', 'b.txt', 'empty.txt', '中文/说明.md'].sort());
    expect(await fs.readFile(path.join(dir, 'out', '2023-11-14/a.png'))).toEqual(Buffer.alloc(5000, 7));
    expect(await fs.readFile(path.join(dir, 'out', '中文/说明.md'), 'utf8')).toBe('你好');
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it.each([
    ['a parent path', '../evil.txt', /leads outside it \(\.\.\/evil\.txt\)/],
    ['a parent path inside', 'ok/../../evil.txt', /leads outside it/],
    ['an absolute path', '/etc/evil', /absolute path/],
    ['a drive path', 'C:\\evil', /absolute path/],
  ])('refuses %s before writing anything', async (_what, name, message) => {
    const file = await zipFile([{ name: 'first.txt', data: 'fine' }, { name, data: 'x' }]);
    expect(await refusal(extractZipFile(file, path.join(dir, 'out'), LIMITS))).toMatch(message);
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow(/ENOENT/);
    await expect(fs.stat(path.join(dir, 'evil.txt'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a symbolic link before writing anything', async () => {
    const file = await zipFile([{ name: 'a.txt', data: 'a' }, { name: 'link', data: '/etc/passwd', mode: 0o120777 }]);
    expect(await refusal(extractZipFile(file, path.join(dir, 'out'), LIMITS))).toMatch(/symbolic link \(link\)/);
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow(/ENOENT/);
  });

  it('stops a zip bomb at the budget, whatever its headers claim', async () => {
    const file = await zipFile([{ name: 'bomb.bin', data: Buffer.alloc(3 * 1024 * 1024), declaredSize: 10 }]);
    expect(await refusal(extractZipFile(file, path.join(dir, 'out'), LIMITS))).toMatch(/unpacks to more than 1 MB/);
  });

  it('refuses more entries than allowed', async () => {
    const file = await zipFile(Array.from({ length: 5 }, (_, i) => ({ name: `f${i}`, data: 'x' })));
    expect(await refusal(extractZipFile(file, path.join(dir, 'out'), { ...LIMITS, maxEntries: 4 }))).toMatch(/more than 4 files/);
  });

  it('refuses a file that is not a zip, and a damaged entry', async () => {
    const notZip = path.join(dir, 'x.zip');
    await fs.writeFile(notZip, 'SQLite format 3\0 and more');
    expect(await refusal(extractZipFile(notZip, path.join(dir, 'out'), LIMITS))).toMatch(/damaged or incomplete/);
    const good = makeZip([{ name: 'a.txt', data: 'hello hello hello' }]);
    good[30 + 'a.txt'.length + 2] ^= 0xff; // a byte of the deflated data
    await fs.writeFile(notZip, good);
    expect(await refusal(extractZipFile(notZip, path.join(dir, 'out2'), LIMITS))).toMatch(/damaged or incomplete/);
  });

  it('stops when aborted', async () => {
    const file = await zipFile([{ name: 'a.txt', data: 'a' }]);
    const abort = new AbortController();
    abort.abort(new Error('cancelled'));
    expect(await refusal(extractZipFile(file, path.join(dir, 'out'), LIMITS, { signal: abort.signal }))).toMatch(/cancelled/);
  });
});

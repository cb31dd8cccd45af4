import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newScratch, removeScratchOf, removeStaleScratch, STALE_SCRATCH_MS } from './scratch';
import { newJobId } from './ids';

let root: string;
const list = () => fs.readdirSync(root).sort();
/** a folder as a killed run leaves it: a partial file inside, last written `ageMs` ago */
function leftover(name: string, ageMs: number): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'export.docx.body'), 'partial');
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(dir, 'export.docx.body'), then, then);
  fs.utimesSync(dir, then, then);
  return dir;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-scratch-test-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('job scratch folders', () => {
  it('a run of a job removes the folders earlier runs of the same job left, and only those', async () => {
    const job = newJobId();
    const other = newJobId();
    leftover(`quire-job-${job}-a1B2c3`, 1000);
    leftover(`quire-job-${job}-x9Y8z7`, 0);
    leftover(`quire-job-${other}-q1W2e3`, 0);
    fs.mkdirSync(path.join(root, 'unrelated'));

    await removeScratchOf(job, root);
    const mine = await newScratch(job, root);
    expect(path.basename(mine)).toMatch(new RegExp(`^quire-job-${job}-\\w{6}$`));
    expect(list()).toEqual([path.basename(mine), `quire-job-${other}-q1W2e3`, 'unrelated'].sort());
  });

  it('the schedule removes job folders untouched for a day; recent ones, a folder still written to, and other folders stay', async () => {
    const old = leftover(`quire-job-${newJobId()}-aaaaaa`, STALE_SCRATCH_MS + 60_000);
    const recent = leftover(`quire-job-${newJobId()}-bbbbbb`, STALE_SCRATCH_MS - 60_000);
    // an old folder whose run still writes its body (a very long export)
    const busy = leftover(`quire-job-${newJobId()}-cccccc`, STALE_SCRATCH_MS + 60_000);
    fs.writeFileSync(path.join(busy, 'export.docx.body'), 'more');
    const notAJob = leftover('quire-job-notanid-dddddd', STALE_SCRATCH_MS + 60_000);
    const file = path.join(root, `quire-job-${newJobId()}-eeeeee`);
    fs.writeFileSync(file, '');

    expect(await removeStaleScratch(Date.now(), root)).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    for (const kept of [recent, busy, notAJob, file]) expect(fs.existsSync(kept), kept).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discardStream, endStream, scratchStream } from './zip';

describe('scratch streams', () => {
  it('a write that fails (a full disk: /dev/full) fails where the stream ends, not as an uncaught error', async () => {
    const out = scratchStream('/dev/full');
    out.write(Buffer.alloc(64 * 1024, 1));
    await expect(endStream(out)).rejects.toMatchObject({ code: 'ENOSPC' });
  });

  it('a stream destroyed while a write is in flight (a cancelled export) closes its file quietly', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-scratch-'));
    try {
      const out = scratchStream(path.join(dir, 'body'));
      for (let i = 0; i < 20; i++) out.write(Buffer.alloc(256 * 1024, i));
      await discardStream(out);
      expect(out.closed).toBe(true);
      // the in-flight write's late error (ERR_STREAM_DESTROYED on Node 24) must not escape
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a stream written to its end keeps every byte', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-scratch-'));
    try {
      const file = path.join(dir, 'body');
      const out = scratchStream(file);
      out.write('hello ');
      out.write('world');
      await endStream(out);
      expect(fs.readFileSync(file, 'utf8')).toBe('hello world');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatFileSize, formatMb, quotaPercent, readUploadAnswer, uploadWithProgress } from './upload';

class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('upload with progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file with the fields and the UI language, reports progress, reads the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: number[] = [];
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const job = uploadWithProgress('/api/page/upload', file, { item_id: '0', page_id: '0' }, { language: 'zh-CN', onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers['Accept-Language'], xhr.withCredentials]).toEqual(['POST', '/api/page/upload', 'zh-CN', true]);
    expect((xhr.body!.get('file') as File).name).toBe('a.txt');
    expect(xhr.body!.get('item_id')).toBe('0');
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 200, total: 200 });
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ error_code: 10101, error_message: 'File type not allowed' });
    xhr.onload!();
    expect(seen).toEqual([25, 100]);
    expect(await job.done).toEqual({ ok: false, message: 'File type not allowed' });
  });

  it('can be aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const job = uploadWithProgress('/u', new File(['x'], 'x.txt'), {}, { language: 'en', onProgress: () => {} });
    job.abort();
    expect((await job.done).ok).toBe(false);
  });
});

describe('attachment upload answers', () => {
  it('reads the envelope', () => {
    expect(readUploadAnswer(200, JSON.stringify({ error_code: 0, data: { url: '/x' } }))).toEqual({ ok: true, message: '', data: { url: '/x' } });
    expect(readUploadAnswer(200, JSON.stringify({ error_code: 10101, error_message: 'too big' }))).toEqual({ ok: false, message: 'too big' });
  });

  it('reads the ShowDoc upload answer form', () => {
    expect(readUploadAnswer(200, JSON.stringify({ success: 1, url: '/x' })).ok).toBe(true);
    expect(readUploadAnswer(200, JSON.stringify({ success: 0, message: 'type not allowed' }))).toEqual({ ok: false, message: 'type not allowed' });
  });

  it('treats non-JSON answers as failures', () => {
    expect(readUploadAnswer(413, '<html>too large</html>')).toEqual({ ok: false, message: 'HTTP 413' });
    expect(readUploadAnswer(200, 'null').ok).toBe(false);
  });

  it('formats MiB', () => {
    expect(formatMb(1.23456)).toBe('1.23 MB');
    expect(formatMb('0')).toBe('0 MB');
    expect(formatMb(0.001)).toBe('< 0.01 MB');
    expect(formatMb(undefined)).toBe('');
  });

  it('says how much of a quota is used; no quota (0) gives null', () => {
    expect(quotaPercent(0.5, 1)).toBe(50);
    expect(quotaPercent('1.2', '1')).toBe(100);
    expect(quotaPercent(3, 0)).toBeNull();
    expect(quotaPercent(3, undefined)).toBeNull();
    expect(quotaPercent(undefined, 1024)).toBe(0);
  });

  it('formats file sizes from bytes when known', () => {
    expect(formatFileSize(17)).toBe('17 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatFileSize(undefined, 1.5)).toBe('1.5 MB');
  });
});

import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMb, readUploadAnswer } from './upload';

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

  it('formats file sizes from bytes when known', () => {
    expect(formatFileSize(17)).toBe('17 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatFileSize(undefined, 1.5)).toBe('1.5 MB');
  });
});

import { describe, expect, it } from 'vitest';
import { attachmentSize, formatFileSize } from './fileSize';

describe('formatFileSize', () => {
  it('shows bytes, then KB, MB, GB with one decimal below 10', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(812)).toBe('812 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(14 * 1024 + 100)).toBe('14 KB');
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe('1.2 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatFileSize(-1)).toBe('');
  });

  it('reads bytes first (a small file is 0 MiB), MiB when only that is sent', () => {
    expect(attachmentSize({ file_size: '812', file_size_m: 0.001 })).toBe('812 B');
    expect(attachmentSize({ file_size: 200, file_size_m: 0 })).toBe('200 B');
    expect(attachmentSize({ file_size_m: 2.5 })).toBe('2.5 MB');
    expect(attachmentSize({})).toBe('');
  });
});

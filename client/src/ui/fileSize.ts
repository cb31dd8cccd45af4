// A file's size for people: "812 B", "14 KB", "1.2 MB" (1024-based, as the upload limits are).

const UNITS = ['KB', 'MB', 'GB', 'TB'];

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // one decimal below 10 ("1.2 MB"), none above ("14 KB")
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

/** An attachment's size from ShowDoc's fields: bytes (file_size) when sent, else MiB (file_size_m). */
export function attachmentSize(a: { file_size?: number | string; file_size_m?: number | string }): string {
  const bytes = Number(a.file_size);
  if (a.file_size !== undefined && a.file_size !== '' && Number.isFinite(bytes)) return formatFileSize(bytes);
  const mib = Number(a.file_size_m);
  return Number.isFinite(mib) && a.file_size_m !== undefined ? formatFileSize(mib * 1024 * 1024) : '';
}

// How a started export is answered to the Export screen (shared/api/export.ts ExportStart).
import type { ExportFormat, ExportStart } from '../../shared/api/export';

/** The navigation address of a small export (GET; the session cookie acts for downloads). */
export function exportUrl(format: ExportFormat, itemId: number, catId: number, pageId: number): string {
  if (format === 'html') return `/api/exportHtml/export?item_id=${itemId}`;
  if (format === 'markdown') return `/api/export/markdown?item_id=${itemId}`;
  return `/api/export/word?item_id=${itemId}&cat_id=${catId}&page_id=${pageId}`;
}

/** The Downloads screen showing a job. */
export const downloadsUrl = (jobId: string) => `/downloads?job=${encodeURIComponent(jobId)}`;

export function presentFileStart(url: string, pages: number): ExportStart {
  return { mode: 'file', url, job_id: '', pages };
}

export function presentJobStart(jobId: string, pages: number): ExportStart {
  return { mode: 'job', url: downloadsUrl(jobId), job_id: jobId, pages };
}

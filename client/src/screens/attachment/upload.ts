import type { Envelope } from '../../../../shared/errors';

export interface UploadOutcome {
  ok: boolean;
  message: string;
  data?: unknown;
}

/** Reads the upload answer: the JSON envelope, or an upload-specific {success, message} answer. */
export function readUploadAnswer(status: number, text: string): UploadOutcome {
  let body: (Envelope<unknown> & { success?: number; message?: string; url?: string }) | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: status >= 400 ? `HTTP ${status}` : '' };
  }
  if (!body || typeof body !== 'object') return { ok: false, message: '' };
  if (typeof body.error_code === 'number') {
    return body.error_code === 0 ? { ok: true, message: '', data: body.data } : { ok: false, message: body.error_message ?? '' };
  }
  if (body.success === 1) return { ok: true, message: '', data: body };
  return { ok: false, message: body.message ?? '' };
}

/** Sends one file with progress (XHR: fetch has no upload progress). Resolves with the outcome; abort() stops it. */
export function uploadWithProgress(
  url: string,
  file: File,
  fields: Record<string, string>,
  opts: { language: string; onProgress(percent: number): void },
): { done: Promise<UploadOutcome>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', opts.language);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => resolve(readUploadAnswer(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ ok: false, message: '' });
    xhr.onabort = () => resolve({ ok: false, message: 'aborted' });
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** MiB with up to 2 decimals ('0.01' for tiny files, '' when unknown). */
export function formatMb(v: number | string | undefined | null): string {
  if (v === undefined || v === null || v === '') return '';
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  if (n > 0 && n < 0.01) return '< 0.01 MB';
  return `${Math.round(n * 100) / 100} MB`;
}

/** A file's size: from bytes when known (B / KB / MB), else from the MiB figure. */
export function formatFileSize(bytes: number | string | undefined | null, mb?: number | string | null): string {
  const n = Number(bytes);
  if (bytes === undefined || bytes === null || bytes === '' || !Number.isFinite(n)) return formatMb(mb);
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${Math.round((n / 1024 / 1024) * 100) / 100} MB`;
}

/** Share of a quota in use, 0–100 (null without a quota: 0 or unknown = unlimited). */
export function quotaPercent(usedMb: number | string | undefined | null, quotaMb: number | string | undefined | null): number | null {
  const q = Number(quotaMb);
  if (!Number.isFinite(q) || q <= 0) return null;
  const u = Math.max(0, Number(usedMb) || 0);
  return Math.min(100, Math.round((u / q) * 1000) / 10);
}

// Multipart uploads for tests, written by hand so file names reach the server exactly as given.
import type { TestApp } from './app';

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A valid PNG of `bytes` bytes (the 1×1 image padded after its end). */
export const pngOfSize = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(Math.max(0, bytes - PNG.length))]);

export interface FilePart {
  field: string;
  filename: string;
  bytes: Buffer;
  type?: string;
}

export function multipart(fields: Record<string, string | number>, files: FilePart[]): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = '----quireTest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)) as Uint8Array<ArrayBuffer>, type: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs one file and decodes the JSON answer (envelope, or uploadImg's {success, url, message}). */
export async function postFile(app: TestApp, url: string, fields: Record<string, string | number>, file: FilePart, token?: string) {
  const m = multipart(fields, [file]);
  const headers: Record<string, string> = { 'Content-Type': m.type };
  if (token) headers['X-API-Token'] = token;
  const res = await app.fetch(url, { method: 'POST', headers, body: m.body });
  return { status: res.status, json: (await res.json()) as any };
}

/** The `sign` of a visitFile URL. */
export const signOf = (url: string) => new URL(url).searchParams.get('sign')!;

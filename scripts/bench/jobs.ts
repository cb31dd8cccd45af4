// Background jobs timed from start to end (issue 18): each row starts its job through the API, as
// a client does, and is judged on the seconds until the job is done. The app process runs the
// jobs itself (appProcess.ts), as a server without Redis does.
import type { Seeded } from './seed';
import { openApiDocument } from './openapi';

export interface JobCase {
  endpoint: string;
  maxSeconds: number;
  /** runs the job once; its duration in seconds and what it made (checked, so a fast failure cannot pass) */
  run(app: { url: string; seeded: Seeded }): Promise<{ seconds: number; made: string }>;
}

async function call(url: string, token: string, action: string, params: Record<string, string>): Promise<any> {
  const res = await fetch(`${url}/api/${action}`, { method: 'POST', headers: { 'x-api-token': token }, body: new URLSearchParams(params) });
  const env = await res.json();
  if (env.error_code !== 0) throw new Error(`${action}: ${env.error_code} ${env.error_message}`);
  return env.data;
}

/** import/auto (ShowDoc's: answers once the import job is done) with an OpenAPI document of `n` operations, into a new item */
function openApiImport(n: number): JobCase['run'] {
  const doc = openApiDocument(n);
  return async ({ url, seeded }) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(doc)], { type: 'application/json' }), `bench-${n}.json`);
    const started = performance.now();
    const res = await fetch(`${url}/api/import/auto`, { method: 'POST', headers: { 'x-api-token': seeded.token }, body: form });
    const env = await res.json();
    const seconds = (performance.now() - started) / 1000;
    if (env.error_code !== 0) throw new Error(`import/auto: ${env.error_code} ${env.error_message}`);
    const status = await call(url, seeded.token, 'import/status', { import_id: env.data.import_id });
    if (status.report?.pages_created !== n) throw new Error(`import/auto made ${status.report?.pages_created} pages, not ${n}`);
    return { seconds, made: `${n} pages in ${status.report.catalogs_created} catalogs, ${(doc.length / 1024).toFixed(0)} KB document` };
  };
}

export const JOB_CASES: JobCase[] = [{ endpoint: 'OpenAPI import of 500 operations', maxSeconds: 10, run: openApiImport(500) }];

// Plain node:http calls for the fault suites: each outcome records when it started and how it
// ended (status and error_code, or the socket error), so a test can sort answers by phase.
import http from 'node:http';

export interface Outcome {
  startedAt: number;
  status?: number;
  errorCode?: number;
  headers?: http.IncomingHttpHeaders;
  failure?: string;
}

export function post(url: string, path: string, token: string, params: Record<string, string>, agent: http.Agent | false): Promise<Outcome> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const body = new URLSearchParams(params).toString();
    const req = http.request(`${url}/api/${path}`, { method: 'POST', agent, headers: { 'x-api-token': token, 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let errorCode: number | undefined;
        try {
          errorCode = JSON.parse(text).error_code;
        } catch {}
        resolve({ startedAt, status: res.statusCode, errorCode, headers: res.headers });
      });
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ startedAt, failure: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ startedAt, failure: e.code ?? e.message }));
    req.end(body);
  });
}

export const getJson = (url: string) =>
  new Promise<{ status: number; body: any }>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      })
      .on('error', reject);
  });


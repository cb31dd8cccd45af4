// Small helpers shared by the account findings' security suites (F3…F13).
import http from 'node:http';
import type { ApiResult, TestApp } from '../helpers/app';
import type { SmtpConfig } from '../../server/config';

/** Registers through the real endpoint with a solved captcha; answers the envelope (no throw). */
export async function tryRegister(app: TestApp, username: string, password: string): Promise<ApiResult> {
  const c = await app.captcha();
  return app.call('user/register', { username, password, confirm_password: password, captcha_id: c.id, v_code: c.answer });
}

/** SMTP settings for the loopback sink of test/e2e/helpers/smtp.ts. */
export const sinkSmtp = (port: number): SmtpConfig => ({ host: '127.0.0.1', port, secure: false, user: '', pass: '', from: 'quire@example.test' });

/** A form POST with a chosen Host header (fetch always sends the real one). */
export function postWithHost(app: TestApp, path: string, params: Record<string, string>, host: string, token?: string): Promise<ApiResult> {
  const target = new URL(`/api/${path}`, app.url);
  const body = new URLSearchParams(params).toString();
  const headers: Record<string, string> = { Host: host, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)) };
  if (token) headers['X-API-Token'] = token;
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(text) as ApiResult);
        } catch {
          reject(new Error(`non-JSON answer (HTTP ${res.statusCode}): ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

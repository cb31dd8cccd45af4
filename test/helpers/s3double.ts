// A recorded-protocol test double of the S3 API (PutObject / GetObject / DeleteObject, path
// style), used because no S3-compatible server installs from npm or Debian here. It checks
// AWS Signature V4 for real: the Authorization header's credential, scope, signed headers,
// x-amz-date and x-amz-content-sha256 (against the body) and the signature itself, answering
// S3's XML errors (403 SignatureDoesNotMatch / InvalidAccessKeyId, 404 NoSuchKey/NoSuchBucket).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, createHmac } from 'node:crypto';

export interface S3Request {
  method: string;
  bucket: string;
  key: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
}

export interface S3Double {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
  /** stored objects by key */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** every request that reached a handler (after authentication) */
  log: S3Request[];
  /** refused requests (bad signature etc.) */
  refused: { method: string; path: string; code: string }[];
  close(): Promise<void>;
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (k: Buffer | string, s: string) => createHmac('sha256', k).update(s).digest();

function xmlError(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Verifies SigV4; returns an S3 error code or null when the request is authentic. */
function verifySigV4(req: http.IncomingMessage, body: Buffer, creds: { id: string; secret: string; region: string }): string | null {
  const auth = req.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return 'AccessDenied';
  const [, keyId, date, region, signedHeaders, signature] = m;
  if (keyId !== creds.id) return 'InvalidAccessKeyId';
  if (region !== creds.region) return 'AuthorizationHeaderMalformed';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return 'AccessDenied';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash) return 'InvalidRequest';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?');
  const query = rawQuery
    ? rawQuery
        .split('&')
        .map((p) => (p.includes('=') ? p : `${p}=`))
        .sort()
        .join('&')
    : '';
  const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, rawPath, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const kSigning = hmac(hmac(hmac(hmac(`AWS4${creds.secret}`, date), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return expected === signature ? null : 'SignatureDoesNotMatch';
}

export async function startS3Double(opts: { bucket?: string; region?: string } = {}): Promise<S3Double> {
  const bucket = opts.bucket ?? 'quire-test';
  const region = opts.region ?? 'us-east-1';
  const accessKeyId = 'AKIDQUIRETEST';
  const secretAccessKey = 'quire-test-secret-key';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const log: S3Request[] = [];
  const refused: S3Double['refused'] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0];
      const err = verifySigV4(req, body, { id: accessKeyId, secret: secretAccessKey, region });
      if (err) {
        refused.push({ method: req.method ?? '', path, code: err });
        return xmlError(res, 403, err, 'refused by the S3 test double');
      }
      const m = /^\/([^/]+)\/(.+)$/.exec(path);
      if (!m) return xmlError(res, 400, 'InvalidRequest', 'path-style /bucket/key expected');
      const key = decodeURIComponent(m[2]);
      if (m[1] !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'no such bucket');
      log.push({ method: req.method ?? '', bucket: m[1], key, headers: req.headers, bodyBytes: body.length });
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
        res.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        const o = objects.get(key);
        if (!o) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'Content-Type': o.contentType, 'Content-Length': String(o.body.length) });
        return res.end(req.method === 'GET' ? o.body : undefined);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return xmlError(res, 405, 'MethodNotAllowed', 'not supported by the double');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    accessKeyId,
    secretAccessKey,
    region,
    bucket,
    objects,
    log,
    refused,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

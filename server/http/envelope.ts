// Writes ShowDoc's envelope and maps every failure to a clear {error_code, error_message}.
import type Koa from 'koa';
import { randomBytes } from 'node:crypto';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { localize } from '../../shared/messages';
import type { Logger } from '../logger';
import { redactUrl } from '../logRedaction';
import { JsonFragment, OK_PREFIX, OK_SUFFIX, SplicedJson, WithFragments, stringifyWithFragments } from '../lib/jsonFragment';
import { gzipSpliced } from './gzipSplice';
import { endInTurn } from './endInTurn';
import { databaseUnavailableCause } from '../db/unavailable';

export function requestLang(ctx: Koa.Context): 'en' | 'zh' {
  const explicit = (ctx.query.lang ?? ctx.get('x-lang')) as string | undefined;
  if (typeof explicit === 'string' && explicit) return explicit.toLowerCase().startsWith('zh') ? 'zh' : 'en';
  const al = ctx.get('accept-language').toLowerCase();
  // the first listed language decides
  return al.trim().startsWith('zh') ? 'zh' : 'en';
}

export function sendData(ctx: Koa.Context, data: unknown): void {
  ctx.status = 200;
  // the full type as it is sent: Koa's type setter would look it up again on every answer
  ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // an answer that is one fragment (page/info): its envelope is built once with it
  if (data instanceof WithFragments && data.value instanceof JsonFragment) {
    // Vary set directly unless another header put one there (Koa's vary() parses it: a hot path)
    if (ctx.res.hasHeader('Vary')) ctx.vary('Accept-Encoding');
    else ctx.res.setHeader('Vary', 'Accept-Encoding');
    const fragment = data.value;
    if (fragment.bytes.length >= GZIP_FROM_BYTES && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = gzipSpliced(new SplicedJson([OK_PREFIX, fragment, OK_SUFFIX]));
    } else {
      endInTurn(ctx, fragment.okAnswer);
    }
    return;
  }
  const body = stringifyWithFragments({ error_code: 0, data: data === undefined ? [] : data });
  if (!(body instanceof SplicedJson)) {
    endInTurn(ctx, body);
    return;
  }
  ctx.vary('Accept-Encoding');
  // only answers with large cached fragments: gzipping them costs nothing per request (gzipSplice)
  if (body.fragmentBytes >= GZIP_FROM_BYTES && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzipSpliced(body);
  } else {
    endInTurn(ctx, body.toBuffer());
  }
}

const GZIP_FROM_BYTES = 8 * 1024;

export function sendError(ctx: Koa.Context, code: number, message: string, status = 200): void {
  ctx.status = status;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify({ error_code: code, error_message: message });
}

export interface Failure {
  code: number;
  message: string;
  status: number;
  headers?: Record<string, string>;
}

/** Maps any thrown value to an error code, a message in the caller's language and an HTTP status. */
export function describeFailure(ctx: Koa.Context, err: unknown, log: Logger): Failure {
  const lang = requestLang(ctx);
  if (err instanceof ApiError) {
    const failure: Failure = { code: err.code, message: localize(err.template, lang, err.vars), status: err.status };
    // a limited client (or its HTTP library) learns when to come back
    if (err.code === ErrorCode.RATE_LIMITED && err.vars?.seconds) failure.headers = { 'Retry-After': String(err.vars.seconds) };
    return failure;
  }
  const e = err as any;
  // koa-body / raw-body / formidable errors
  const status = e?.status ?? e?.statusCode ?? e?.httpCode;
  if (status === 413 || e?.type === 'entity.too.large' || e?.code === 1009 || /maxFileSize|maxTotalFileSize|exceeded/i.test(String(e?.message))) {
    // uploads name their own limit (http/fileTooLarge.ts); other parsers may not say theirs
    const limit = Math.round((e?.limit ?? e?.maxFileSize ?? 0) / 1024 / 1024);
    const message = limit ? localize('Request body is too large (limit {limit} MB)', lang, { limit }) : localize('Request body is too large', lang);
    return { code: ErrorCode.BODY_TOO_LARGE, message, status: 413 };
  }
  if (status === 400 && (e?.type === 'entity.parse.failed' || /JSON/i.test(String(e?.message)))) {
    return { code: ErrorCode.GENERIC, message: localize('Malformed JSON body', lang), status: 400 };
  }
  if (status === 415) return { code: ErrorCode.UNSUPPORTED_MEDIA, message: localize('Invalid request', lang), status: 415 };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { code: ErrorCode.GENERIC, message: localize('Invalid request', lang), status };
  }
  const cause = databaseUnavailableCause(e);
  if (cause) {
    // the cause only: a failed query's message carries its parameters (page contents)
    log.warn('database unavailable; answered 503', { cause, url: redactUrl(ctx.originalUrl) });
    return { code: ErrorCode.UNAVAILABLE, message: localize('The database is unavailable; try again shortly', lang), status: 503, headers: { 'Retry-After': '5' } };
  }
  const ref = randomBytes(4).toString('hex');
  log.error('unhandled error', { ref, url: redactUrl(ctx.originalUrl), err: e });
  return { code: ErrorCode.INTERNAL, message: localize('Internal error; reference {ref}', lang, { ref }), status: 500 };
}

/** Turns any thrown value into an envelope; internal details stay in the log (with a reference). */
export function sendFailure(ctx: Koa.Context, err: unknown, log: Logger): void {
  const f = describeFailure(ctx, err, log);
  for (const [k, v] of Object.entries(f.headers ?? {})) ctx.set(k, v);
  sendError(ctx, f.code, f.message, f.status);
}

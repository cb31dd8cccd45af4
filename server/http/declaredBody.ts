// The text of a small form body whose length the request declares: the common API call. co-body
// (raw-body, iconv-lite, on-finished) reads the same bytes through four layers, a tenth of a cached
// page/info's time; this reads them straight off the request. Anything else — a compressed body,
// a chunked one, one over the limit — returns null and goes to co-body, which knows those cases.
//
// The listeners are module functions with the read's state on the request, not closures made per
// request: the server runs through tsx, whose keepNames wraps every named closure in a
// defineProperty call, and a request's few closures showed as 2% of page/info.
import type { IncomingMessage } from 'node:http';

interface BodyRead {
  chunks: Buffer[];
  received: number;
  length: number;
  resolve(text: string): void;
  reject(err: Error): void;
}

const READ = Symbol('declared body read');
type Reading = IncomingMessage & { [READ]?: BodyRead };

/** raw-body's error for a request the client gave up on (describeFailure answers it as a 400) */
function abortedError(): Error {
  return Object.assign(new Error('request aborted'), { status: 400, statusCode: 400, code: 'ECONNABORTED', type: 'request.aborted' });
}

function finish(req: Reading): BodyRead {
  const read = req[READ]!;
  req[READ] = undefined;
  req.off('data', onData);
  req.off('end', onEnd);
  req.off('error', onFailure);
  req.off('close', onFailure);
  return read;
}

function onData(this: Reading, chunk: Buffer): void {
  const read = this[READ]!;
  read.chunks.push(chunk);
  read.received += chunk.length;
}

function onEnd(this: Reading): void {
  const { chunks, received, length, resolve, reject } = finish(this);
  // Node's parser ends a declared body at its length; fewer bytes means the client went away
  if (received !== length) return reject(abortedError());
  const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)).toString('utf8');
  resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/** an error on the request (ECONNRESET) or a close before its end: the client hung up mid-body */
function onFailure(this: Reading): void {
  finish(this).reject(abortedError());
}

/** The body as UTF-8 text (a leading byte-order mark dropped, as co-body does), or null when co-body must read it. */
export function readDeclaredBody(req: IncomingMessage, limit: number): Promise<string> | null {
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') return null;
  const declared = req.headers['content-length'];
  if (declared === undefined || !/^\d{1,15}$/.test(declared)) return null;
  const length = Number(declared);
  if (length > limit) return null;
  if (length === 0) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    (req as Reading)[READ] = { chunks: [], received: 0, length, resolve, reject };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFailure);
    req.on('close', onFailure);
  });
}

/** The form type with or without parameters (type-is's 'urlencoded', without its parsing). */
export function isFormRequest(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  if (!type) return false;
  // a request with no body has no type to read (type-is's hasBody)
  if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return false;
  const semi = type.indexOf(';');
  return (semi < 0 ? type : type.slice(0, semi)).trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

// Ready answers end together, once the event loop has handled every request that arrived in the
// same turn. Ending each at once woke the client's (sleeping) reader for every answer: on a
// 2-core machine that wake-up was the largest single cost of a cached page/info (a seventh of the
// process's time in the kernel), and writing the answers of a turn back to back halved it
// (page/info 9,000 → 14,000 answers a second, scripts/bench outside view). The wait is one turn
// of the loop: the check phase follows the poll phase that read the requests.
import type Koa from 'koa';
import type { ServerResponse } from 'node:http';

let waiting: { res: ServerResponse; body: Buffer | string }[] = [];

function endWaiting(): void {
  const batch = waiting;
  waiting = [];
  for (const { res, body } of batch) {
    // the client left in the meantime: nothing to write to (as Koa's respond() checks)
    if (res.writableEnded || res.destroyed || (res.socket && !res.socket.writable)) continue;
    try {
      res.end(body);
    } catch {
      // one answer that cannot be written must not keep the others of its turn from theirs
      res.destroy();
    }
  }
}

/**
 * Ends the response with a ready body (status and headers already set) in this turn's batch.
 * Koa does not write it: its body setter and respond() would check and measure it again. A HEAD
 * request goes through Koa, which sends the headers only.
 */
export function endInTurn(ctx: Koa.Context, body: Buffer | string): void {
  if (ctx.method === 'HEAD') {
    ctx.body = body;
    return;
  }
  ctx.respond = false;
  const res = ctx.res;
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  if (waiting.push({ res, body }) === 1) setImmediate(endWaiting);
}

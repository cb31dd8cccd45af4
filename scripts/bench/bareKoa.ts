// The machine's ceiling for the outside view: a bare Koa app answering 2 KB of JSON to any request,
// in a process of its own. Prints {url} and serves until SIGTERM.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

const rows = Array.from({ length: 24 }, (_, i) => ({ id: i + 1, name: `page ${i + 1}`, updated: 1_700_000_000 + i }));
const body = JSON.stringify({ error_code: 0, data: { rows, note: 'x'.repeat(2048 - JSON.stringify(rows).length - 40) } });

const app = new Koa();
app.use((ctx) => {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body;
});
const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }) + '\n'));
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});

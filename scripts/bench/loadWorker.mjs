// Runs one autocannon load in its own thread (so the server's event loop is not shared with
// the load generator) and reports throughput plus exact latency percentiles.
// workerData.vary rewrites the value of each request body's last form field per request:
//   'fresh'       appends a number new to the whole load (page/save with new content every time)
//   'random-case' gives the value's letters a random case (a search keyword as people type it)
// workerData.thread/threads: this thread's share of a load several threads send together.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const latencies = [];
let bytes = 0;
let clients = 0;
let sent = 0;
const thread = workerData.thread ?? 0;
const threads = workerData.threads ?? 1;

/** the body with its last field's value changed by `change` */
const lastField = (body, change) => {
  const at = body.lastIndexOf('=') + 1;
  return body.slice(0, at) + change(body.slice(at));
};
const VARY = {
  fresh: (value) => `${value}+${threadId}x${++sent}`,
  'random-case': (value) => value.replace(/[a-z]/gi, (ch) => (Math.random() < 0.5 ? ch.toUpperCase() : ch.toLowerCase())),
};
const vary = workerData.vary ? VARY[workerData.vary] : null;
const requests = vary ? workerData.requests.map((r) => ({ ...r, setupRequest: (req) => ({ ...req, body: lastField(req.body, vary) }) })) : workerData.requests;

const opts = {
  ...workerData,
  requests,
  setupClient(client) {
    // autocannon walks the request list from the start in every connection: start each one at its
    // own place, so a list of distinct requests is not sent by all connections at once
    const it = client.requestIterator;
    const at = Math.floor(((clients++ * threads + thread) * it.requests.length) / (workerData.connections * threads)) % it.requests.length;
    it.currentRequestIndex = at;
    it.currentRequest = it.requests[at];
    // autocannon builds only the first of the requests it rebuilds per send
    if (vary) it.rebuildRequest();
    client.on('response', (_status, resBytes, ms) => {
      latencies.push(ms);
      bytes += resBytes;
    });
  },
};
delete opts.vary;
delete opts.thread;
delete opts.threads;
delete opts.returnLatencies;

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

autocannon(opts, (err, res) => {
  if (err) {
    parentPort.postMessage({ error: String(err.message || err) });
    return;
  }
  const sorted = latencies.sort((a, b) => a - b);
  parentPort.postMessage({
    // res.requests is shadowed by the request list option; count the responses seen
    requests: sorted.length,
    reqPerSec: sorted.length / (res.duration || workerData.duration),
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    p99: pct(sorted, 99),
    errors: res.errors + res.timeouts,
    non2xx: res.non2xx,
    bytesPerResponse: sorted.length ? Math.round(bytes / sorted.length) : 0,
    // several threads' percentiles come from all their latencies together
    latencies: workerData.returnLatencies ? sorted : undefined,
  });
});

// Runs one autocannon load in its own thread (so the server's event loop is not shared with
// the load generator) and reports throughput plus exact latency percentiles.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const latencies = [];
let bytes = 0;
let clients = 0;
const opts = {
  ...workerData,
  setupClient(client) {
    // autocannon walks the request list from the start in every connection: start each one at its
    // own place, so a list of distinct requests is not sent by all connections at once
    const it = client.requestIterator;
    const at = Math.floor((clients++ * it.requests.length) / workerData.connections) % it.requests.length;
    it.currentRequestIndex = at;
    it.currentRequest = it.requests[at];
    client.on('response', (_status, resBytes, ms) => {
      latencies.push(ms);
      bytes += resBytes;
    });
  },
};

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
  });
});

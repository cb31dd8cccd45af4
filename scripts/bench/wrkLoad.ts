// The outside view's load through wrk itself (the tool the issue measured with, written in C, so
// the load generator takes less of this 2-core machine than autocannon's JavaScript does). The
// request list, its start place per thread and the per-request `vary` of the body's last field
// are the same as loadWorker.mjs's, written as a wrk Lua script.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadRequest, LoadResult, OutsideLoad } from './measure';

/** wrk on PATH, unless BENCH_LOADGEN=autocannon */
export function wrkAvailable(): boolean {
  if (process.env.BENCH_LOADGEN === 'autocannon') return false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    // wrk --version exits 1 after printing its version
    return (e as { status?: number }).status === 1;
  }
}

/** a Lua string literal for any bytes: printable ASCII as is, the rest as \ddd */
const lua = (s: string) =>
  '"' +
  [...Buffer.from(s, 'utf8')].map((b) => (b >= 32 && b < 127 && b !== 34 && b !== 92 ? String.fromCharCode(b) : `\\${b}`)).join('') +
  '"';

function script(requests: LoadRequest[], vary: OutsideLoad['vary'], out: string): string {
  const list = requests
    .map((r) => `{ ${lua(r.method)}, ${lua(r.path)}, { ${Object.entries(r.headers ?? {}).map(([k, v]) => `[${lua(k)}] = ${lua(v)}`).join(', ')} }, ${lua(r.body ?? '')} }`)
    .join(',\n');
  return `
local reqs = { ${list} }
local vary = ${lua(vary ?? '')}
local threads = 0
function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end
local at, sent
-- each request's bytes, formatted once when no body changes per request: the load generator then
-- spends its time sending, not building tables and strings (it shares the 2 cores with the server)
local ready = {}
function init(args)
  -- each thread starts at its own place in the list, so distinct requests stay distinct
  at = math.floor(tid * #reqs / 2) % #reqs
  sent = 0
  math.randomseed(tid + 1)
  if vary == "" then
    for i, r in ipairs(reqs) do
      ready[i] = wrk.format(r[1], r[2], r[3], r[4] ~= "" and r[4] or nil)
    end
  end
end
local function change(body)
  local head, value = body:match("^(.*=)([^=]*)$")
  if not head then return body end
  if vary == "fresh" then
    sent = sent + 1
    return head .. value .. "+" .. tid .. "x" .. sent
  end
  return head .. value:gsub("%a", function(c) if math.random() < 0.5 then return c:upper() end return c:lower() end)
end
function request()
  at = at % #reqs + 1
  if vary == "" then return ready[at] end
  local r = reqs[at]
  local headers = {}
  for k, v in pairs(r[3]) do headers[k] = v end
  local body = r[4]
  if vary ~= "" then body = change(body) end
  return wrk.format(r[1], r[2], headers, body ~= "" and body or nil)
end
function done(summary, latency, requests)
  local f = io.open(${lua(out)}, "w")
  local e = summary.errors
  f:write(string.format('{"requests":%d,"duration":%d,"bytes":%d,"errors":%d,"non2xx":%d,"p50":%f,"p95":%f,"p99":%f}',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
  f:close()
end
`;
}

function runWrk(url: string, scriptFile: string, load: OutsideLoad, seconds: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('wrk', ['-t', String(load.threads), '-c', String(load.connections), '-d', `${seconds}s`, '--timeout', '20s', '-s', scriptFile, url], (err, _out, stderr) =>
      err ? reject(new Error(`wrk failed: ${stderr || err.message}`)) : resolve(),
    );
  });
}

/** a warm-up, then the measured window, as measureLoad does with autocannon */
export async function measureWithWrk(url: string, requests: LoadRequest[], load: OutsideLoad): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-wrk-'));
  try {
    const out = path.join(dir, 'result.json');
    const file = path.join(dir, 'load.lua');
    fs.writeFileSync(file, script(requests, load.vary, out));
    if (load.warmupSeconds > 0) await runWrk(url, file, load, load.warmupSeconds);
    await runWrk(url, file, load, load.seconds);
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as { requests: number; duration: number; bytes: number; errors: number; non2xx: number; p50: number; p95: number; p99: number };
    return {
      requests: r.requests,
      reqPerSec: r.requests / (r.duration / 1e6),
      // wrk counts microseconds
      p50: r.p50 / 1000,
      p95: r.p95 / 1000,
      p99: r.p99 / 1000,
      errors: r.errors,
      non2xx: r.non2xx,
      bytesPerResponse: r.requests ? Math.round(r.bytes / r.requests) : 0,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

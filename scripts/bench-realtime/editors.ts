// A child process of the realtime bench holding a slice of the editors, so that decoding the
// fan-out (every edit reaches every other editor) is spread over processes like real browsers.
// Messages from the parent: start → edits for N seconds; expect → wait for convergence, report.
import { createHash } from 'node:crypto';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';

process.setMaxListeners(0);

export interface EditorsConfig {
  url: string;
  docName: string;
  /** [editor index, token] */
  editors: [number, string][];
  editsPerSecond: number;
  seconds: number;
}

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'done'; edits: number }
  | { type: 'report'; latencies: number[]; converged: boolean; hash: string; marks: number };

// Each edit carries its author and send time: ⟦author:seq:ms⟧
export const MARK = /⟦(\d+):(\d+):(\d+)⟧/g;

interface BenchEditor {
  id: number;
  doc: Y.Doc;
  text: Y.Text;
  provider: WebsocketProvider;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const send = (m: ChildMessage) => process.send!(m);

function connect(cfg: EditorsConfig, id: number, token: string): BenchEditor {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(cfg.url.replace(/^http/, 'ws') + '/collab', cfg.docName, doc, {
    WebSocketPolyfill: WebSocket as any,
    params: { user_token: token },
    disableBc: true,
  });
  return { id, doc, text: doc.getText('content'), provider };
}

function synced(e: BenchEditor): Promise<void> {
  if (e.provider.synced) return Promise.resolve();
  return new Promise((resolve) => e.provider.on('sync', (s: boolean) => s && resolve()));
}

async function run(cfg: EditorsConfig): Promise<void> {
  const editors = cfg.editors.map(([id, token]) => connect(cfg, id, token));
  await Promise.all(editors.map(synced));
  const latencies: number[] = [];
  for (const e of editors) {
    e.text.observe((ev) => {
      if (ev.transaction.local) return;
      const seen = Date.now();
      for (const d of ev.delta) {
        if (typeof d.insert !== 'string') continue;
        for (const m of d.insert.matchAll(MARK)) if (Number(m[1]) !== e.id) latencies.push(seen - Number(m[3]));
      }
    });
  }
  send({ type: 'ready' });
  const start = await new Promise<number>((r) => process.once('message', (m: any) => r(m.at)));
  await sleep(Math.max(0, start - Date.now()));
  let edits = 0;
  const period = 1000 / cfg.editsPerSecond;
  const timers: NodeJS.Timeout[] = [];
  editors.forEach((e, i) => {
    let seq = 0;
    // spread the editors over the period so the load is even
    timers.push(
      setTimeout(() => {
        timers.push(
          setInterval(() => {
            // at either end, so concurrent edits never split one another's markers
            e.text.insert(Math.random() < 0.5 ? 0 : e.text.length, `⟦${e.id}:${seq++}:${Date.now()}⟧`);
            edits++;
          }, period),
        );
      }, (i * period) / editors.length),
    );
  });
  await sleep(cfg.seconds * 1000);
  for (const t of timers) clearInterval(t);
  send({ type: 'done', edits });
  const total = await new Promise<number>((r) => process.once('message', (m: any) => r(m.total)));
  const deadline = Date.now() + 30_000;
  let converged = false;
  let text = '';
  while (Date.now() < deadline) {
    text = editors[0].text.toString();
    if ((text.match(MARK)?.length ?? 0) === total && editors.every((e) => e.text.toString() === text)) {
      converged = true;
      break;
    }
    await sleep(200);
  }
  send({
    type: 'report',
    latencies,
    converged,
    hash: createHash('sha256').update(text).digest('hex'),
    marks: text.match(MARK)?.length ?? 0,
  });
  for (const e of editors) {
    e.provider.destroy();
    e.doc.destroy();
  }
  process.exit(0);
}

if (process.send) {
  process.once('message', (cfg: EditorsConfig) => {
    run(cfg).catch((e) => {
      process.stderr.write(`bench editors failed: ${e instanceof Error ? e.stack : String(e)}\n`);
      process.exit(1);
    });
  });
}

// A child process of the realtime bench holding a slice of the editors (thin protocol-level
// clients, thinEditor.ts) and of the observers (full Yjs replicas through y-websocket, as the
// browser editor uses). Messages from the parent: start → edits for N seconds; expect → wait for
// every replica to hold every edit and agree, then report latencies and the replicas' hash.
import { createHash } from 'node:crypto';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import { MARK, ThinEditor } from './thinEditor';

process.setMaxListeners(0);

export interface EditorsConfig {
  url: string;
  docName: string;
  /** [editor index, token] */
  editors: [number, string][];
  /** tokens of the full replicas held here (they do not edit) */
  observers: string[];
  editsPerSecond: number;
  seconds: number;
}

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'done'; edits: number }
  | { type: 'report'; latencies: number[]; converged: boolean; hash: string; marks: number };

interface Observer {
  doc: Y.Doc;
  text: Y.Text;
  provider: WebsocketProvider;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const send = (m: ChildMessage) => process.send!(m);

function observe(cfg: EditorsConfig, token: string): Observer {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(cfg.url.replace(/^http/, 'ws') + '/collab', cfg.docName, doc, {
    WebSocketPolyfill: WebSocket as any,
    params: { user_token: token },
    disableBc: true,
  });
  return { doc, text: doc.getText('content'), provider };
}

function synced(o: Observer): Promise<void> {
  if (o.provider.synced) return Promise.resolve();
  return new Promise((resolve) => o.provider.on('sync', (s: boolean) => s && resolve()));
}

async function run(cfg: EditorsConfig): Promise<void> {
  const latencies: number[] = [];
  const docUrl = `${cfg.url.replace(/^http/, 'ws')}/collab/${cfg.docName}`;
  const editors = cfg.editors.map(([id, token]) => new ThinEditor(docUrl, id, token, (ms) => latencies.push(ms)));
  const observers = cfg.observers.map((token) => observe(cfg, token));
  await Promise.all(editors.map((e) => e.start()));
  await Promise.all(observers.map(synced));
  while (!editors.every((e) => e.synced)) await sleep(20);
  send({ type: 'ready' });
  const start = await new Promise<number>((r) => process.once('message', (m: any) => r(m.at)));
  await sleep(Math.max(0, start - Date.now()));
  let edits = 0;
  const period = 1000 / cfg.editsPerSecond;
  const timers: NodeJS.Timeout[] = [];
  editors.forEach((e, i) => {
    // spread the editors over the period so the load is even
    timers.push(
      setTimeout(() => {
        timers.push(
          setInterval(() => {
            e.edit();
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
    text = observers[0]?.text.toString() ?? '';
    if ((text.match(MARK)?.length ?? 0) === total && observers.every((o) => o.text.toString() === text)) {
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
  for (const e of editors) e.close();
  for (const o of observers) {
    o.provider.destroy();
    o.doc.destroy();
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

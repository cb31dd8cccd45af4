// A bench editor as the server sees a browser: one y-websocket connection that sends its own edits
// and receives everyone else's. It keeps only its own edits in a local Y.Doc and reads the edit
// markers straight out of the received updates instead of applying them — fifty full replicas on
// the bench's own two cores would measure the load generator, not the server's fan-out. Full
// replicas (observers.ts) check that every edit arrives and that they converge.
import * as Y from 'yjs';
import WebSocket from 'ws';
import * as encoding from 'lib0/encoding';
import * as decoding from 'lib0/decoding';

const MESSAGE_SYNC = 0;
const SYNC_STEP1 = 0;
const SYNC_STEP2 = 1;
const SYNC_UPDATE = 2;

// Each edit carries its author and send time: ⟦author:seq:ms⟧
export const MARK = /⟦(\d+):(\d+):(\d+)⟧/g;

export class ThinEditor {
  readonly doc = new Y.Doc();
  readonly text = this.doc.getText('content');
  private readonly ws: WebSocket;
  private readonly opened: Promise<void>;
  private seq = 0;
  synced = false;

  constructor(
    url: string,
    readonly id: number,
    token: string,
    private readonly onLatency: (ms: number) => void,
  ) {
    this.ws = new WebSocket(`${url}?user_token=${encodeURIComponent(token)}`);
    this.ws.binaryType = 'nodebuffer';
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data: Buffer) => this.receive(data));
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'remote') return;
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, MESSAGE_SYNC);
      encoding.writeVarUint(e, SYNC_UPDATE);
      encoding.writeVarUint8Array(e, update);
      this.ws.send(encoding.toUint8Array(e));
    });
  }

  async start(): Promise<void> {
    await this.opened;
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MESSAGE_SYNC);
    encoding.writeVarUint(e, SYNC_STEP1);
    encoding.writeVarUint8Array(e, Y.encodeStateVector(this.doc));
    this.ws.send(encoding.toUint8Array(e));
  }

  edit(): void {
    // at either end, so concurrent edits never split one another's markers
    this.text.insert(Math.random() < 0.5 ? 0 : this.text.length, `⟦${this.id}:${this.seq++}:${Date.now()}⟧`);
  }

  private receive(data: Buffer): void {
    const seen = Date.now();
    const d = decoding.createDecoder(new Uint8Array(data));
    if (decoding.readVarUint(d) !== MESSAGE_SYNC) return; // awareness: not measured
    const kind = decoding.readVarUint(d);
    const payload = decoding.readVarUint8Array(d);
    if (kind === SYNC_STEP1) {
      // the server asks for what we have that it lacks
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, MESSAGE_SYNC);
      encoding.writeVarUint(e, SYNC_STEP2);
      encoding.writeVarUint8Array(e, Y.encodeStateAsUpdate(this.doc, payload));
      this.ws.send(encoding.toUint8Array(e));
      return;
    }
    if (kind === SYNC_STEP2) {
      this.synced = true; // the document as it was when we joined: no edit of the run yet
      return;
    }
    // strings travel as UTF-8 inside the update: the markers can be read without decoding it
    for (const m of Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8').matchAll(MARK)) {
      if (Number(m[1]) !== this.id) this.onLatency(seen - Number(m[3]));
    }
  }

  close(): void {
    this.ws.close();
    this.doc.destroy();
  }
}

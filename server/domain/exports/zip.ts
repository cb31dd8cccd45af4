// Export archives written as a stream: entries are files in the export's scratch folder or
// stored files, each opened only when the zip reaches it (a thousand attachments never hold a
// thousand open files or object-storage requests), so the archive never sits in memory.
import fs from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import JSZip from 'jszip';

/** A stream that opens its source on the first read. A source that is gone gives an empty entry. */
export function lazyStream(open: () => Promise<Readable | null>): Readable {
  let source: Readable | null = null;
  let opening = false;
  const out = new Readable({
    read() {
      if (source) {
        source.resume();
        return;
      }
      if (opening) return;
      opening = true;
      open().then(
        (s) => {
          if (!s) {
            out.push(null);
            return;
          }
          source = s;
          s.on('data', (chunk: Buffer) => {
            if (!out.push(chunk)) s.pause();
          });
          s.on('end', () => out.push(null));
          s.on('error', (e) => out.destroy(e));
        },
        (e: Error) => out.destroy(e),
      );
    },
    destroy(err, cb) {
      source?.destroy();
      cb(err);
    },
  });
  return out;
}

export class ZipWriter {
  private readonly zip = new JSZip();

  addText(name: string, text: string): void {
    this.zip.file(name, text);
  }

  /** a file on disk (the export's scratch folder), read when the zip reaches it */
  addFile(name: string, path: string): void {
    this.zip.file(name, lazyStream(async () => fs.createReadStream(path)));
  }

  /** a part of a scratch file (see ScratchFile), read when the zip reaches it */
  addPart(name: string, part: FilePart): void {
    if (!part.length) this.zip.file(name, '');
    else this.zip.file(name, lazyStream(async () => fs.createReadStream(part.path, { start: part.start, end: part.start + part.length - 1 })));
  }

  /** bytes from elsewhere (storage), opened when the zip reaches them; already compressed formats are stored */
  addStream(name: string, open: () => Promise<Readable | null>, compress = true): void {
    this.zip.file(name, lazyStream(open), { compression: compress ? 'DEFLATE' : 'STORE' });
  }

  async writeTo(outPath: string): Promise<void> {
    await pipeline(this.zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } }), fs.createWriteStream(outPath));
  }
}

/** Formats that gain nothing from deflate. */
export function isCompressed(fileType: string, name: string): boolean {
  return /^(image\/(png|jpe?g|gif|webp)|video\/|audio\/|application\/(zip|gzip|x-7z|x-rar|pdf))/i.test(fileType) || /\.(zip|gz|7z|rar|png|jpe?g|gif|webp|mp4|mp3|docx|xlsx|pptx)$/i.test(name);
}

export interface FilePart {
  path: string;
  start: number;
  length: number;
}

/**
 * One scratch file many entries are appended to (a thousand pages are one file on disk, not a
 * thousand): each append says where its text lies, for ZipWriter.addPart.
 */
export class ScratchFile {
  private readonly out: fs.WriteStream;
  private size = 0;

  constructor(readonly path: string) {
    this.out = scratchStream(path);
  }

  async append(text: string): Promise<FilePart> {
    const bytes = Buffer.from(text);
    const part = { path: this.path, start: this.size, length: bytes.length };
    this.size += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
    return part;
  }

  close(): Promise<void> {
    return endStream(this.out);
  }

  /** after a failure: stop writing and let go of the file */
  discard(): Promise<void> {
    return discardStream(this.out);
  }
}

/**
 * A write stream for a scratch file. Its errors are read where it ends (endStream) rather than
 * thrown from the event: a write still in flight when a cancelled export destroys the stream fails
 * with ERR_STREAM_DESTROYED (Node 24 reports it), which must not end the process.
 */
export function scratchStream(path: string): fs.WriteStream {
  const out = fs.createWriteStream(path, { highWaterMark: 1 << 20 });
  out.on('error', () => {});
  return out;
}

/** Ends a scratch stream and waits until its file is closed; a write that failed (disk full) fails here. */
export async function endStream(out: fs.WriteStream): Promise<void> {
  if (!out.closed) {
    const closed = once(out, 'close');
    out.end();
    await closed;
  }
  if (out.errored) throw out.errored;
}

/** Stops a scratch file's stream (after a failure) and waits until its file is closed. */
export async function discardStream(out: fs.WriteStream): Promise<void> {
  out.on('error', () => {});
  if (out.closed) return;
  const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
  out.destroy();
  await closed;
}
